#include "perf/generic_events.hpp"

#include <linux/perf_event.h>

#include <cctype>
#include <string>

namespace tare::perf {
namespace {

struct GenericName {
  const char* name;
  std::uint32_t type;
  std::uint64_t config;
};

constexpr GenericName kGenericNames[] = {
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
    {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    {"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES},
    {"stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    {"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
    {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
    {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS},
    {"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS},
};

// Hardware-cache events are "<cache>-<operation>[-misses]": "LLC-loads", "dTLB-load-misses".
struct CachePart {
  const char* name;
  std::uint64_t id;
};
constexpr CachePart kCaches[] = {{"l1-dcache", PERF_COUNT_HW_CACHE_L1D}, {"l1-icache", PERF_COUNT_HW_CACHE_L1I},
                                 {"llc", PERF_COUNT_HW_CACHE_LL},        {"dtlb", PERF_COUNT_HW_CACHE_DTLB},
                                 {"itlb", PERF_COUNT_HW_CACHE_ITLB},     {"branch", PERF_COUNT_HW_CACHE_BPU},
                                 {"node", PERF_COUNT_HW_CACHE_NODE}};
// The operation counted as accesses ("loads") and as misses ("load-misses").
struct CacheOperation {
  const char* accesses;
  const char* misses;
  std::uint64_t id;
};
constexpr CacheOperation kOperations[] = {{"loads", "load-misses", PERF_COUNT_HW_CACHE_OP_READ},
                                          {"stores", "store-misses", PERF_COUNT_HW_CACHE_OP_WRITE},
                                          {"prefetches", "prefetch-misses", PERF_COUNT_HW_CACHE_OP_PREFETCH}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<Encoding> cache_event(const std::string& name) {
  for (const auto& cache : kCaches) {
    const std::string prefix = std::string(cache.name) + "-";
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string rest = name.substr(prefix.size());
    for (const auto& operation : kOperations) {
      const bool misses = rest == operation.misses;
      if (!misses && rest != operation.accesses) continue;
      Encoding e;
      e.type = PERF_TYPE_HW_CACHE;
      const std::uint64_t result = misses ? PERF_COUNT_HW_CACHE_RESULT_MISS : PERF_COUNT_HW_CACHE_RESULT_ACCESS;
      e.config = cache.id | (operation.id << 8) | (result << 16);
      return e;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Encoding> generic_event(std::string_view name) {
  const std::string key = lower(name);
  for (const auto& generic : kGenericNames) {
    if (key != generic.name) continue;
    Encoding e;
    e.type = generic.type;
    e.config = generic.config;
    return e;
  }
  return cache_event(key);
}

}  // namespace tare::perf
