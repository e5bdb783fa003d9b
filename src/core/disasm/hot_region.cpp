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
                        std::uint64_t most_left_out) {
  std::size_t first = region.first - std::min(context, region.first);
  std::size_t last = std::min(region.last + context, listing.size() - 1);
  std::uint64_t above = first == 0 ? 0 : cost_of(listing, 0, first - 1);
  while (above > most_left_out) above -= listing[--first].cost;
  std::uint64_t below = last + 1 == listing.size() ? 0 : cost_of(listing, last + 1, listing.size() - 1);
  while (below > most_left_out) below -= listing[++last].cost;
  return {first, last, false};
}

IndexRange costliest_stretch(const std::vector<CostedInstruction>& listing, IndexRange window, std::size_t length) {
  if (length == 0 || window.size() <= length) return window;
  // A sliding sum: the stretch from `first` holds `cost`.
  std::uint64_t cost = cost_of(listing, window.first, window.first + length - 1);
  std::uint64_t best = cost;
  std::size_t best_first = window.first;
  for (std::size_t first = window.first + 1; first + length - 1 <= window.last; ++first) {
    cost = cost - listing[first - 1].cost + listing[first + length - 1].cost;
    if (cost > best) {
      best = cost;
      best_first = first;
    }
  }
  return {best_first, best_first + length - 1, false};
}

}  // namespace tare::disasm
