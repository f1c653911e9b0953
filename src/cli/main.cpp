// attnverify command line (docs/design.md §4a).
//   attnverify run [SPEC_OR_DIR ...] [--out DIR] [--digits P] [--seed S] [--no-pdf] [--shard i/N]
//   attnverify merge SHARD_DIR ... [--out DIR] [--no-pdf]
//   attnverify derive SPEC [--format text|latex|sympy|mathematica]
//   attnverify --help | --version
// Exit codes: 0 every verdict as expected; 1 an unexpected verdict (or a conflict between
// a proof and a counterexample); 2 bad input (spec or arguments); 3 the outputs could not
// be written or typeset (the output folder is checked, and locked, before the work);
// 70 an internal error (a defect); 130 stopped by Ctrl-C (SIGINT) or SIGTERM: the run
// stops at its next progress step (or ends latexmk), writes nothing, and the previous
// outputs stay as they were (a second Ctrl-C kills at once). results.json, report.tex
// and report.pdf are replaced as one set (src/run/output_folder.hpp).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include <unistd.h>

#include "numerics/score_cache.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/kinds/registry.hpp"
#include "proofs/cases_form.hpp"
#include "proofs/export_syntax.hpp"
#include "proofs/parameter_ranges.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/printing.hpp"
#include "src/spec/spec_text.hpp"
#include "src/run/fixed_address_layout.hpp"
#include "src/run/output_folder.hpp"
#include "src/report/pdf_build.hpp"
#include "src/run/pipeline.hpp"
#include "src/run/shard.hpp"
#include "src/run/thread_count.hpp"
#include "src/report/report_latex.hpp"
#include "src/verdicts/planted_error.hpp"
#include "src/report/results_json.hpp"
#include "src/report/checks_csv.hpp"
#include "src/report/timings_json.hpp"
#include "src/spec/spec.hpp"
#include "src/spec/spec_error.hpp"
#include "src/report/terminal_summary.hpp"
#include "src/version.hpp"

namespace {

constexpr int kExitUnexpected = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitOutputFailed = 3;
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, the shell's convention
constexpr int kExitInternal = 70;      // EX_SOFTWARE (sysexits.h): a defect of attnverify

volatile std::sig_atomic_t g_stop_signal = 0;

// While the checks compute, nothing in --out has been touched (the outputs are replaced
// as one set afterwards), so a stop signal ends the process at once, from inside a long
// GiNaC expansion or a sampling block alike: the handler writes the prepared message and
// calls _exit (both async-signal-safe). Once the outputs are being written the handler
// only records the signal, and the writing steps stop at their next safe point.
volatile std::sig_atomic_t g_computing = 0;
char g_stop_message[4096];
std::size_t g_stop_message_length = 0;

extern "C" void on_stop_signal(int signal_number) {
  if (g_computing) {
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, g_stop_message, g_stop_message_length);
    ::_exit(kExitInterrupted);
  }
  g_stop_signal = signal_number;
  std::signal(signal_number, SIG_DFL);  // a second Ctrl-C ends the process at once
}

std::string stop_message(const std::string& out_dir) {
  return "\ninterrupted: stopped before writing anything new; the previous results.json, report.tex and report.pdf "
         "in " +
         out_dir + " (if any) are as they were\n";
}

/// Stop signals end the process at once from here until the object is destroyed.
class ImmediateStop {
 public:
  explicit ImmediateStop(const std::string& out_dir) {
    const std::string message = stop_message(attnverify::terminal_safe(out_dir));
    g_stop_message_length = std::min(message.size(), sizeof g_stop_message);
    std::memcpy(g_stop_message, message.data(), g_stop_message_length);
    g_computing = 1;
    if (g_stop_signal != 0) on_stop_signal(g_stop_signal);  // a signal that came just before
  }
  ~ImmediateStop() { g_computing = 0; }
  ImmediateStop(const ImmediateStop&) = delete;
  ImmediateStop& operator=(const ImmediateStop&) = delete;
};

/// Thrown from the progress callback once a stop signal arrived.
struct Interrupted {};

/// The most threads --threads accepts (a larger team only costs memory and start-up).
constexpr unsigned kMaxThreads = 1024;

