#include "input/rate.hpp"

namespace tare::input {

std::uint64_t parse_rate(const std::string& text, const std::string& flag, std::uint64_t most) {
  Limits limits{1, static_cast<long double>(most), false, false, true, "a whole number of events per second"};
  limits.example = "50000, 50k or 1.5M/s";
  return static_cast<std::uint64_t>(parse_quantity(
      text, flag,
      {{"", 1}, {"/s", 1}, {"k", 1e3}, {"k/s", 1e3}, {"K", 1e3}, {"K/s", 1e3}, {"M", 1e6}, {"M/s", 1e6}, {"G", 1e9},
       {"G/s", 1e9}},
      limits));
}

}  // namespace tare::input
