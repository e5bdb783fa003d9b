// Gathering the machine facts: read each file under the root, hand the text to the pure
// parsers (parse_*.hpp), and leave a field at its default when its file is missing.
#include "system/describe_machine.hpp"

#include <ctime>
#include <string>
#include <system_error>

#include <unistd.h>

#include "clock/cpuinfo.hpp"
#include "system/build_info.hpp"
#include "system/cpuid.hpp"
#include "system/parse_cpuinfo.hpp"
#include "system/parse_files.hpp"
#include "system/parse_hypervisor.hpp"
#include "text/read_file.hpp"
#include "text/split.hpp"

namespace tare::system {
namespace {

namespace fs = std::filesystem;

// Only the real root describes the machine this process runs on; CPUID and the syscall
// fallbacks would otherwise mix this machine's facts into a fake tree's.
bool is_live(const fs::path& root) {
  std::error_code ec;
  return fs::equivalent(root, "/", ec);
}

std::string text_or_empty(const fs::path& path) { return text::read_file(path).value_or(""); }

std::optional<int> online_from_files(const fs::path& root, const std::optional<std::string>& cpuinfo) {
  if (const auto list = text::read_file(root / "sys/devices/system/cpu/online"))
    if (const auto count = parse::count_cpu_list(*list); count && *count > 0) return count;
  if (cpuinfo)
    if (const int count = parse::count_processors(*cpuinfo); count > 0) return count;
  return std::nullopt;
}

int online_from_sysconf() {
  const long count = ::sysconf(_SC_NPROCESSORS_ONLN);
  return count > 0 ? static_cast<int>(count) : 1;
}

std::string hostname(const fs::path& root, bool live) {
  std::string host(text::trim(text_or_empty(root / "proc/sys/kernel/hostname")));
  if (host.empty() && live) {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) == 0) host = name;
  }
  return host;
}

std::string executable(const fs::path& root) {
  std::error_code ec;
  const fs::path target = fs::read_symlink(root / "proc/self/exe", ec);
  return ec ? std::string() : target.string();
}

}  // namespace

int online_cpus() {
  const auto from_files = online_from_files("/", std::nullopt);
  return from_files ? *from_files : online_from_sysconf();
}

void describe_machine(results::Context& ctx, const fs::path& root) {
  const bool live = is_live(root);
  const std::optional<std::string> cpuinfo = text::read_file(root / "proc/cpuinfo");
  const fs::path cpu_dir = root / "sys/devices/system/cpu";

  ctx.date = iso8601_utc(std::time(nullptr));
  ctx.host = hostname(root, live);
  ctx.executable = executable(root);
  ctx.tare_version = tare_version();
  ctx.build = build_info();

  ctx.cpu.model = cpuinfo ? parse::cpu_model(*cpuinfo) : std::string();
  const auto cores = online_from_files(root, cpuinfo);
  ctx.cpu.cores = cores ? *cores : live ? online_from_sysconf() : 0;
  ctx.cpu.scaling_governor = std::string(text::trim(text_or_empty(cpu_dir / "cpu0/cpufreq/scaling_governor")));
  ctx.cpu.turbo = parse::turbo(text_or_empty(cpu_dir / "intel_pstate/no_turbo"),
                               text_or_empty(cpu_dir / "cpufreq/boost"));

  ctx.aslr = parse::parse_int(text_or_empty(root / "proc/sys/kernel/randomize_va_space")).value_or(-1);
  ctx.load_average_1m = parse::load_average_1m(text_or_empty(root / "proc/loadavg")).value_or(-1);

  parse::HypervisorEvidence evidence;
  if (live) detail::probe_cpuid_hypervisor(evidence);
  evidence.cpuinfo_available = cpuinfo.has_value();
  evidence.cpuinfo_hypervisor_flag = cpuinfo && clock::cpuinfo_has_flag(*cpuinfo, "hypervisor");
  evidence.sys_hypervisor_type = text_or_empty(root / "sys/hypervisor/type");
  ctx.virtualization = parse::virtualization(evidence);
}

std::string iso8601_utc(std::time_t time) {
  std::tm utc{};
  if (gmtime_r(&time, &utc) == nullptr) return {};
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text, length);
}

}  // namespace tare::system
