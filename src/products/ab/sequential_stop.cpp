#include "ab/sequential_stop.hpp"

namespace tare::ab {

std::optional<compare::CompareRow::Stop> sequential_stop(const compare::TimeRatio& ratio, double threshold,
                                                         const PairDesign& design, std::size_t look_index,
                                                         double elapsed_seconds, double budget_seconds) {
  if (compare::answer_known(ratio, threshold)) return compare::CompareRow::Stop::answer_known;
  if (look_index + 1 >= design.looks.size()) return compare::CompareRow::Stop::most_pairs;
  if (!next_look_fits(elapsed_seconds, design.looks[look_index], design.looks[look_index + 1], budget_seconds))
    return compare::CompareRow::Stop::budget;
  return std::nullopt;
}

}  // namespace tare::ab