/// An argument as a POSIX shell reads it back: bare when it has only safe characters,
/// else in single quotes (a quote inside written '\'').
std::string shell_quoted(const std::string& argument) {
  const bool safe =
      !argument.empty() &&
      argument.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:,+-@%") ==
          std::string::npos;
  if (safe) return argument;
  std::string out = "'";
  for (const char c : argument) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::vector<attnverify::Spec> load_all(const std::vector<std::string>& paths, const std::string& bibliography_path,
                                       attnverify::Bibliography& bibliography) {
  const auto files = attnverify::collect_spec_files(paths);
  const std::string bibliography_file = attnverify::find_bibliography(files, bibliography_path);
  bibliography =
      bibliography_file.empty() ? attnverify::Bibliography{} : attnverify::load_bibliography(bibliography_file);
  // every spec file is read, and the errors of all of them are reported at once
  attnverify::SpecErrorList errors;
  std::vector<attnverify::Spec> specs;
  std::vector<std::size_t> file_of;  // specs[k] was read from files[file_of[k]]
  for (std::size_t f = 0; f < files.size(); ++f) errors.attempt([&] {
    // a sweep's file gives its members, in the sweep's order (docs/spec-format.md, "Sweeps")
    for (auto& spec : attnverify::load_specs(files[f], bibliography)) {
      specs.push_back(std::move(spec));
      file_of.push_back(f);
    }
  });
  for (std::size_t a = 0; a < specs.size(); ++a)
    for (std::size_t b = 0; b < a; ++b) {
      std::error_code ec;
      if (file_of[a] == file_of[b]) {
        continue;  // members of one sweep
      } else if (std::filesystem::equivalent(specs[a].file, specs[b].file, ec)) {
        if ((!specs[a].sweep || specs[a].sweep->index == 0) && (!specs[b].sweep || specs[b].sweep->index == 0))
          errors.add(attnverify::SpecError(specs[a].file, 0, "",
                                           "this spec file is given twice (also as " + specs[b].file + ")"));
      } else if (specs[a].name == specs[b].name)
        errors.add(attnverify::SpecError(specs[a].file, specs[a].name_line, "variant.name",
                                         "variant name '" + specs[a].name + "' is also used by " + specs[b].file +
                                             ":" + std::to_string(specs[b].name_line)));
    }
  errors.throw_if_any();
  return specs;
}

// A comment's text on one line, without what would end the comment early.
std::string comment_text(std::string text, const std::string& format) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  if (format == "mathematica")
    for (std::size_t k = text.find("*)"); k != std::string::npos; k = text.find("*)", k)) text.replace(k, 2, "* )");
  return attnverify::terminal_safe(text);
}

