#include "disasm/annotate.hpp"

#include <algorithm>
#include <string>

#include "disasm/hot_region.hpp"
#include "disasm/loop_body.hpp"

namespace tare::disasm {
namespace {

// The costliest function's instructions: those of its symbol (the one its first executed
// instruction is in) and any other it executed, in address order.
std::vector<DisassembledInstruction> own_instructions(const FunctionCosts& hot,
                                                      const std::vector<DisassembledInstruction>& disassembly) {
  const std::uint64_t first_executed = hot.instructions.begin()->first;
  const auto first = std::find_if(disassembly.begin(), disassembly.end(),
                                  [&](const DisassembledInstruction& i) { return i.address == first_executed; });
  const std::string symbol = first == disassembly.end() ? std::string() : first->symbol;
  std::vector<DisassembledInstruction> own;
  for (const auto& instruction : disassembly)
    if ((!symbol.empty() && instruction.symbol == symbol) || hot.instructions.count(instruction.address) > 0)
      own.push_back(instruction);
  std::sort(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.address < b.address; });
  own.erase(std::unique(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.address == b.address; }),
            own.end());
  return own;
}

results::AsmElided elided(const std::vector<CostedInstruction>& costed, std::size_t first, std::size_t end, double total) {
  results::AsmElided left_out;
  for (std::size_t i = first; i < end; ++i) {
    ++left_out.count;
    left_out.share += static_cast<double>(costed[i].cost) / total;
  }
  return left_out;
}

void name_other_functions(const CallgrindProfile& profile, std::size_t named, results::AsmProfile& out) {
  const double total = static_cast<double>(profile.total);
  for (std::size_t i = 1; i < profile.functions.size(); ++i) {
    const auto& function = profile.functions[i];
    if (i <= named) {
      out.other_functions.push_back({function.function, function.object, static_cast<double>(function.cost) / total});
    } else {
      ++out.more_functions.count;
      out.more_functions.share += static_cast<double>(function.cost) / total;
    }
  }
}

std::uint64_t cost_between(const std::vector<CostedInstruction>& costed, std::size_t first, std::size_t last) {
  std::uint64_t sum = 0;
  for (std::size_t i = first; i <= last; ++i) sum += costed[i].cost;
  return sum;
}

std::vector<results::AsmInstruction> annotated(const std::vector<DisassembledInstruction>& own,
                                               const std::vector<CostedInstruction>& costed, IndexRange region,
                                               double total) {
  std::vector<results::AsmInstruction> listing;
  for (std::size_t i = 0; i < own.size(); ++i)
    listing.push_back({own[i].address, own[i].text(), own[i].source, static_cast<double>(costed[i].cost) / total,
                       i >= region.first && i <= region.last && costed[i].cost > 0});
  return listing;
}

}  // namespace

AnnotatedCode annotate(const CallgrindProfile& profile, const std::vector<DisassembledInstruction>& disassembly,
                       const AnnotationLimits& limits) {
  AnnotatedCode code;
  results::AsmProfile& out = code.shown;
  out.instructions = profile.total;
  if (profile.functions.empty() || profile.total == 0) return code;
  const double total = static_cast<double>(profile.total);
  const FunctionCosts& hot = profile.functions.front();
  out.function = hot.function;
  out.object = hot.object;
  out.function_share = static_cast<double>(hot.cost) / total;
  name_other_functions(profile, limits.other_functions, out);
  const auto own = own_instructions(hot, disassembly);
  if (own.empty()) return code;
  const auto costed = with_costs(own, hot);
  const IndexRange region = hottest_region(costed);
  const std::uint64_t region_cost = cost_between(costed, region.first, region.last);
  out.region = {static_cast<int>(region.size()), static_cast<double>(region_cost) / total, region.is_loop};
  code.whole = annotated(own, costed, region, total);
  const auto most_left_out = static_cast<std::uint64_t>(limits.most_left_out * total);
  const IndexRange window = shown_window(costed, region, limits.context, most_left_out);
  const IndexRange listed = costliest_stretch(costed, window, limits.max_listed);
  out.listing_cut = listed.size() < window.size();
  out.listing.assign(code.whole.begin() + static_cast<std::ptrdiff_t>(listed.first),
                     code.whole.begin() + static_cast<std::ptrdiff_t>(listed.last) + 1);
  out.before = elided(costed, 0, listed.first, total);
  out.after = elided(costed, listed.last + 1, costed.size(), total);
  const std::vector<DisassembledInstruction> loop(own.begin() + static_cast<std::ptrdiff_t>(region.first),
                                                  own.begin() + static_cast<std::ptrdiff_t>(region.last) + 1);
  out.optimized_away = region.is_loop && 2 * region_cost >= profile.total && only_counts_iterations(loop);
  return code;
}

}  // namespace tare::disasm
