// Grid blocks: a variant's grid cut into consecutive blocks of kGridBlockPoints points, so
// that a sharded run (src/run/shard.hpp) can deal one large grid across its shards. A
// grid of at most kGridBlockPoints points is one block (the variant stays one unit of
// work). The block is also the unit of the kernel grid's budget of Boost.Math witnesses, so
// that a grid point's record is the same whichever shard checks it.
#pragma once

#include <cstddef>
#include <utility>

namespace attnverify {

/// Points per grid block (the last block holds the rest).
inline constexpr std::size_t kGridBlockPoints = 256;

/// The number of blocks of a grid of `points` points (1 for an empty grid).
inline std::size_t grid_block_count(std::size_t points) {
  return points <= kGridBlockPoints ? 1 : (points + kGridBlockPoints - 1) / kGridBlockPoints;
}

/// The grid indices [first, last) of block `block` (0-based) of a grid of `points` points.
inline std::pair<std::size_t, std::size_t> grid_block_range(std::size_t block, std::size_t points) {
  const std::size_t first = block * kGridBlockPoints;
  const std::size_t last = first + kGridBlockPoints;
  return {first < points ? first : points, last < points ? last : points};
}

/// The shard (1-based, of `count`) that checks block `block` of the variant at 0-based
/// position `variant` in the run's order: variant k's block b goes to shard
/// ((k + b) mod count) + 1, so block 0 stays with the shard that runs the variant
/// (select_shard) and the other blocks follow it round the shards.
inline unsigned grid_block_shard(std::size_t variant, std::size_t block, unsigned count) {
  return static_cast<unsigned>((variant + block) % count) + 1;
}

}  // namespace attnverify
