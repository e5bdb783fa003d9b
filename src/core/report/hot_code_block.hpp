// The console's --prof asm block for one benchmark: its hot code's disassembly with each
// instruction's share of the instructions counted in the timed loop's batch, the hottest
// region marked and listed whole (up to the inline limit, disasm/annotate.hpp), the rest
// summed up with its share, the share of rep strings' iterations, and a plain statement
// when the work was optimized away. The shares listed add up to the share the title states.
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::report::detail {

/// Empty when the benchmark has no hot-code profile.
std::vector<std::string> hot_code_block(const results::Benchmark& b, bool color);

/// The lines of the file that holds the costliest function's whole listing when the block's
/// is cut (AsmProfile::listing_cut): a title, the hottest region's line, every instruction
/// of `whole` as the block prints it. Empty when the benchmark has no hot-code profile.
std::vector<std::string> hot_code_listing(const results::Benchmark& b, const std::vector<results::AsmInstruction>& whole);

}  // namespace tare::report::detail
