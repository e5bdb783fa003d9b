#include "report/fleet_json.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

#include "report/json_write.hpp"

namespace tare::report {
namespace {

using Json = nlohmann::ordered_json;

Json machine_json(const results::MachineRun& machine) {
  Json j;
  j["machine"] = machine.machine;
  j["status"] = machine.ok ? "ok" : "failed";
  j["error"] = machine.error.empty() ? Json(nullptr) : Json(machine.error);
  if (machine.run) {
    // The machine's results exactly as write_json writes a run (valid JSON, invalid UTF-8
    // replaced already), kept whole.
    std::ostringstream results;
    write_json(*machine.run, results);
    j["results"] = Json::parse(results.str());
  } else {
    j["results"] = nullptr;
  }
  return j;
}

}  // namespace

void write_fleet_json(const results::Fleet& fleet, std::ostream& out) {
  Json j;
  j["schema"] = kFleetSchema;
  j["launcher"] = fleet.launcher;
  j["slurm_job"] = fleet.job;
  j["interrupted"] = fleet.interrupted;
  Json machines = Json::array();
  for (const auto& machine : fleet.machines) machines.push_back(machine_json(machine));
  j["machines"] = std::move(machines);
  out << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace tare::report
