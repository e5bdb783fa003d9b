#include "perf/availability.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "perf/counters.hpp"
#include "perf/resolve.hpp"
#include "text/read_file.hpp"
#include "text/split.hpp"

namespace tare::perf {
namespace {

constexpr int kCapSysAdmin = 21;
constexpr int kCapPerfmon = 38;

bool holds_counting_capability(const std::string& status) {
  for (const auto& line : text::split(status, '\n')) {
    if (line.rfind("CapEff:", 0) != 0) continue;
    const std::uint64_t caps = std::stoull(std::string(text::trim(std::string_view(line).substr(7))), nullptr, 16);
    return ((caps >> kCapSysAdmin) & 1) != 0 || ((caps >> kCapPerfmon) & 1) != 0;
  }
  return false;
}

}  // namespace

Access read_access(const std::filesystem::path& proc_sys, const std::filesystem::path& status) {
  Access access;
  if (const auto text = text::read_file(proc_sys / "kernel" / "perf_event_paranoid")) {
    try {
      access.paranoid = std::stoi(*text);
    } catch (const std::exception&) {
      access.paranoid = std::nullopt;
    }
  }
  if (const auto text = text::read_file(status)) access.privileged = holds_counting_capability(*text);
  return access;
}

std::string unavailable_reason(int error, const Access& access) {
  switch (error) {
    case ENOENT: return "no such counter on this machine (no hardware counters, as in most VMs, or not this PMU's)";
    case EOPNOTSUPP: return "not supported here (no PMU interrupt, or not on this hardware)";
    case ENODEV: return "no such PMU here";
    case ENOSYS: return "this kernel has no perf events";
    case EACCES:
    case EPERM:
      return std::string("not permitted (perf_event_paranoid ")
          .append(access.paranoid ? std::to_string(*access.paranoid) : "unknown")
          .append(")");
    case EINVAL: return "refused by this kernel or PMU (EINVAL)";
    default: return std::strerror(error);
  }
}

Availability probe_events(const std::vector<std::string>& names, const Access& access) {
  Availability availability;
  availability.access = access;
  for (const auto& name : names) {
    const Resolution resolved = resolve_event(name);
    if (!resolved.encoding) throw std::invalid_argument("perf event " + name + ": " + resolved.error);
    Encoding encoding = *resolved.encoding;
    if (availability.access.user_only()) {
      if (encoding.exclude_user) {  // ":k": the kernel alone, which is not allowed here
        availability.unavailable.emplace_back(name, unavailable_reason(EACCES, availability.access));
        continue;
      }
      encoding.exclude_kernel = encoding.exclude_hv = true;
    }
    if (const auto error = open_error(encoding)) {
      availability.unavailable.emplace_back(name, unavailable_reason(*error, availability.access));
      continue;
    }
    availability.names.push_back(name);
    availability.encodings.push_back(encoding);
  }
  return availability;
}

std::string unavailable_line(const Availability& availability) {
  if (availability.unavailable.empty()) return "";
  // Events refused for the same reason share it: "cycles, instructions: no such counter ...".
  std::vector<std::pair<std::string, std::string>> by_reason;  // names, reason
  for (const auto& [name, reason] : availability.unavailable) {
    auto it = std::find_if(by_reason.begin(), by_reason.end(), [&reason = reason](const auto& r) { return r.second == reason; });
    if (it == by_reason.end()) by_reason.emplace_back(name, reason);
    else it->first += ", " + name;
  }
  std::string line = "--prof perf: not available here, so not counted: ";
  for (std::size_t i = 0; i < by_reason.size(); ++i) {
    if (i > 0) line += "; ";
    line += by_reason[i].first + ": " + by_reason[i].second;
  }
  line += availability.names.empty() ? "; no perf figures in this run" : "; the others are counted";
  return line;
}

}  // namespace tare::perf
