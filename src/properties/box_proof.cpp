#include "src/properties/box_proof.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <optional>

#include "numerics/ball_expression.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "src/properties/kink_pieces.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/ratio_reduction.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

/// Branch-and-bound work: instructions of f and its gradient per run (about 2 s on the
/// reference machine for the erf-heavy kernels), and the fewest sub-boxes a run gets.
constexpr std::size_t kBoxWork = 2000000;
constexpr std::size_t kMinBoxes = 200;
/// The Taylor test at a face of the box where f vanishes (numerics/box_branch_and_bound.hpp):
/// the highest order tried (dS/dbeta of an even S vanishes to order 3 on beta = 0).
constexpr int kMaxVanishingOrder = 4;

}  // namespace

GiNaC::ex log_expanded(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::mul>(e)) {
    GiNaC::ex sum = 0;
    for (const GiNaC::ex& factor : e) sum += log_expanded(factor);
    return sum;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) {
    if (!GiNaC::is_a<GiNaC::numeric>(e.op(0))) return e.op(1) * log_expanded(e.op(0));
    // c^p: p log c for c > 0 (log_expanded(c) would drop it as a constant)
    return GiNaC::ex_to<GiNaC::numeric>(e.op(0)).is_positive() ? e.op(1) * GiNaC::log(e.op(0)) : GiNaC::log(e);
  }
  if (GiNaC::is_exactly_a<GiNaC::function>(e) && GiNaC::ex_to<GiNaC::function>(e).get_name() == "exp")
    return e.op(0);
  if (GiNaC::is_a<GiNaC::numeric>(e)) return 0;
  return GiNaC::log(e);
}

