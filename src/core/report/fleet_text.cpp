#include "report/fleet_text.hpp"

#include <cmath>

#include "report/units.hpp"

namespace tare::report {
namespace {

void write_fleet_score(const results::FleetBenchmark& b, std::ostream& out) {
  if (!b.mean) {
    out << "no score";
    return;
  }
  const detail::Scale scale = detail::pick_scale(*b.mean, b.unit);
  const int decimals = detail::decimals_for(*b.mean * scale.factor, 3);
  out << detail::fixed(*b.mean * scale.factor, decimals);
  if (b.ci)
    out << " [" << detail::fixed(b.ci->low * scale.factor, decimals) << ", "
        << detail::fixed(b.ci->high * scale.factor, decimals) << "]";
  out << ' ' << scale.unit;
}

}  // namespace

void write_fleet_summary(const results::Fleet& fleet, std::ostream& out) {
  if (fleet.benchmarks.empty()) return;
  const results::FleetBenchmark& first = fleet.benchmarks.front();
  const double level = first.ci ? first.ci->level : 0.95;
  out << "Across the machines that succeeded (" << std::lround(100 * level)
      << "% interval for the mean of a machine of this kind):\n";
  for (const auto& b : fleet.benchmarks) {
    out << "  " << b.name << ": ";
    write_fleet_score(b, out);
    out << " over " << b.machines << " machine" << (b.machines == 1 ? "" : "s");
    for (const auto& m : b.per_machine)
      if (m.outlier) out << "; " << m.machine << " disagrees with the others";
    out << '\n';
  }
}

}  // namespace tare::report
