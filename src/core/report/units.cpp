#include "report/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "report/console.hpp"

namespace tare::report::detail {
namespace {

// A ladder of display units from smallest to largest, each 1000 times the previous one.
// `base` converts the caller's unit into the ladder's first rung.
struct Ladder {
  double base = 1;
  std::array<std::string, 5> rungs;
  int size = 0;
};

struct TimeUnit {
  std::string_view name;
  double ns;
};
constexpr std::array<TimeUnit, 5> kTimeUnits{{{"ns", 1}, {"us", 1e3}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}}};

std::optional<double> time_in_ns(std::string_view name) {
  for (const TimeUnit& t : kTimeUnits) {
    if (t.name == name) return t.ns;
  }
  return std::nullopt;
}

std::optional<Ladder> ladder_for(std::string_view unit) {
  const std::size_t slash = unit.find('/');
  const std::string_view head = unit.substr(0, slash);
  const std::string_view tail = slash == std::string_view::npos ? std::string_view{} : unit.substr(slash);

  // Time per thing: "ns/op", "ms/op", plain "ns". Rungs keep the "/op" part.
  if (const auto ns = time_in_ns(head)) {
    Ladder ladder{*ns, {}, 4};
    const std::array<std::string_view, 4> names{"ns", "µs", "ms", "s"};
    for (int i = 0; i < 4; ++i) ladder.rungs[i] = std::string(names[i]) + std::string(tail);
    return ladder;
  }
  // Things per time: "ops/s", "ops/us", "B/ms". Rescaled to per second, then prefixed.
  if (slash != std::string_view::npos && !head.empty()) {
    if (const auto ns = time_in_ns(unit.substr(slash + 1))) {
      Ladder ladder{1e9 / *ns, {}, 5};
      const std::array<std::string_view, 5> prefixes{"", "k", "M", "G", "T"};
      for (int i = 0; i < 5; ++i) ladder.rungs[i] = std::string(prefixes[i]) + std::string(head) + "/s";
      return ladder;
    }
  }
  return std::nullopt;
}

double round_to(double value, int decimals) {
  const double p = std::pow(10.0, decimals);
  return std::round(value * p) / p;
}

}  // namespace

int decimals_for(double value, int significant) {
  if (!std::isfinite(value) || value == 0) return 0;
  const double magnitude = std::fabs(value);
  const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
  int decimals = std::clamp(significant - 1 - exponent, 0, 6);
  // 9.996 with 3 digits rounds to 10.00: one digit too many, so drop a decimal.
  if (decimals > 0 && std::fabs(round_to(magnitude, decimals)) >= std::pow(10.0, exponent + 1)) --decimals;
  return decimals;
}

std::string fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "n/a";
  return fmt::format("{:.{}f}", value, decimals);
}

std::string significant3(double value) { return fixed(value, decimals_for(value, 3)); }

Scale pick_scale(double value, std::string_view unit) {
  const auto ladder = ladder_for(unit);
  if (!ladder) return Scale{1, std::string(unit)};
  const double magnitude = std::isfinite(value) ? std::fabs(value) * ladder->base : 0;
  int rung = 0;
  while (rung + 1 < ladder->size && magnitude >= std::pow(1000.0, rung + 1)) ++rung;
  // 999.96 ns shows as "1.00 µs", not "1000 ns".
  const double shown = magnitude / std::pow(1000.0, rung);
  if (rung + 1 < ladder->size && round_to(shown, decimals_for(shown, 3)) >= 1000) ++rung;
  return Scale{ladder->base / std::pow(1000.0, rung), ladder->rungs[rung]};
}

}  // namespace tare::report::detail

namespace tare::report {

std::string format_score(double value, const std::string& unit) {
  if (!std::isfinite(value)) return "n/a";
  const detail::Scale scale = detail::pick_scale(value, unit);
  const std::string number = detail::significant3(value * scale.factor);
  return scale.unit.empty() ? number : number + " " + scale.unit;
}

std::string format_duration_ns(double ns) { return format_score(ns, "ns"); }

}  // namespace tare::report
