// Inputs that libFuzzer once found (fuzz/regressions/, see scripts/fuzz.sh), replayed
// in every build: each must be rejected or accepted cleanly, with only
// ExpressionError / SpecError, and quickly (the test has a time limit).
//   expression/huge-power-tower: 5555...**5555...^55, a power tower that made GiNaC
//   compute a number of astronomically many digits (a hang); now refused by the
//   reader's size limit on powers.
//   expression/overflowing-breakpoint: a piecewise breakpoint 666...^(558...^0.866...),
//   whose evaluation overflowed CLN's floats and escaped as an uncaught
//   cln::floating_point_overflow_exception (found by a 10-minute run of scripts/fuzz.sh);
//   now an ExpressionError naming the breakpoint.
//   expression/huge-power-with-irrational-exponent-{1,2}: constant powers such as
//   666...^(105600.87^5.8) whose exponent is irrational, so the size check on numeric
//   exponents let them through and CLN tried to allocate petabytes (ASan:
//   allocation-size-too-big; found by the CI fuzzing run and the 10-minute run); the
//   check now sizes every constant power from double approximations, and exp of a
//   constant above 23000.
//   expression/power-of-scaled-expression-{1,2}: (x/2)^600.552 and larger non-integer
//   powers of expressions, which GiNaC distributes into exact rational powers of the
//   coefficient (minutes of GMP squaring; found by CI's fuzzing run and the 10-minute
//   run); every numeric power of an expression is now limited to 64, not only integers.
//   expression/exact-rational-exponent-{1,2}: (x/13)^(0.86552^66666), whose exponent is
//   small (~1e-4180) but an exact fraction of 540 000 digits; GiNaC spent 10 s per
//   input on exact roots of 1/13 (found by the 10-minute runs); every exact number a
//   power makes is now limited to 10000 digits in numerator plus denominator.
//   expression/huge-exponent-of-exact-decimal: 2e-600^5582988666666666629, whose base
//   is 0 as a double, so the size check took it for 0^p and GMP computed the power for
//   minutes (CI's fuzzing run); the size now comes from log10 of the base in CLN floats.
//   claim/slow-conditions-at-search-points-{1,2,3}: mutations of softmax's S with an erf and
//   exp atom in each radicand, whose conditions the counterexample search substituted
//   exactly (GiNaC's normal form) at every search point: 2-4 s per input under ASan and a
//   libFuzzer timeout (> 10 s) in CI's run of 2026-11-29; a condition's compiled ball now
//   decides first (src/verdicts/claim_check.cpp, condition_at), ~0.7 s under ASan.
//   claim/astronomical-exponent-printed: exp(-10^9999 gamma^-60), whose value at a search point
//   has a decimal exponent of thousands of digits; printing its ball read that decimal back
//   with arb_set_str, which squares 10 once per bit of the exponent (7 s under ASan); such a
//   decimal is now read as exp(E log 10) (numerics/ball.cpp, set_decimal).
#define BOOST_TEST_MODULE fuzz_regression
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/kinds/registry.hpp"
#include "src/run/shard.hpp"
#include "src/spec/bibliography.hpp"
#include "src/spec/spec.hpp"
#include "src/spec/spec_error.hpp"
#include "src/verdicts/claim_check.hpp"

namespace fs = std::filesystem;
using namespace attnverify;

