#include "writers.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

namespace tare::gbench {
namespace {

using Json = nlohmann::ordered_json;

Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

std::string local_date() {
  char buffer[64];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S%z", &tm);
  // +0000 -> +00:00, as Google Benchmark writes it.
  const std::string date = buffer;
  const std::size_t minutes = date.size() - 2;
  return date.substr(0, minutes) + ":" + date.substr(minutes);
}

std::vector<double> load_average() {
  double loads[3] = {0, 0, 0};
  const int n = getloadavg(loads, 3);
  return std::vector<double>(loads, loads + std::max(n, 0));
}

Json context_json(const results::Run& run, const std::map<std::string, std::string>& extra) {
  Json c;
  c["date"] = local_date();
  c["host_name"] = run.context.host;
  c["executable"] = run.context.executable;
  // The machine description already counted the online CPUs (as Google Benchmark does).
  c["num_cpus"] = run.context.cpu.cores > 0 ? run.context.cpu.cores
                                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  c["mhz_per_cpu"] = static_cast<int>(std::lround(run.context.clock.tsc_ghz > 0 ? run.context.clock.tsc_ghz * 1000 : 0));
  c["cpu_scaling_enabled"] = !run.context.cpu.scaling_governor.empty() && run.context.cpu.scaling_governor != "performance";
  c["caches"] = Json::array();
  c["load_avg"] = load_average();
  c["library_build_type"] = run.context.build.debug ? "debug" : "release";
  for (const auto& [key, value] : extra) c[key] = value;
  // tare's own, beside Google Benchmark's.
  c["harness"] = "tare";
  c["tare_version"] = run.context.tare_version;
  return c;
}

Json row_json(const Row& r) {
  Json j;
  j["name"] = r.name;
  j["family_index"] = r.family_index;
  j["per_family_instance_index"] = r.per_family_instance_index;
  j["run_name"] = r.run_name;
  j["run_type"] = r.run_type;
  j["repetitions"] = r.repetitions;
  if (r.repetition_index) j["repetition_index"] = *r.repetition_index;
  j["threads"] = r.threads;
  if (r.error) {
    j["error_occurred"] = true;
    j["error_message"] = *r.error;
  }
  if (!r.aggregate_name.empty()) {
    j["aggregate_name"] = r.aggregate_name;
    j["aggregate_unit"] = r.aggregate_unit;
  }
  if (r.aggregate_name == "BigO") {
    j["cpu_coefficient"] = number(*r.cpu_coefficient);
    j["real_coefficient"] = number(*r.real_coefficient);
    j["big_o"] = r.big_o;
    j["time_unit"] = r.time_unit;
    return j;
  }
  if (r.aggregate_name == "RMS") {
    j["rms"] = number(*r.rms);
    return j;
  }
  j["iterations"] = r.iterations;
  j["real_time"] = number(r.real_time);
  j["cpu_time"] = number(r.cpu_time);
  j["time_unit"] = r.time_unit;
  for (const auto& [name, value] : r.counters) j[name] = number(value);
  if (!r.label.empty()) j["label"] = r.label;
  if (r.ci) {
    j["tare_ci_low"] = number(r.ci->low);
    j["tare_ci_high"] = number(r.ci->high);
    j["tare_ci_level"] = r.ci->level;
  }
  if (r.forks > 0) j["tare_forks"] = r.forks;
  if (!r.steady_state.empty()) j["tare_steady_state"] = r.steady_state;
  return j;
}

std::string csv_quote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csv_number(double v) {
  if (!std::isfinite(v)) return "";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

}  // namespace

void write_json(const results::Run& run, const std::vector<Row>& rows, const std::map<std::string, std::string>& context,
                std::ostream& out) {
  Json doc;
  doc["context"] = context_json(run, context);
  doc["benchmarks"] = Json::array();
  for (const auto& r : rows) doc["benchmarks"].push_back(row_json(r));
  out << doc.dump(2) << "\n";
}

void write_csv(const std::vector<Row>& rows, std::ostream& out) {
  std::set<std::string> user;
  for (const auto& r : rows)
    for (const auto& [name, value] : r.counters)
      if (name != "bytes_per_second" && name != "items_per_second") user.insert(name);
  out << "name,iterations,real_time,cpu_time,time_unit,bytes_per_second,items_per_second,label,error_occurred,"
         "error_message";
  for (const auto& name : user) out << "," << csv_quote(name);
  out << "\n";
  for (const auto& r : rows) {
    auto counter = [&](const std::string& name) {
      for (const auto& [n, v] : r.counters)
        if (n == name) return csv_number(v);
      return std::string();
    };
    out << csv_quote(r.name) << ",";
    if (r.error) {
      out << ",,,,,,," << "true," << csv_quote(*r.error);
      for (std::size_t i = 0; i < user.size(); ++i) out << ",";
      out << "\n";
      continue;
    }
    if (r.aggregate_name == "BigO") {
      out << "," << csv_number(*r.real_coefficient) << "," << csv_number(*r.cpu_coefficient) << "," << r.big_o;
    } else if (r.aggregate_name == "RMS") {
      out << "," << csv_number(*r.rms) << "," << csv_number(*r.rms) << ",";
    } else {
      out << r.iterations << "," << csv_number(r.real_time) << "," << csv_number(r.cpu_time) << "," << r.time_unit;
    }
    out << "," << counter("bytes_per_second") << "," << counter("items_per_second") << ","
        << (r.label.empty() ? "" : csv_quote(r.label)) << ",,";
    for (const auto& name : user) out << "," << counter(name);
    out << "\n";
  }
}

// What tare's console does not know about: the user counters and labels, as Google
// Benchmark finishes them (rates per second, per-thread and per-iteration averages), and
// the complexity fits.
void write_console_extras(const std::vector<Row>& rows, std::ostream& out) {
  bool any = false;
  for (const auto& row : rows) {
    if (row.run_type != "iteration" || (row.counters.empty() && row.label.empty())) continue;
    if (!any) out << "\nCounters and labels (as Google Benchmark reports them):\n";
    any = true;
    out << "  " << row.name << ":";
    for (const auto& [name, value] : row.counters) {
      char number[32];
      std::snprintf(number, sizeof number, "%.4g", value);
      out << " " << name << "=" << number;
    }
    if (!row.label.empty()) out << " [" << row.label << "]";
    out << "\n";
  }
  // Each BigO row is followed by its RMS row.
  std::vector<std::pair<const Row*, const Row*>> fits;
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    if (rows[i].aggregate_name == "BigO") fits.emplace_back(&rows[i], &rows[i + 1]);
  if (fits.empty()) return;
  out << "\nComplexity (fitted to the time per iteration, as Google Benchmark does):\n";
  for (const auto& [big_o, rms] : fits) {
    char line[256];
    std::snprintf(line, sizeof line, "  %s: %.4g %s × %s, rms %.0f%%\n", big_o->run_name.c_str(),
                  big_o->real_coefficient.value_or(0), big_o->time_unit.c_str(), big_o->big_o.c_str(),
                  100 * rms->rms.value_or(0));
    out << line;
  }
}

}  // namespace tare::gbench
