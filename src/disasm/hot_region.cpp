#include "disasm/hot_region.hpp"

#include <algorithm>
#include <iterator>

namespace tare::disasm {

std::vector<CostedInstruction> with_costs(const std::vector<DisassembledInstruction>& listing, const FunctionCosts& costs) {
  std::vector<CostedInstruction> costed;
  for (const auto& instruction : listing) {
    const auto count = costs.instructions.find(instruction.address);
    costed.push_back({instruction.address, count == costs.instructions.end() ? 0 : count->second, instruction.branch_target});
  }
  return costed;
}
namespace {

std::uint64_t cost_of(const std::vector<CostedInstruction>& listing, std::size_t first, std::size_t last) {
  std::uint64_t sum = 0;
  for (std::size_t i = first; i <= last; ++i) sum += listing[i].cost;
  return sum;
}

// Every range a backward branch closes, with what it holds.
std::vector<std::pair<IndexRange, std::uint64_t>> loops_of(const std::vector<CostedInstruction>& listing) {
  std::vector<std::pair<IndexRange, std::uint64_t>> loops;
  for (std::size_t last = 0; last < listing.size(); ++last) {
    const auto& target = listing[last].branch_target;
    if (!target || *target > listing[last].address) continue;
    const auto found = std::lower_bound(listing.begin(), listing.end(), *target,
                                        [](const CostedInstruction& i, std::uint64_t a) { return i.address < a; });
    if (found == listing.end() || found->address != *target) continue;
    const auto first = static_cast<std::size_t>(std::distance(listing.begin(), found));
    loops.push_back({IndexRange{first, last, true}, cost_of(listing, first, last)});
  }
  return loops;
}

IndexRange executed_run_around_costliest(const std::vector<CostedInstruction>& listing) {
  const auto costliest = std::max_element(listing.begin(), listing.end(),
                                          [](const auto& a, const auto& b) { return a.cost < b.cost; });
  std::size_t first = static_cast<std::size_t>(std::distance(listing.begin(), costliest)), last = first;
  while (first > 0 && listing[first - 1].cost > 0) --first;
  while (last + 1 < listing.size() && listing[last + 1].cost > 0) ++last;
  return {first, last, false};
}

}  // namespace

IndexRange hottest_region(const std::vector<CostedInstruction>& listing) {
  const auto loops = loops_of(listing);
  std::uint64_t most = 0;
  for (const auto& [range, cost] : loops) most = std::max(most, cost);
  if (loops.empty() || most == 0) return executed_run_around_costliest(listing);
  const std::pair<IndexRange, std::uint64_t>* chosen = nullptr;
  for (const auto& loop : loops) {
    if (2 * loop.second < most) continue;
    if (!chosen || loop.first.size() < chosen->first.size()) chosen = &loop;
  }
  // Most of the function's count outside any loop (straight-line code called often): the
  // loop is not where it goes.
  if (2 * chosen->second < cost_of(listing, 0, listing.size() - 1)) return executed_run_around_costliest(listing);
  return chosen->first;
}

IndexRange shown_window(const std::vector<CostedInstruction>& listing, IndexRange region, std::size_t context,
                        std::size_t max_shown) {
  if (region.size() > max_shown) {
    std::size_t best_first = region.first;
    std::uint64_t best = 0;
    for (std::size_t first = region.first; first + max_shown - 1 <= region.last; ++first) {
      const std::uint64_t cost = cost_of(listing, first, first + max_shown - 1);
      if (cost > best) {
        best = cost;
        best_first = first;
      }
    }
    return {best_first, best_first + max_shown - 1, false};
  }
  const std::size_t spare = (max_shown - region.size()) / 2;
  const std::size_t around = std::min(context, spare);
  const std::size_t first = region.first >= around ? region.first - around : 0;
  const std::size_t last = std::min(region.last + around, listing.size() - 1);
  return {first, last, false};
}

}  // namespace tare::disasm