namespace {
std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

// Several of the inputs were hangs: each is now answered in milliseconds (under ASan
// too), so one that takes more than kHangSeconds has regressed into a hang. This is
// hang detection with a 100-fold margin, not a speed requirement.
constexpr double kHangSeconds = 5;

BOOST_AUTO_TEST_CASE(expression_regressions_are_handled, *boost::unit_test::timeout(60)) {
  std::size_t count = 0;
  for (const auto& entry :
       fs::directory_iterator(std::string(ATTNVERIFY_SOURCE_DIR) + "/fuzz/regressions/expression")) {
    ++count;
    BOOST_TEST_CONTEXT(entry.path().filename().string()) {
      const auto start = std::chrono::steady_clock::now();
      try {
        (void)sym::parse_expression(read(entry.path()), {"x"});
      } catch (const sym::ExpressionError& err) {
        BOOST_TEST_MESSAGE("rejected: " << err.what());
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      BOOST_TEST(seconds < kHangSeconds);
    }
  }
  BOOST_TEST(count >= 1u);
}

// Claims the claim fuzzer once found slow (fuzz/claim_fuzzer.cpp: judged against softmax's
// derived S with a small search budget): each gets a verdict or a clean ExpressionError.
BOOST_AUTO_TEST_CASE(claim_regressions_are_judged, *boost::unit_test::timeout(120)) {
  Spec spec;
  spec.name = "fuzz";
  spec.kind = standard_kinds().find("kernel");
  spec.definition = sym::parse_expression("exp(x)", {"x"});
  const sym::KernelDerivation d = sym::derive_kernel(spec.definition);
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(std::string(ATTNVERIFY_SOURCE_DIR) + "/fuzz/regressions/claim")) {
    ++count;
    BOOST_TEST_CONTEXT(entry.path().filename().string()) {
      const auto start = std::chrono::steady_clock::now();
      Claim claim;
      claim.id = "fuzz";
      try {
        const sym::ParsedExpression parsed = sym::read_expression(read(entry.path()), {"beta", "gamma"}, {}, true);
        claim.S = parsed.value;
        claim.conditions = parsed.conditions;
        claim.undefined = parsed.undefined;
        const CheckRecord r = check_claim(spec, claim, {d.S, std::nullopt, {d.mean_square, d.mean_abs}}, 30, {},
                                          kDefaultSeed, num::SearchBudget{20, 1, 10});
        BOOST_TEST(!r.conflict);
        BOOST_TEST_MESSAGE(to_string(r.verdict) << ": " << r.detail.substr(0, 200));
      } catch (const sym::ExpressionError& err) {
        BOOST_TEST_MESSAGE("rejected: " << err.what());
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      BOOST_TEST(seconds < kHangSeconds);
    }
  }
  BOOST_TEST(count >= 4u);
}

// Spec files of the attack round of 2026-11-24 (docs/history.md, issue 27): complex
// constants in a definition (M3, an internal error), a number of 20 000 digits (L3), a
// 20 000-character title (L1) and formulas that passed the old check and stopped TeX (M1).
// Each is refused at load with a SpecError about itself (not about its source, which the
// standard bibliography knows).
BOOST_AUTO_TEST_CASE(spec_regressions_are_refused, *boost::unit_test::timeout(60)) {
  const fs::path dir = std::string(ATTNVERIFY_SOURCE_DIR) + "/fuzz/regressions/spec";
  const Bibliography bibliography = load_bibliography(std::string(ATTNVERIFY_SOURCE_DIR) + "/specs/bibliography.toml");
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    ++count;
    BOOST_TEST_CONTEXT(entry.path().filename().string()) {
      bool refused = false;
      try {
        (void)load_spec(entry.path().string(), bibliography);
      } catch (const SpecError& err) {
        refused = true;
        BOOST_TEST_MESSAGE("refused: " << err.what());
        BOOST_TEST(std::string(err.what()).find("source") == std::string::npos);
      }
      BOOST_TEST(refused);
    }
  }
  BOOST_TEST(count >= 20u);
}

// Shards tampered as in tests/shard_tamper.py, with their digest recomputed, from the
// fuzzer's seed fuzz/shards/exp_small-1-of-1.json (a shard of
// tests/specs/small/exp_small.toml, named relative to the source root, so the merge runs
// there): refused-* must be refused with a ShardError (forged balls, duplicate records, a
// status or a caption formula attnverify does not write), accepted-* merged, their TeX
// in captions and notes being plain text that the report escapes.
BOOST_AUTO_TEST_CASE(shard_regressions_are_handled, *boost::unit_test::timeout(120)) {
  const fs::path dir = std::string(ATTNVERIFY_SOURCE_DIR) + "/fuzz/regressions/shard";
  const fs::path work = fs::temp_directory_path() / "attnverify-shard-regressions";
  fs::create_directories(work);
  const fs::path before = fs::current_path();
  fs::current_path(ATTNVERIFY_SOURCE_DIR);
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    ++count;
    BOOST_TEST_CONTEXT(name) {
      fs::copy_file(entry.path(), work / "shard.json", fs::copy_options::overwrite_existing);
      bool refused = false;
      try {
        (void)merge_shards({work.string()}, "replay");
      } catch (const ShardError& err) {
        refused = true;
        BOOST_TEST_MESSAGE("refused: " << err.what());
      }
      BOOST_TEST(refused == (name.rfind("refused-", 0) == 0));
    }
  }
  fs::current_path(before);
  fs::remove_all(work);
  BOOST_TEST(count >= 6u);
}
