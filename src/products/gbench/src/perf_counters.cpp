// What Google Benchmark's own test programs reach past its public header for: perf counters'
// support (tare's Google Benchmark layer reads none: --benchmark_perf_counters is accepted
// and ignored), declared by Google Benchmark's src/perf_counters.h. The class is declared
// here only as far as those symbols need (no header of its own: the file is named after
// the header of Google Benchmark's it stands in for).
namespace benchmark::internal {

class PerfCounters {
 public:
  static const bool kSupported;
  static bool Initialize();
};
const bool PerfCounters::kSupported = false;
bool PerfCounters::Initialize() { return false; }

}  // namespace benchmark::internal