// `derive --format F`: the derived forms as text and LaTeX (text), as LaTeX alone (latex), or as
// a SymPy or Mathematica program that defines them (proofs/export_syntax.hpp), each form under
// its variant's name and label; a form that cannot be exported is a comment saying why.
int derive(const std::string& path, const std::string& bibliography_path, const std::string& format) {
  // derive cites nothing: without --bibliography every source key is accepted, so a spec whose
  // bibliography is elsewhere (or not written yet) still derives
  attnverify::Bibliography bibliography;
  const auto specs = [&] {
    std::vector<attnverify::Spec> loaded;
    if (!bibliography_path.empty()) {
      loaded = load_all({path}, bibliography_path, bibliography);
    } else {
      bibliography[attnverify::kAnySource] = attnverify::Reference{};
      for (const auto& file : attnverify::collect_spec_files({path}))
        for (auto& spec : attnverify::load_specs(file, bibliography)) loaded.push_back(std::move(spec));
    }
    // a file with symbolic parameters: its forms in them first, then its members'
    std::vector<attnverify::Spec> shown;
    for (auto& spec : loaded) {
      if (spec.parametric && spec.sweep && spec.sweep->index == 0) shown.push_back(*spec.parametric);
      shown.push_back(std::move(spec));
    }
    return shown;
  }();
  const bool text = format == "text", latex = format == "latex", sympy = format == "sympy";
  const std::string comment = latex ? "% " : sympy ? "# " : "(* ", end = format == "mathematica" ? " *)" : "";
  const auto syntax = sympy ? attnverify::sym::ExportSyntax::SymPy : attnverify::sym::ExportSyntax::Mathematica;
  std::vector<attnverify::DerivationSummary> derived;
  for (const auto& spec : specs) derived.push_back(spec.kind->derive(spec));
  if (!text && !latex) {
    std::cout << comment << "attnverify " << attnverify::kVersion << " derive --format " << format
              << ": closed forms derived from each spec's definition, exact" << end << "\n";
    // the symbols of every form, declared once (SymPy: real, so that Abs and Max simplify)
    std::set<std::string> names;
    for (const auto& d : derived)
      for (const auto& [label, e] : d.forms)
        for (GiNaC::const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
          if (GiNaC::is_a<GiNaC::symbol>(*it)) names.insert(GiNaC::ex_to<GiNaC::symbol>(*it).get_name());
    if (sympy) {
      // the library's functions, then each registered primitive's SymPy name (proofs/primitive_function.hpp)
      std::cout << "from sympy import Symbol, Rational, pi, exp, log, sqrt, erf, erfc, Abs, Max, Heaviside, tanh, sinh, "
                   "cosh";
      for (const std::string& name : attnverify::sym::primitive_names())
        std::cout << ", " << attnverify::sym::find_primitive(name)->sympy;
      std::cout << "\n";
      for (const std::string& name : names)
        std::cout << attnverify::sym::symbol_in(name, syntax) << " = Symbol('" << name << "', real=True)\n";
      std::cout << "forms = {}\n";
    } else {
      std::cout << "forms = <||>;\n";
    }
  }
  for (std::size_t k = 0; k < specs.size(); ++k) {
    const auto& spec = specs[k];
    const attnverify::DerivationSummary& d = derived[k];
    std::string heading = spec.name + " (" + spec.kind->name() + ")" +
                          (spec.definition_text.empty() ? "" : ": " + spec.definition_text);
    if (!spec.symbolic.empty()) {
      const attnverify::sym::ScopedParameterRanges parameters(spec.symbolic);
      heading += ", for every " + attnverify::sym::parameter_ranges_text();
    }
    if (text) std::cout << heading << "\n";
    else std::cout << comment << comment_text(heading, format) << end << "\n";
    if (!d.derived) {
      const std::string why = (d.applies ? "no-closed-form: " : "nothing to derive: ") + d.reason;
      if (text) std::cout << "  " << attnverify::terminal_safe(why) << "\n";
      else std::cout << comment << comment_text(why, format) << end << "\n";
      continue;
    }
    for (const auto& [label, e] : d.forms) {
      if (text) {
        std::cout << "  " << label << " = " << attnverify::sym::to_text(e) << "\n";
        std::cout << "    LaTeX: " << attnverify::sym::to_latex(e) << "\n";
        // a form with a kink, also as its cases (proofs/cases_form.hpp)
        if (const auto cases = attnverify::sym::kink_cases(e)) {
          std::cout << "    cases: " << attnverify::sym::cases_text(*cases) << "\n";
          std::cout << "    cases LaTeX: " << attnverify::sym::cases_latex(*cases) << "\n";
        }
      } else if (latex) {
        std::cout << comment << comment_text(label, format) << "\n" << attnverify::sym::to_latex(e) << "\n";
      } else {
        const std::string key = "\"" + spec.name + "\", \"" + label + "\"";
        try {
          const std::string value = attnverify::sym::to_syntax(e, syntax);
          std::cout << (sympy ? "forms[" + key + "] = " + value : "forms[{" + key + "}] = " + value + ";") << "\n";
        } catch (const std::invalid_argument& err) {
          std::cout << comment << comment_text(label + " cannot be exported: " + err.what(), format) << end << "\n";
        }
      }
    }
    const attnverify::sym::DerivationCertificate& c = d.certificate;
    const std::string certificate =
        "certificate (" + c.method + "): " + (c.verified ? std::string("verified") : "not verified: " + c.reason);
    if (text) {
      std::cout << "  " << attnverify::terminal_safe(certificate) << "\n";
      for (const std::string& step : c.steps) std::cout << "    " << step << "\n";
    } else {
      std::cout << comment << comment_text(certificate, format) << end << "\n";
    }
  }
  return 0;
}

// `run --shard i/N`: the shard's variants, written to OUT/shard.json for `attnverify merge`
int run_shard(const attnverify::Shard& shard, const std::vector<attnverify::Spec>& specs,
              const attnverify::Bibliography& bibliography, const attnverify::RunOptions& options,
              const attnverify::Progress& progress, const std::string& out_dir) {
  std::vector<std::string> names, files;
  for (const auto& spec : specs) {
    names.push_back(spec.name);
    files.push_back(spec.file);
  }
  progress(fmt::format("shard {}/{}: {} of {} variants", shard.index, shard.count,
                       attnverify::select_shard(specs, shard).size(), specs.size()));
  attnverify::OutputFolder out(out_dir);  // OutputError: exit 3 before any work
  const auto start = std::chrono::steady_clock::now();
  const attnverify::RunResult result = [&] {
    const ImmediateStop stop(out_dir);
    attnverify::RunResult checked = attnverify::run_shard_checks(specs, shard, bibliography, options, progress);
    checked.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return checked;
  }();
  try {
    const std::string path = (std::filesystem::path(out_dir) / "shard.json").string();
    if (g_stop_signal != 0) throw Interrupted{};
    out.replace({{"shard.json", attnverify::shard_json(result, shard, names, files)}}, std::nullopt);
    std::size_t checks = 0;
    for (const auto& v : result.variants) checks += v.records.size();
    for (const auto& part : result.grid_parts) checks += part.records.size();
    std::cout << fmt::format(
        "shard {}/{}: {} variants, {} checks; wrote {} (verdicts are final after `attnverify merge`)\n", shard.index,
        shard.count, result.variants.size(), checks, path);
  } catch (const std::exception& err) {
    std::cerr << "error: cannot write the outputs: " << attnverify::terminal_safe(err.what()) << "\n";
    return kExitOutputFailed;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // before anything touches GiNaC: the same command must give the same output (see the header)
  const bool fixed_layout = attnverify::ensure_fixed_address_layout(argv);
  CLI::App app{
      "attnverify: checks closed forms about attention by derivation (GiNaC), high-precision "
      "quadrature or exact summation (MPFR), and comparison with published claims."};
  app.set_version_flag("--version", std::string("attnverify ") + attnverify::kVersion);
  app.require_subcommand(1);

  std::string command;  // recorded in every output, quoted so that it can be copied and re-run
  for (int k = 0; k < argc; ++k)
    command += (k ? " " : "") + (k == 0 ? std::string("attnverify") : shell_quoted(argv[k]));

  auto* run = app.add_subcommand(
      "run", "Run every check of the given specs and write results.json, report.tex and report.pdf.");
  std::vector<std::string> paths{"specs"};
  std::string out_dir = "reports/out";
  std::string bibliography_path;
  unsigned digits = 50;
  std::string seed_text;
  unsigned threads = 0;
  bool no_pdf = false, quiet = false;
  run->add_option("specs", paths, "Spec files or directories (default: specs/)");
  // an empty --out is bad input (exit 2), not a folder that cannot be created (exit 3)
  const CLI::Validator non_empty(
      [](std::string& text) { return text.empty() ? std::string("the output folder must not be empty") : std::string(); },
      "DIR");
  run->add_option("--out", out_dir, "Output directory (default: reports/out)")->check(non_empty);
  // CLI11 reads 010 as octal and 0x10 as hexadecimal: a count is written in decimal digits
  const CLI::Validator decimal(
      [](std::string& text) {
        const bool digits = !text.empty() && text.size() <= 20 && text.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || (text.size() > 1 && text[0] == '0'))
          return "'" + text.substr(0, 40) + "' is not a number in decimal digits without a leading 0";
        try {
          (void)std::stoull(text);
        } catch (const std::out_of_range&) {
          return "'" + text + "' is too large (at most 18446744073709551615)";
        }
        return std::string();
      },
      "N");
  run->add_option("--digits", digits, "Working precision in decimal digits: 30, 50 or 100 (default 50)")
      ->check(decimal)
      ->check(CLI::IsMember({30u, 50u, 100u}));
  auto* seed_option =
      run->add_option("--seed", seed_text,
                      "Seed of the sampled checks, 0 to 18446744073709551615; overrides the specs' seeds (default: "
                      "each spec's [sampling] seed, else 20231201)")
          ->check(CLI::Validator(
              [](std::string& text) -> std::string {
                // digits only: CLI11 would wrap -1 and saturate 2^64 into a valid-looking seed
                if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
                  return "the seed must be an integer from 0 to 18446744073709551615";
                try {
                  (void)std::stoull(text);
                } catch (const std::out_of_range&) {
                  return "the seed must be an integer from 0 to 18446744073709551615";
                }
                return "";
              },
              "SEED"));
  run->add_option("--threads", threads,
                  "Threads for the quadrature grid and sampling, 1 to " + std::to_string(kMaxThreads) +
                      " (default: all cores); the results do not depend on it")
      ->check(decimal)
      ->check(CLI::Range(1u, kMaxThreads));
  run->add_option("--bibliography", bibliography_path,
                  "Bibliography file (default: bibliography.toml beside the specs)");
  run->add_flag("--no-pdf", no_pdf, "Write report.tex but do not compile it");
  std::size_t grid_limit = attnverify::kMaxGridPoints;
  run->add_option("--max-grid-points", grid_limit, "Refuse grids larger than this (default 100000)")
      ->check(decimal)
      ->check(CLI::Range(std::size_t{1}, std::numeric_limits<std::size_t>::max()));
  run->add_flag("--quiet", quiet, "No progress messages");
  // test-only (src/verdicts/planted_error.hpp): hidden from --help, recorded in the command line
  std::string planted_error;
  run->add_option("--plant-error", planted_error)
      ->check(CLI::Validator([](std::string& text) { return attnverify::planted_error_problem(text); }, "EPS"))
      ->group("");
  std::string shard_text;
  run->add_option(
      "--shard", shard_text,
      "Run shard i of N (i/N): every N-th variant, starting with the i-th; writes only shard.json to --out, "
      "for `attnverify merge`");

  auto* merge_cmd = app.add_subcommand(
      "merge",
      "Combine the shard.json of `run --shard i/N` runs (all N) into results.json, report.tex and report.pdf, as "
      "one unsharded run would write them.");
  std::vector<std::string> shard_dirs;
  merge_cmd->add_option("shards", shard_dirs, "Output directories of the shards")->required();
  merge_cmd->add_option("--out", out_dir, "Output directory (default: reports/out)")->check(non_empty);
  merge_cmd->add_flag("--no-pdf", no_pdf, "Write report.tex but do not compile it");
  merge_cmd->add_flag("--quiet", quiet, "No progress messages");
  merge_cmd->add_option("--max-grid-points", grid_limit, "The limit the shards ran with (default 100000)")
      ->check(decimal)
      ->check(CLI::Range(std::size_t{1}, std::numeric_limits<std::size_t>::max()));

  auto* derive_cmd = app.add_subcommand(
      "derive", "Print the derived closed forms of a spec (plain text and LaTeX), or export them (--format).");
  std::string derive_path, derive_format = "text";
  derive_cmd->add_option("spec", derive_path, "Spec file or folder")->required();
  derive_cmd->add_option("--format", derive_format,
                         "text (default: text and LaTeX), latex (LaTeX alone), sympy (a Python program defining "
                         "forms[variant, label] with SymPy) or mathematica (a Wolfram Language program defining "
                         "forms[{variant, label}])")
      ->check(CLI::IsMember({"text", "latex", "sympy", "mathematica"}));
  derive_cmd->add_option("--bibliography", bibliography_path,
                         "Bibliography file to check the spec's source keys against (default: none; derive cites "
                         "nothing, so any source key is accepted)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& err) {
    const int code = app.exit(err);
    return code == 0 ? 0 : kExitBadInput;
  }

  try {
    if (derive_cmd->parsed()) return derive(derive_path, bibliography_path, derive_format);

    if (!fixed_layout)
      std::cerr
          << "warning: address-space randomisation could not be turned off; the results are right, but the order of "
             "terms in closed forms (and the last digits of some values) may differ between runs\n";
    const auto start = std::chrono::steady_clock::now();
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    const attnverify::Progress progress = [&](const std::string& message) {
      if (g_stop_signal != 0) throw Interrupted{};
      if (quiet) return;
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << fmt::format("[{:6.1f}s] {}\n", seconds, attnverify::terminal_safe(message));
    };
    attnverify::RunResult result;
    std::unique_ptr<attnverify::OutputFolder> out;
    if (merge_cmd->parsed()) {
      out = std::make_unique<attnverify::OutputFolder>(out_dir);
      const ImmediateStop stop(out_dir);
      attnverify::set_max_grid_points(grid_limit);  // the merge reloads the specs
      result = attnverify::merge_shards(shard_dirs, command);
    } else {
      attnverify::set_max_grid_points(grid_limit);
      attnverify::Bibliography bibliography;
      const auto specs = [&] {
        const ImmediateStop stop(out_dir);
        return load_all(paths, bibliography_path, bibliography);
      }();
      attnverify::RunOptions options;
      options.digits = digits;
      if (seed_option->count() > 0) options.seed_override = std::stoull(seed_text);
      const attnverify::ThreadCount usable = attnverify::usable_threads(threads);
      if (!usable.warning.empty()) std::cerr << "warning: " << usable.warning << "\n";
      options.threads = usable.threads;
      options.command = command;
      options.planted_error = planted_error;
      options.score_cache = std::make_shared<attnverify::num::ScoreCache>();
      if (!shard_text.empty() && !planted_error.empty()) {
        std::cerr << "error: --plant-error is a test of one unsharded run; it cannot be combined with --shard\n";
        return kExitBadInput;
      }
      if (!shard_text.empty())
        return run_shard(attnverify::parse_shard(shard_text), specs, bibliography, options, progress, out_dir);
      out = std::make_unique<attnverify::OutputFolder>(out_dir);  // taken, and checked writable, before the work
      const ImmediateStop stop(out_dir);
      result = attnverify::run_suite(specs, bibliography, options, progress);
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    if (g_stop_signal != 0) throw Interrupted{};

    const std::string json = attnverify::results_json(result);
    const std::string tex = attnverify::report_latex(result);
    const std::filesystem::path dir(out_dir);
    std::optional<std::string> pdf;
    std::string pdf_failure;
    double latex_seconds = 0;
    if (!no_pdf) {
      progress("compiling report.pdf with latexmk");
      const auto t0 = std::chrono::steady_clock::now();
      const attnverify::PdfBuild build = attnverify::build_pdf(tex, out_dir, [] { return g_stop_signal != 0; });
      latex_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (build.stopped || g_stop_signal != 0) throw Interrupted{};
      if (build.ok)
        pdf = build.pdf;
      else
        pdf_failure = build.failure;
    }
    out->replace({{"results.json", json},
                  {"checks.csv", attnverify::checks_csv(result)},
                  {"timings.json", attnverify::timings_json(result)},
                  {"report.tex", tex}},
                 pdf);
    std::cout << attnverify::terminal_safe(attnverify::terminal_summary(result));
    std::cout << attnverify::terminal_safe(attnverify::timings_line(result));
    std::cout << "wrote " << (dir / "results.json").string() << ", checks.csv, timings.json and "
              << (dir / "report.tex").string() << "\n";
    if (pdf) {
      std::cout << fmt::format("wrote {} (latexmk {:.1f} s)\n", (dir / "report.pdf").string(), latex_seconds);
    } else if (!pdf_failure.empty()) {
      std::cerr
          << "error: report.pdf could not be typeset (results.json and report.tex are new; an older report.pdf was "
             "removed, as it belongs to another run): "
          << pdf_failure;
      return kExitOutputFailed;
    }
    return result.unexpected_count() == 0 ? 0 : kExitUnexpected;
  } catch (const attnverify::OutputError& err) {
    std::cerr << "error: " << attnverify::terminal_safe(err.what()) << "\n";
    return kExitOutputFailed;
  } catch (const attnverify::SpecError& err) {
    std::cerr << "error: " << attnverify::terminal_safe(err.what()) << "\n";
    return kExitBadInput;
  } catch (const attnverify::ShardError& err) {
    std::cerr << "error: " << attnverify::terminal_safe(err.what()) << "\n";
    return kExitBadInput;
  } catch (const Interrupted&) {
    std::cerr << stop_message(attnverify::terminal_safe(out_dir));
    return kExitInterrupted;
  } catch (const std::exception& err) {  // a defect: say so, and exit with a code of its own
    std::cerr << "internal error (a defect of attnverify; please report it with the command): "
              << attnverify::terminal_safe(err.what()) << "\n";
    return kExitInternal;
  }
}
