// Where a function spends its instructions: the hottest region of a listing, and the
// window of it a reader is shown. Pure, on costs in address order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "disasm/callgrind_profile.hpp"
#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// One instruction as the region search sees it.
struct CostedInstruction {
  std::uint64_t address = 0;
  std::uint64_t cost = 0;
  std::optional<std::uint64_t> branch_target;
};

/// Each instruction of `listing` with what `costs` counted at its address (0: not executed).
std::vector<CostedInstruction> with_costs(const std::vector<DisassembledInstruction>& listing, const FunctionCosts& costs);

/// A range of a listing: [first, last], indices.
struct IndexRange {
  std::size_t first = 0, last = 0;
  bool is_loop = false;  ///< closed by a branch back to its first instruction
  std::size_t size() const { return last - first + 1; }
};

/// The hottest region of a function's listing (in address order, not empty). A loop is a
/// range closed by a backward branch to an instruction of the listing; of the loops, the
/// shortest that holds at least half as much as the costliest one (an inner loop that does
/// the work rather than the loop around it, unless its siblings share the work). Without a
/// loop, or when that loop holds less than half of the listing's count: the run of executed
/// instructions around the costliest one.
IndexRange hottest_region(const std::vector<CostedInstruction>& listing);

/// What to show of a listing around `region`: the region whole with up to `context`
/// instructions either side, widened until what is left out above it holds at most
/// `most_left_out` of the count, and what is left out below it too. Nothing that holds
/// more is hidden, however far from the region it is.
IndexRange shown_window(const std::vector<CostedInstruction>& listing, IndexRange region, std::size_t context,
                        std::uint64_t most_left_out);

/// The costliest `length` consecutive instructions of `window` (the first of equals), for
/// a window too long to print; `window` itself when it is not longer (or `length` is 0).
IndexRange costliest_stretch(const std::vector<CostedInstruction>& listing, IndexRange window, std::size_t length);

}  // namespace tare::disasm
