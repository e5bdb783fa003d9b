#include "runner/slurm_commands.hpp"

#include <sstream>

namespace tare::runner {

std::vector<std::string> salloc_args(const SlurmRequest& request) {
  std::vector<std::string> args = {"--no-shell", "--exclusive", "--job-name=tare",
                                   "--nodes=" + std::to_string(request.nodes),
                                   "--immediate=" + std::to_string(kAllocationWaitSeconds)};
  if (!request.partition.empty()) args.push_back("--partition=" + request.partition);
  args.insert(args.end(), request.args.begin(), request.args.end());
  return args;
}

std::optional<std::string> granted_job(const std::string& salloc_messages) {
  static const std::string kGranted = "Granted job allocation ";
  const auto at = salloc_messages.rfind(kGranted);
  if (at == std::string::npos) return std::nullopt;
  const auto begin = at + kGranted.size();
  auto end = begin;
  while (end < salloc_messages.size() && salloc_messages[end] >= '0' && salloc_messages[end] <= '9') ++end;
  if (end == begin) return std::nullopt;
  return salloc_messages.substr(begin, end - begin);
}

std::vector<std::string> node_names(const std::string& hostnames_output) {
  std::vector<std::string> names;
  std::istringstream lines(hostnames_output);
  std::string line;
  while (std::getline(lines, line)) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto last = line.find_last_not_of(" \t\r");
    names.push_back(line.substr(first, last - first + 1));
  }
  return names;
}

std::vector<std::string> step_args(const std::string& job, const std::string& node) {
  return {"--jobid=" + job, "--nodelist=" + node, "--nodes=1", "--ntasks=1", "--whole", "--overlap", "--quiet"};
}

std::string first_line(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto end = text.find('\n', first);
  std::string line = text.substr(first, end == std::string::npos ? std::string::npos : end - first);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

}  // namespace tare::runner