namespace {

std::vector<numeric> centre_of_box(const std::vector<num::BoxAxis>& box) {
  std::vector<numeric> c;
  for (const num::BoxAxis& a : box) c.push_back((a.lo + a.hi) / 2);
  return c;
}

// df/dx where f's relu, step and abs keep their branch: each call replaced, innermost first, by a
// fresh constant K times its argument (relu(u) = K u, |u| = K u) or by K (step(u)), differentiated,
// and K put back as step(u) (2 step(u) - 1 for abs). Where every argument u has one strict sign,
// f equals that branch form near each point, so this is df/dx there (GiNaC's own derivative of
// step is an unevaluated D[0](step), which ball arithmetic cannot compile); where an argument
// straddles 0, step(u) encloses [0, 1], and the result encloses the generalised gradient of the
// relu and abs terms (a jump of step is not: numerics/box_branch_and_bound.hpp uses it there only
// where the arguments keep their signs).
ex diff_with_kinks_fixed(const ex& f, const GiNaC::symbol& x) {
  struct Fix : GiNaC::map_function {
    GiNaC::exmap back;
    int count = 0;
    ex operator()(const ex& e) override {
      const ex node = e.map(*this);  // arguments first
      if (!sym::is_switch(node)) return node;
      const GiNaC::symbol k("K" + std::to_string(count++));
      const ex original = e.op(0);  // its own calls as they were, for the step put back
      if (GiNaC::is_the_function<GiNaC::step_SERIAL>(node)) {
        back[k] = GiNaC::step(original);
        return k;
      }
      back[k] = GiNaC::is_the_function<GiNaC::abs_SERIAL>(node) ? ex(2 * GiNaC::step(original) - 1) : GiNaC::step(original);
      return k * node.op(0);
    }
  } fix;
  const ex fixed = fix(f);
  if (fix.back.empty()) return f.diff(x);
  return fixed.diff(x).subs(fix.back);
}

// d = 0 identically on the hyperplane x_j = v: first the balls of d at two points of the
// box's section there must contain 0 (cheap, and it spares the symbolic zero test, whose
// normal form can take minutes, where d is plainly not 0), then the symbolic zero test.
bool vanishes_on(const ex& d, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box, std::size_t j,
                 const numeric& v) {
  try {
    std::vector<numeric> at_centre = centre_of_box(box), near_corner = at_centre;
    at_centre[j] = near_corner[j] = v;
    for (std::size_t i = 0; i < box.size(); ++i)
      if (i != j) near_corner[i] = (3 * box[i].lo + box[i].hi) / 4;
    const num::BallExpression ball(d, symbols);
    for (const auto& point : {at_centre, near_corner}) {
      const num::Ball value = ball(point, 128);
      if (value.finite() && !value.contains_zero()) return false;
    }
    if (tree_size(d, kMaxGradientNodes) >= kMaxGradientNodes) return false;
    // the face's kinks at their branch where their arguments keep a sign on the box (relu(-sqrt3
    // gamma) = 0 for gamma > 0: dS/dgamma of relu under uniform scores on beta = 0)
    return sym::is_identically_zero(sym::resolve_signed_switches(d.subs(symbols[j] == v), symbol_ranges(symbols, box)));
  } catch (const std::exception&) {  // undefined there, or not compilable
    return false;
  }
}

// f > 0 or f >= 0 on the box by Arb branch-and-bound (numerics/box_branch_and_bound.hpp),
// with f's gradient for the monotonicity test where it compiles, and an exact zero of f
// at a point decided symbolically. Undecided (never throws) where f does not compile. On an
// integer parameter (n) only its integers count, unless f is a derivative in that parameter
// (`derivative_in`), whose sign must hold on the whole real interval.
num::BoxResult certify_on_whole_box(const ex& f, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box,
                                    num::Relation relation, std::size_t budget, const ex& derivative_in) {
  num::BoxResult undecided;
  if (box.size() != symbols.size() || box.empty()) {
    undecided.reason = "the box does not give a range for every parameter";
    return undecided;
  }
  std::optional<num::BallExpression> compiled;
  try {
    compiled.emplace(f, symbols);
  } catch (const std::exception& err) {
    undecided.reason = std::string("not evaluable in ball arithmetic: ") + err.what();
    return undecided;
  }
  std::vector<num::BallExpression> slopes;
  try {
    // a large f gets no gradient: its derivatives can be far larger (60 kinks: gigabytes)
    if (tree_size(f, kMaxGradientNodes) < kMaxGradientNodes)
      for (const ex& x : symbols) slopes.emplace_back(diff_with_kinks_fixed(f, GiNaC::ex_to<GiNaC::symbol>(x)), symbols);
  } catch (const std::exception&) {
    slopes.clear();  // no monotonicity test
  }
  num::BoxFunction fn;
  fn.f = &*compiled;
  for (const auto& s : slopes) fn.gradient.push_back(&s);
  // a sequence's length n is an integer: the box holds the integers of its n range only, and a
  // counterexample is a sequence (docs/history.md, issue 42, L4). Not for a derivative in n: its
  // sign at the integers says nothing of S between them, and S_n <= S_(n+1) follows from
  // dS/dn >= 0 on the whole real interval only (a dip between integers was certified increasing)
  for (const ex& x : symbols) fn.integer_axes.push_back(is_integer_parameter(x) && !x.is_equal(derivative_in));
  // exact zeros on faces, decided once per face (the same face recurs across sub-boxes)
  std::map<std::string, bool> zero_faces;
  fn.exact_zero_at = [&](const std::vector<std::optional<numeric>>& fixed) {
    GiNaC::lst face;
    std::string key;
    for (std::size_t k = 0; k < symbols.size(); ++k) {
      key += (fixed[k] ? exact_text(*fixed[k]) : std::string("*")) + ",";
      if (fixed[k]) face.append(symbols[k] == *fixed[k]);
    }
    const auto known = zero_faces.find(key);
    if (known != zero_faces.end()) return known->second;
    bool zero = false;
    try {
      zero = sym::is_identically_zero(f.subs(face));
    } catch (const std::exception&) {
    }
    return zero_faces[key] = zero;
  };
  // faces of the box where f vanishes identically to order k in the face's axis (f and
  // d^j f/dx^j, j < k, are 0 there by the symbolic zero test), for the Taylor test
  std::vector<num::BallExpression> face_derivatives;
  std::vector<num::VanishingFace> faces;
  // (with relu, step or abs in f, branch-and-bound uses a face only on sub-boxes where every
  // kink's argument keeps one sign up to the face)
  if (slopes.size() == symbols.size()) {
    face_derivatives.reserve(2 * symbols.size());  // no reallocation: faces point into it
    for (std::size_t j = 0; j < symbols.size(); ++j) {
      if (box[j].lo == box[j].hi) continue;
      const GiNaC::symbol& x = GiNaC::ex_to<GiNaC::symbol>(symbols[j]);
      for (const bool upper : {false, true}) {
        const numeric v = upper ? box[j].hi : box[j].lo;
        try {
          const auto vanishes = [&](const ex& d) { return vanishes_on(d, symbols, box, j, v); };
          ex d = f;
          int order = 0;
          bool zero = vanishes(d);
          while (zero && order < kMaxVanishingOrder) {
            d = diff_with_kinks_fixed(d, x), ++order;
            zero = vanishes(d);
          }
          if (order == 0 || zero) continue;
          face_derivatives.emplace_back(d, symbols);
          faces.push_back({j, upper, order, &face_derivatives.back()});
        } catch (const std::exception&) {  // undefined on the face, or not compilable: no test
        }
      }
    }
  }
  fn.vanishing_faces = faces;
  // the budget in sub-boxes, cut so that one run costs at most kBoxWork instructions of
  // f and its gradient (a large derivative gets fewer sub-boxes)
  std::size_t work = compiled->program().code.size();
  for (const auto& slope : slopes) work += slope.program().code.size();
  const std::size_t boxes = std::max<std::size_t>(kMinBoxes, std::min(budget, kBoxWork / std::max<std::size_t>(work, 1)));
  const num::BoxResult out = num::certify_sign_on_box(fn, box, relation, boxes);
  return out;
}

}  // namespace

