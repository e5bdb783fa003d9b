#include "compare/sequential_stop.hpp"

namespace tare::compare {

std::optional<CompareRow::Stop> sequential_stop(const TimeRatio& ratio, double threshold, const PairDesign& design,
                                                std::size_t look_index, double elapsed_seconds, double budget_seconds) {
  if (answer_known(ratio, threshold)) return CompareRow::Stop::answer_known;
  if (look_index + 1 >= design.looks.size()) return CompareRow::Stop::most_pairs;
  if (!next_look_fits(elapsed_seconds, design.looks[look_index], design.looks[look_index + 1], budget_seconds))
    return CompareRow::Stop::budget;
  return std::nullopt;
}

}  // namespace tare::compare
