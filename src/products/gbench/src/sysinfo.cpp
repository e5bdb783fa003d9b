// Defines CPUInfo and SystemInfo of include/benchmark/benchmark.h (the public header
// declares all of it: no header of its own).
// CPUInfo and SystemInfo, read from the kernel as Google Benchmark reads them on Linux: the
// CPUs online, their frequency, whether the governor scales it, the caches of CPU 0 and the
// load average.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <bitset>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace benchmark {
namespace {

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The frequency the time stamp counter (or, failing that, the CPU) runs at, in Hz.
double cycles_per_second() {
  const std::string tsc_khz = first_line("/sys/devices/system/cpu/cpu0/tsc_freq_khz");
  if (!tsc_khz.empty()) return std::atof(tsc_khz.c_str()) * 1e3;
  const std::string max_khz = first_line("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (!max_khz.empty()) return std::atof(max_khz.c_str()) * 1e3;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("cpu MHz", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos) return std::atof(line.c_str() + colon + 1) * 1e6;
  }
  return 0;
}

// Enabled when any CPU's governor is not "performance"; disabled otherwise, also where the
// kernel exposes no governor at all (a VM), as Google Benchmark decides it.
CPUInfo::Scaling scaling(int cpus) {
  if (cpus <= 0) return CPUInfo::UNKNOWN;
  for (int cpu = 0; cpu < cpus; ++cpu) {
    const std::string governor =
        first_line("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_governor");
    if (!governor.empty() && governor != "performance") return CPUInfo::ENABLED;
  }
  return CPUInfo::DISABLED;
}

// "32K" -> 32768.
int cache_bytes(const std::string& text) {
  int size = std::atoi(text.c_str());
  if (!text.empty() && (text.back() == 'K' || text.back() == 'k')) size *= 1024;
  if (!text.empty() && text.back() == 'M') size *= 1024 * 1024;
  return size;
}

// The CPUs in a hexadecimal CPU mask such as "00000003" or "ff,ffffffff".
int cpus_in_mask(const std::string& mask) {
  int count = 0;
  for (const char c : mask) {
    if (c == ',') continue;
    const int nibble = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10);
    if (nibble >= 0 && nibble < 16) count += static_cast<int>(std::bitset<4>(static_cast<unsigned>(nibble)).count());
  }
  return count;
}

std::vector<CPUInfo::CacheInfo> caches() {
  std::vector<CPUInfo::CacheInfo> found;
  for (int index = 0;; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    const std::string type = first_line(dir + "type");
    if (type.empty()) break;
    CPUInfo::CacheInfo info;
    info.type = type;
    info.level = std::atoi(first_line(dir + "level").c_str());
    info.size = cache_bytes(first_line(dir + "size"));
    info.num_sharing = cpus_in_mask(first_line(dir + "shared_cpu_map"));
    found.push_back(info);
  }
  return found;
}

}  // namespace

CPUInfo::CPUInfo()
    : num_cpus(static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN))),
      scaling(benchmark::scaling(num_cpus)),
      cycles_per_second(benchmark::cycles_per_second()),
      caches(benchmark::caches()) {
  double loads[3];
  const int n = getloadavg(loads, 3);
  load_avg.assign(loads, loads + (n > 0 ? n : 0));
}

const CPUInfo& CPUInfo::Get() {
  static const CPUInfo* info = new CPUInfo();
  return *info;
}

SystemInfo::SystemInfo() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) name = host;
}

const SystemInfo& SystemInfo::Get() {
  static const SystemInfo* info = new SystemInfo();
  return *info;
}

}  // namespace benchmark
