// The files behind each check, read under a root; the judgement is readiness.cpp's.
#include "system/read_system_facts.hpp"

#include <algorithm>
#include <regex>
#include <string>
#include <system_error>
#include <thread>

#include "system/hardware_counter.hpp"
#include "system/parse_files.hpp"
#include "text/read_file.hpp"
#include "text/split.hpp"

namespace tare::system {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> trimmed_file(const fs::path& path) {
  const auto text = text::read_file(path);
  if (!text) return std::nullopt;
  return std::string(text::trim(*text));
}

std::optional<int> int_file(const fs::path& path) {
  const auto text = text::read_file(path);
  return text ? parse::parse_int(*text) : std::nullopt;
}

// Every CPU's governor, distinct and sorted: one CPU left on powersave is enough to matter.
std::vector<std::string> online_governors(const fs::path& cpu_dir) {
  std::vector<std::string> found;
  std::error_code ec;
  static const std::regex cpu_name("cpu[0-9]+");
  for (const auto& entry : fs::directory_iterator(cpu_dir, ec)) {
    if (!std::regex_match(entry.path().filename().string(), cpu_name)) continue;
    const auto governor = trimmed_file(entry.path() / "cpufreq/scaling_governor");
    if (governor && !governor->empty() && std::find(found.begin(), found.end(), *governor) == found.end())
      found.push_back(*governor);
  }
  std::sort(found.begin(), found.end());
  return found;
}

void read_turbo(const fs::path& cpu_dir, SystemFacts& f) {
  const auto intel = text::read_file(cpu_dir / "intel_pstate/no_turbo");
  f.turbo = parse::turbo(intel.value_or(""), text::read_file(cpu_dir / "cpufreq/boost").value_or(""));
  f.turbo_switch = intel && parse::parse_int(*intel) ? TurboSwitch::intel_pstate : TurboSwitch::cpufreq_boost;
}

void read_topology(const fs::path& cpu_dir, SystemFacts& f) {
  if (const auto active = int_file(cpu_dir / "smt/active")) f.smt_active = *active != 0;
  if (const auto siblings = text::read_file(cpu_dir / "cpu0/topology/thread_siblings_list"))
    f.threads_per_core = parse::count_cpu_list(*siblings);
  if (const auto online = text::read_file(cpu_dir / "online")) f.cores = parse::count_cpu_list(*online).value_or(0);
}

void read_isolation(const fs::path& cpu_dir, SystemFacts& f) {
  f.isolated = trimmed_file(cpu_dir / "isolated");
  f.nohz_full = trimmed_file(cpu_dir / "nohz_full");
  if (f.nohz_full == "(null)") f.nohz_full = "";  // the kernel's word for none
}

std::optional<double> steal_over(const fs::path& proc_stat, std::chrono::milliseconds window) {
  const auto before = parse::cpu_times(text::read_file(proc_stat).value_or(""));
  if (!before) return std::nullopt;
  std::this_thread::sleep_for(window);
  const auto after = parse::cpu_times(text::read_file(proc_stat).value_or(""));
  if (!after || after->total <= before->total) return std::nullopt;
  return static_cast<double>(after->steal - before->steal) / static_cast<double>(after->total - before->total);
}

bool reads_this_machine(const fs::path& root) {
  std::error_code ec;
  return fs::equivalent(root, "/", ec);
}

}  // namespace

SystemFacts read_system_facts(const fs::path& root, std::chrono::milliseconds steal_window) {
  SystemFacts f;
  const fs::path cpu_dir = root / "sys/devices/system/cpu";
  f.governors = online_governors(cpu_dir);
  read_turbo(cpu_dir, f);
  read_topology(cpu_dir, f);
  read_isolation(cpu_dir, f);
  if (const auto thp = text::read_file(root / "sys/kernel/mm/transparent_hugepage/enabled"))
    if (const auto choice = parse::bracketed_choice(*thp)) f.transparent_hugepages = std::string(*choice);
  f.aslr = int_file(root / "proc/sys/kernel/randomize_va_space");
  f.clocksource = trimmed_file(root / "sys/devices/system/clocksource/clocksource0/current_clocksource");
  if (f.clocksource && f.clocksource->empty()) f.clocksource.reset();
  if (steal_window.count() > 0) f.steal_share = steal_over(root / "proc/stat", steal_window);
  f.perf_paranoid = int_file(root / "proc/sys/kernel/perf_event_paranoid");
  if (reads_this_machine(root)) f.hardware_counter_errno = try_hardware_counter();
  if (const auto loadavg = text::read_file(root / "proc/loadavg")) f.load_1m = parse::load_average_1m(*loadavg);
  return f;
}

void describe_system(results::Context& ctx, const fs::path& root) {
  SystemFacts f = read_system_facts(root);
  if (ctx.steal_share >= 0) f.steal_share = ctx.steal_share;
  if (ctx.busy_cores >= 0) f.busy_cores = ctx.busy_cores;
  if (ctx.load_average_1m >= 0) f.load_1m = ctx.load_average_1m;  // before the run, not after it
  if (f.cores == 0 && ctx.cpu.cores > 0) f.cores = ctx.cpu.cores;
  ctx.system = system_summary(f);
}

}  // namespace tare::system
