// The one-line kernel files: CPU lists, integers, the load average, a thread's schedstat,
// turbo switches.
#include "system/parse_files.hpp"

#include <charconv>

#include "text/split.hpp"

namespace tare::system::parse {
namespace {

// The whole of `text` as a number, or nullopt (from_chars: no locale, no exceptions).
template <class Number>
std::optional<Number> whole_number(std::string_view text) {
  Number value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

}  // namespace

std::optional<int> count_cpu_list(std::string_view list) {
  list = text::trim(list);
  if (list.empty()) return std::nullopt;
  int count = 0;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view range = list.substr(0, comma);
    const std::size_t dash = range.find('-');
    const auto first = whole_number<int>(range.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : whole_number<int>(range.substr(dash + 1));
    if (!first || !last || *last < *first || *first < 0) return std::nullopt;
    count += *last - *first + 1;
    if (comma == std::string_view::npos) break;
    list = list.substr(comma + 1);
    if (list.empty()) return std::nullopt;  // a trailing comma
  }
  return count;
}

std::optional<int> parse_int(std::string_view text) { return whole_number<int>(text::trim(text)); }

std::optional<double> load_average_1m(std::string_view loadavg) {
  loadavg = text::trim(loadavg);
  const auto value = whole_number<double>(loadavg.substr(0, loadavg.find_first_of(" \t")));
  if (!value || *value < 0) return std::nullopt;
  return value;
}

std::optional<Schedstat> schedstat(std::string_view text) {
  text = text::trim(text);
  const std::size_t first_space = text.find(' ');
  if (first_space == std::string_view::npos) return std::nullopt;
  const std::string_view rest = text.substr(first_space + 1);
  const auto cpu = whole_number<std::int64_t>(text.substr(0, first_space));
  const auto wait = whole_number<std::int64_t>(rest.substr(0, rest.find(' ')));
  if (!cpu || !wait || *cpu < 0 || *wait < 0) return std::nullopt;
  return Schedstat{*cpu, *wait};
}

std::optional<CpuTimes> cpu_times(std::string_view proc_stat) {
  if (proc_stat.substr(0, 4) != "cpu ") return std::nullopt;
  const auto line = proc_stat.substr(4, proc_stat.find('\n') - 4);
  CpuTimes times;
  std::size_t field = 0, start = 0;
  while (start < line.size()) {
    const auto end = std::min(line.find(' ', start), line.size());
    if (end > start) {
      const auto value = whole_number<unsigned long long>(line.substr(start, end - start));
      if (!value) return std::nullopt;
      // Fields: user nice system idle iowait irq softirq steal guest guest_nice. Guest time
      // is already counted in user and nice, so it is left out of the total.
      if (field < 8) {
        times.total += *value;
        if (field != 3 && field != 4) times.busy += *value;
        if (field == 7) times.steal = *value;
      }
      ++field;
    }
    start = end + 1;
  }
  if (field < 4) return std::nullopt;
  return times;
}

std::optional<std::string_view> bracketed_choice(std::string_view text) {
  const std::size_t open = text.find('[');
  const std::size_t close = text.find(']', open);
  if (open == std::string_view::npos || close == std::string_view::npos || close == open + 1) return std::nullopt;
  return text.substr(open + 1, close - open - 1);
}

std::optional<bool> turbo(std::string_view intel_no_turbo, std::string_view cpufreq_boost) {
  // intel_pstate owns turbo when it is loaded; cpufreq/boost is the acpi-cpufreq (and AMD)
  // switch. The two say opposite things with the same digit.
  if (const auto no_turbo = parse_int(intel_no_turbo); no_turbo && (*no_turbo == 0 || *no_turbo == 1))
    return *no_turbo == 0;
  if (const auto boost = parse_int(cpufreq_boost); boost && (*boost == 0 || *boost == 1)) return *boost == 1;
  return std::nullopt;
}

}  // namespace tare::system::parse
