// A closed form S on a box, cut at its axis-aligned kinks, for the box proofs of the property
// kinds (src/properties/box_proof.hpp).
//
// S's relu, step and abs (proofs/piecewise.hpp) make it only piecewise smooth: branch-and-bound
// then has no mean value form or Taylor test, and the enclosure of a branch that is 0 keeps the
// terms it would cancel (relu under the Laplace law: e^(-sqrt2 beta/gamma) gamma^2/2 twice with
// opposite signs where relu(beta) = 0, 10^7 each against 10^-8 at beta = -3, gamma = 1/4, so that
// no sub-box wider than 2^-55 settles). On a sub-box where the argument u of a call keeps one
// sign, the call equals its branch at every point of the closed sub-box:
//   relu(u) = u where u >= 0, 0 where u <= 0;  |u| = u or -u likewise;
//   step(u) = 1 where u > 0, 0 where u < 0 (strictly: step(0) = 1/2),
// and GiNaC's automatic simplification cancels the terms the branch makes equal.
//
// kink_pieces cuts the box at the roots r = -b/a of the arguments a x_j + b (a, b rational,
// one parameter x_j) of relu and abs calls with r strictly inside x_j's range, into the product
// of the cut axes (at most kMaxKinkPieces sub-boxes; more cuts, or a step call with such a root,
// where S may jump: no cut), and on each closed sub-box replaces every call whose argument's
// sign there is shown by its branch, innermost first. The sign of an argument linear in one
// parameter is decided exactly at the sub-box's two ends; any other argument's by the Arb ball of
// it over the sub-box (numerics/ball_expression.hpp). Calls whose sign is not shown stay.
//
// A proposition that holds on every closed piece holds on the box: each point of the box lies in
// a piece, where S equals the piece's form. For monotonicity in p, pieces cut along p meet at a
// common point of each line, so non-decreasing on each closed piece is non-decreasing on the box.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"

namespace attnverify {

/// The most sub-boxes kink_pieces cuts a box into.
inline constexpr std::size_t kMaxKinkPieces = 16;

struct KinkPiece {
  std::vector<num::BoxAxis> box;  ///< a closed sub-box (exact ends); the pieces cover the box
  GiNaC::ex S;                    ///< equal to S at every point of `box`
};

struct KinkPieces {
  std::vector<KinkPiece> pieces;  ///< one (the box itself) when there is no cut
  std::string cuts;               ///< "beta = 0" for the cuts made, "" for none
  bool changed = false;           ///< a cut was made or a call was replaced by its branch
};

/// What certify_on_pieces decided: proved on every piece (the sub-box counts summed; `route`, the
/// last piece's), or the first piece's counterexample (`piece`: where, `route`: its route).
struct PiecesOutcome {
  num::BoxResult result;
  std::string route;
  const KinkPiece* piece = nullptr;  ///< the counterexample's piece (null when proved)
};

/// `certify` (a piece's form and box; its route name written to the string) on each piece of `cut`
/// in turn, as above: proved when every piece is, else the first counterexample; nullopt when a
/// piece is undecided (then the box whole is the caller's to try).
std::optional<PiecesOutcome> certify_on_pieces(
    const KinkPieces& cut, const std::function<num::BoxResult(const KinkPiece&, std::string& route)>& certify);

/// ", on each of the N pieces of the box cut at S's kinks <cuts> (with S's branches of
/// relu/step/abs there)", or, uncut, ", with S's branches of relu/step/abs on the box".
std::string pieces_text(const KinkPieces& cut);

/// S (in `symbols`, one per axis of `box`) on the box, cut at its axis-aligned kinks, each
/// piece with the branches its calls take there. Never throws: where anything fails (an
/// argument that does not compile in ball arithmetic) the call stays as it is.
KinkPieces kink_pieces(const GiNaC::ex& S, const std::vector<GiNaC::ex>& symbols, const std::vector<num::BoxAxis>& box);

}  // namespace attnverify
