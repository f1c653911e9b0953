#include "src/properties/kink_pieces.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "numerics/ball_expression.hpp"
#include "proofs/piecewise.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

constexpr slong kSignBits = 256;

/// The sign an argument keeps on a closed sub-box: strictly (> 0, < 0), weakly (>= 0, <= 0),
/// or not shown.
enum class Sign { Positive, Nonnegative, Nonpositive, Negative, Unknown };

/// The one parameter u depends on, or -1 (none or several).
int only_parameter(const ex& u, const std::vector<ex>& symbols) {
  int found = -1;
  for (std::size_t j = 0; j < symbols.size(); ++j)
    if (u.has(symbols[j])) {
      if (found >= 0) return -1;
      found = static_cast<int>(j);
    }
  return found;
}

bool has_symbol(const ex& e, const std::vector<ex>& symbols) {
  return std::any_of(symbols.begin(), symbols.end(), [&](const ex& x) { return e.has(x); });
}

/// u = a x + b with a and b constant: {a, b}, else nullopt.
std::optional<std::pair<ex, ex>> linear_in(const ex& u, const ex& x, const std::vector<ex>& symbols) {
  try {
    const ex e = u.expand();
    if (!e.is_polynomial(x) || e.degree(x) != 1) return std::nullopt;
    const ex a = e.coeff(x, 1), b = e.coeff(x, 0);
    if (has_symbol(a, symbols) || has_symbol(b, symbols)) return std::nullopt;
    return std::pair{a, b};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<numeric> rational(const ex& e) {
  if (!GiNaC::is_exactly_a<numeric>(e)) return std::nullopt;
  const numeric& v = GiNaC::ex_to<numeric>(e);
  if (!v.is_rational()) return std::nullopt;
  return v;
}

Sign sign_of_interval(const numeric& lo, const numeric& hi) {  // of the values between lo <= hi
  if (lo.is_positive()) return Sign::Positive;
  if (hi.is_negative()) return Sign::Negative;
  if (lo.is_zero()) return Sign::Nonnegative;
  if (hi.is_zero()) return Sign::Nonpositive;
  return Sign::Unknown;
}

Sign sign_of_ball(const num::Ball& b) {
  if (!b.finite()) return Sign::Unknown;
  if (b.positive()) return Sign::Positive;
  if (b.negative()) return Sign::Negative;
  if (b.nonnegative()) return Sign::Nonnegative;
  if (b.nonpositive()) return Sign::Nonpositive;
  return Sign::Unknown;
}

/// The sign u keeps on the closed box: exactly for a x_j + b with a, b rational, or b = 0 and a
/// a constant (its sign by a ball, which a nonzero constant's never straddles); else by the ball
/// of u over the box.
Sign sign_on(const ex& u, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box) {
  try {
    const int j = only_parameter(u, symbols);
    if (j >= 0)
      if (const auto ab = linear_in(u, symbols[j], symbols)) {
        const num::BoxAxis& axis = box[j];
        const auto a = rational(ab->first), b = rational(ab->second);
        if (a && b) {
          const numeric at_lo = *a * axis.lo + *b, at_hi = *a * axis.hi + *b;
          return sign_of_interval(std::min(at_lo, at_hi), std::max(at_lo, at_hi));
        }
        if (ab->second.is_zero()) {
          const Sign of_a = sign_of_ball(num::BallExpression(ab->first, {})({}, kSignBits));
          const Sign of_x = sign_of_interval(axis.lo, axis.hi);
          if (of_a == Sign::Positive) return of_x;
          if (of_a == Sign::Negative)
            switch (of_x) {
              case Sign::Positive: return Sign::Negative;
              case Sign::Negative: return Sign::Positive;
              case Sign::Nonnegative: return Sign::Nonpositive;
              case Sign::Nonpositive: return Sign::Nonnegative;
              case Sign::Unknown: return Sign::Unknown;
            }
          return Sign::Unknown;
        }
      }
    return sign_of_ball(num::BallExpression(u, symbols).evaluate(num::box_balls(box, kSignBits), kSignBits));
  } catch (const std::exception&) {
    return Sign::Unknown;
  }
}

/// S with each relu/step/abs whose argument keeps a sign on the closed box replaced by its
/// branch, innermost first (a call whose argument still holds a call stays).
ex branches_on_box(const ex& S, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box) {
  return sym::with_branches(S, [&](const ex& call) {
    if (sym::has_switch(call.op(0))) return 0;
    // relu and abs are continuous: their branches agree where u = 0; step(0) = 1/2 is neither
    const bool weak_allowed = !GiNaC::is_the_function<GiNaC::step_SERIAL>(call);
    switch (sign_on(call.op(0), symbols, box)) {
      case Sign::Positive: return 1;
      case Sign::Negative: return -1;
      case Sign::Nonnegative: return weak_allowed ? 1 : 0;
      case Sign::Nonpositive: return weak_allowed ? -1 : 0;
      case Sign::Unknown: return 0;
    }
    return 0;
  });
}

/// Per axis, the roots strictly inside its range of the arguments a x_j + b (a, b rational;
/// or b = 0) of S's relu, step and abs calls, in increasing order.
std::vector<std::vector<numeric>> axis_cuts(const ex& S, const std::vector<ex>& symbols,
                                            const std::vector<num::BoxAxis>& box) {
  std::vector<std::vector<numeric>> cuts(symbols.size());
  for (auto it = S.preorder_begin(); it != S.preorder_end(); ++it) {
    if (!sym::is_switch(*it)) continue;
    const ex u = it->op(0);
    const int j = only_parameter(u, symbols);
    if (j < 0) continue;
    const auto ab = linear_in(u, symbols[j], symbols);
    if (!ab) continue;
    std::optional<numeric> root;
    if (ab->second.is_zero()) root = numeric(0);
    else if (const auto a = rational(ab->first), b = rational(ab->second); a && b && !a->is_zero()) root = -*b / *a;
    if (root && box[j].lo < *root && *root < box[j].hi) cuts[j].push_back(*root);
  }
  for (auto& c : cuts) {
    std::sort(c.begin(), c.end(), [](const numeric& a, const numeric& b) { return a < b; });
    c.erase(std::unique(c.begin(), c.end(), [](const numeric& a, const numeric& b) { return a == b; }), c.end());
  }
  return cuts;
}

}  // namespace

KinkPieces kink_pieces(const ex& S, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box) {
  KinkPieces out;
  out.pieces = {{box, S}};
  if (symbols.size() != box.size() || box.empty()) return out;
  try {
    std::vector<std::vector<numeric>> cuts = axis_cuts(S, symbols, box);
    std::size_t count = 1;
    for (const auto& c : cuts) count *= c.size() + 1;
    if (count > kMaxKinkPieces) cuts.assign(symbols.size(), {});
    // each axis's segments between its cuts
    std::vector<std::vector<num::BoxAxis>> segments(box.size());
    for (std::size_t j = 0; j < box.size(); ++j) {
      numeric from = box[j].lo;
      for (const numeric& r : cuts[j]) {
        segments[j].push_back({from, r});
        from = r;
      }
      segments[j].push_back({from, box[j].hi});
      for (const numeric& r : cuts[j])
        out.cuts += (out.cuts.empty() ? "" : ", ") + GiNaC::ex_to<GiNaC::symbol>(symbols[j]).get_name() + " = " +
                    exact_text(r);
    }
    // the product of the segments, the first axis varying slowest
    std::vector<KinkPiece> pieces;
    std::vector<std::size_t> index(box.size(), 0);
    for (;;) {
      KinkPiece piece;
      for (std::size_t j = 0; j < box.size(); ++j) piece.box.push_back(segments[j][index[j]]);
      piece.S = branches_on_box(S, symbols, piece.box);
      pieces.push_back(std::move(piece));
      std::size_t j = box.size();
      while (j > 0 && ++index[j - 1] == segments[j - 1].size()) index[--j] = 0;
      if (j == 0) break;
    }
    out.changed = pieces.size() > 1 || !pieces[0].S.is_equal(S);
    out.pieces = std::move(pieces);
  } catch (const std::exception&) {
    out = KinkPieces{};
    out.pieces = {{box, S}};
  }
  return out;
}

std::optional<PiecesOutcome> certify_on_pieces(
    const KinkPieces& cut, const std::function<num::BoxResult(const KinkPiece&, std::string& route)>& certify) {
  PiecesOutcome out;
  out.result.outcome = num::BoxOutcome::Proved;
  for (const KinkPiece& piece : cut.pieces) {
    const num::BoxResult one = certify(piece, out.route);
    out.result.boxes += one.boxes;
    out.result.reduced += one.reduced;
    out.result.by_taylor += one.by_taylor;
    if (one.outcome == num::BoxOutcome::Undecided) return std::nullopt;
    if (one.outcome == num::BoxOutcome::Counterexample) {
      out.result = one;
      out.piece = &piece;
      return out;
    }
  }
  return out;
}

std::string pieces_text(const KinkPieces& cut) {
  return cut.pieces.size() > 1 ? fmt::format(", on each of the {} pieces of the box cut at S's kinks {} (with S's "
                                             "branches of relu/step/abs there)",
                                             cut.pieces.size(), cut.cuts)
                               : ", with S's branches of relu/step/abs on the box";
}

}  // namespace attnverify
