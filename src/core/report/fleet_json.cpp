// The fleet document: how the machines were run, the machines (each its results document
// whole), then each benchmark across them.
#include "report/fleet_json.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>

#include "report/enum_names.hpp"
#include "report/json_print.hpp"
#include "report/json_write.hpp"

namespace tare::report {
namespace {

using Json = nlohmann::ordered_json;

Json fleet_number(const std::optional<double>& v) { return v && std::isfinite(*v) ? Json(*v) : Json(nullptr); }

Json fleet_text(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json fleet_interval(const std::optional<results::Interval>& i) {
  if (!i) return nullptr;
  return Json{{"level", i->level}, {"low", fleet_number(i->low)}, {"high", fleet_number(i->high)}};
}

Json machine_json(const results::FleetMachine& m) {
  return {{"machine", m.name},
          {"status", m.ok ? "ok" : "failed"},
          {"error", fleet_text(m.error)},
          {"results", m.run ? detail::results_document(*m.run) : Json(nullptr)}};
}

Json machine_score_json(const results::MachineScore& s) {
  return {{"machine", s.machine},
          {"forks", s.forks},
          {"score", fleet_number(s.mean)},
          {"ci", fleet_interval(s.ci)},
          {"shrunk_score", fleet_number(s.shrunk_mean)},
          {"outlier", {{"t", fleet_number(s.outlier_t)}, {"p", fleet_number(s.outlier_p)}, {"named", s.outlier}}}};
}

Json fleet_benchmark_json(const results::FleetBenchmark& b) {
  Json outliers = Json::array();
  Json per_machine = Json::array();
  for (const auto& s : b.per_machine) {
    if (s.outlier) outliers.push_back(s.machine);
    per_machine.push_back(machine_score_json(s));
  }
  return {{"name", b.name},
          {"mode", mode_name(b.mode)},
          {"unit", b.unit},
          {"machines", b.machines},
          {"forks", b.forks},
          {"score", fleet_number(b.mean)},
          {"ci", fleet_interval(b.ci)},
          {"variance", {{"method", "method of moments"},
                        {"within_fork", fleet_number(b.variance.within_fork)},
                        {"between_forks", fleet_number(b.variance.between_forks)},
                        {"between_machines", fleet_number(b.variance.between_machines)}}},
          {"false_alarm", b.false_alarm},
          {"outliers", std::move(outliers)},
          {"per_machine", std::move(per_machine)}};
}

}  // namespace

void write_fleet_json(const results::Fleet& fleet, std::ostream& out) {
  Json doc;
  doc["schema"] = kFleetSchema;
  doc["launcher"] = fleet_text(fleet.launcher);
  doc["slurm_job"] = fleet_text(fleet.job);
  doc["interrupted"] = fleet.interrupted;
  Json machines = Json::array();
  for (const auto& m : fleet.machines) machines.push_back(machine_json(m));
  doc["machines"] = std::move(machines);
  Json benchmarks = Json::array();
  for (const auto& b : fleet.benchmarks) benchmarks.push_back(fleet_benchmark_json(b));
  doc["benchmarks"] = std::move(benchmarks);
  detail::print_json(doc, out);
  out << '\n';
}

}  // namespace tare::report