// The same, with the box first cut at 0 on each axis whose range holds 0 inside and where f
// vanishes identically on x_j = 0 (dS/dgamma of an even S of beta/gamma is 0 on t = 0): each
// half then has that face, where the Taylor test applies. Proved when every part is; the
// first counterexample, else the first undecided part, otherwise.
num::BoxResult certify_on_box(const ex& f, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box,
                              num::Relation relation, std::size_t budget, const ex& derivative_in) {
  // an axis whose symbol f does not hold is left out: f on the box is f on the other axes'
  // box, with any value of it (S of exp under uniform scores, its e^beta cancelled, is free of
  // beta: halving beta only spent the budget). An integer axis stays unless it holds an integer,
  // the coordinate a point of the claim needs.
  if (box.size() == symbols.size() && box.size() > 1) {
    std::vector<std::size_t> kept;
    std::vector<numeric> fill(box.size());
    for (std::size_t j = 0; j < box.size(); ++j) {
      const bool integer = is_integer_parameter(symbols[j]) && !symbols[j].is_equal(derivative_in);
      fill[j] = integer ? num::ceil_of(box[j].lo) : box[j].lo;
      if (f.has(symbols[j]) || (integer && fill[j] > box[j].hi))
        kept.push_back(j);
    }
    if (!kept.empty() && kept.size() < box.size()) {
      std::vector<ex> kept_symbols;
      std::vector<num::BoxAxis> kept_box;
      for (const std::size_t j : kept) kept_symbols.push_back(symbols[j]), kept_box.push_back(box[j]);
      num::BoxResult r = certify_on_box(f, kept_symbols, kept_box, relation, budget, derivative_in);
      // points and the open sub-box back in every axis
      if (r.point.size() == kept.size()) {
        std::vector<numeric> point = fill;
        for (std::size_t k = 0; k < kept.size(); ++k) point[kept[k]] = r.point[k];
        r.point = point;
      }
      if (r.open_box.size() == kept.size()) {
        std::vector<num::BoxAxis> open = box;
        for (std::size_t k = 0; k < kept.size(); ++k) open[kept[k]] = r.open_box[k];
        r.open_box = open;
      }
      return r;
    }
  }
  if (box.size() == symbols.size())
    for (std::size_t j = 0; j < box.size(); ++j) {
      if (!(box[j].lo.is_negative() && box[j].hi.is_positive()) || !vanishes_on(f, symbols, box, j, 0)) continue;
      std::vector<num::BoxAxis> below = box, above = box;
      below[j].hi = 0;
      above[j].lo = 0;
      num::BoxResult first = certify_on_box(f, symbols, below, relation, budget, derivative_in);
      if (first.outcome != num::BoxOutcome::Proved) return first;
      num::BoxResult second = certify_on_box(f, symbols, above, relation, budget, derivative_in);
      second.boxes += first.boxes;
      second.reduced += first.reduced;
      second.by_taylor += first.by_taylor;
      return second;
    }
  return certify_on_whole_box(f, symbols, box, relation, budget, derivative_in);
}

