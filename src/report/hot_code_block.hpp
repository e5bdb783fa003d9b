// The console's --prof asm block for one benchmark: its hot code's disassembly with each
// instruction's share of the instructions counted in the timed loop's batch, the hottest
// region marked, the rest summed up, and a plain statement when the work was optimized
// away. At most 40 lines.
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::report::detail {

/// Empty when the benchmark has no hot-code profile.
std::vector<std::string> hot_code_block(const results::Benchmark& b, bool color);

}  // namespace tare::report::detail