// f > 0 or f >= 0 on the box for an f that depends on the point through S alone (`of_S`
// builds it from S): where S(beta, gamma) = S_t(beta/gamma) is proved
// (src/properties/ratio_reduction.hpp), first in one variable over t's interval, the image
// of the box (f = of_S(S_t) there, exactly), a counterexample mapped to a point of the box
// with that t; else, or when that is undecided, on the box. `route` says which.
namespace {

num::BoxResult certify_function_of_S_on(const std::function<ex(const ex&)>& of_S, const ex& S,
                                        bool ratio_of_first_two, const std::vector<ex>& symbols,
                                        const std::vector<num::BoxAxis>& box, num::Relation relation,
                                        std::string& route) {
  route.clear();
  if (ratio_of_first_two && symbols.size() == 2 && box.size() == 2)
    if (const auto ratio = reduce_to_ratio(S, symbols[0], symbols[1], box)) {
      num::BoxResult r = certify_on_box(of_S(ratio->S_t), {ratio->t}, {ratio->range}, relation);
      if (r.outcome != num::BoxOutcome::Undecided) {
        if (r.outcome == num::BoxOutcome::Counterexample) r.point = point_with_ratio(r.point[0], box);
        route = ", over t = beta/gamma in " + num::box_text({ratio->range}) + " as S(beta, gamma) = S_t(t)";
        return r;
      }
    }
  return certify_on_box(of_S(S), symbols, box, relation);
}

}  // namespace

num::BoxResult certify_function_of_S(const std::function<ex(const ex&)>& of_S, const ex& S,
                                     bool ratio_of_first_two, const std::vector<ex>& symbols,
                                     const std::vector<num::BoxAxis>& box, num::Relation relation, std::string& route) {
  // on the pieces of the box cut at S's kinks, each with S's branches there (src/properties/kink_pieces.hpp):
  // proved when every piece is; a counterexample in a piece is a point of the box where S equals
  // the piece's form. Undecided there: the box whole, as before.
  const KinkPieces cut = kink_pieces(S, symbols, box);
  if (cut.changed)
    if (const std::optional<PiecesOutcome> on = certify_on_pieces(cut, [&](const KinkPiece& piece, std::string& r) {
          return certify_function_of_S_on(of_S, piece.S, ratio_of_first_two, symbols, piece.box, relation, r);
        })) {
      route = on->piece ? on->route + ", in the piece " + num::box_text(on->piece->box) +
                              " of the box with S's branches there"
                        : pieces_text(cut);
      return on->result;
    }
  return certify_function_of_S_on(of_S, S, ratio_of_first_two, symbols, box, relation, route);
}

std::string undecided_note(const num::BoxResult& r) {
  // a reason is always given (an empty one printed "Not certified (numeric evidence): ." after a
  // point of the wrong sign that no certified pair of points confirmed: the probe of 2026-11-29)
  const std::string why = !r.reason.empty() ? r.reason
                          : r.outcome == num::BoxOutcome::Counterexample
                              ? "Arb branch-and-bound found a point where the sign is wrong, but no certified "
                                "counterexample to the property follows from it"
                              : "Arb branch-and-bound did not settle the box";
  if (r.open_box.empty()) return " Not certified (numeric evidence): " + why + ".";
  return " Not certified (numeric evidence): Arb branch-and-bound left the sub-box about " + num::box_text(r.open_box, 8) +
         " undecided after " + std::to_string(r.boxes) + " sub-boxes (" + why + ").";
}

}  // namespace attnverify
