#include "compare/layout_variants.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>

#include "input/usage_error.hpp"

namespace tare::compare {
namespace {

namespace fs = std::filesystem;

// The entries of `directory` that `wanted` accepts, in natural order; a usage error naming
// `what` a directory must hold when there is none.
std::vector<std::string> entries(const std::string& path, const std::function<bool(const fs::directory_entry&)>& wanted,
                                 const std::string& what) {
  std::error_code error;
  const auto status = fs::status(path, error);
  // Not a directory: the path itself, for whoever opens it to say what is wrong with it.
  if (error || !fs::is_directory(status)) return {path};
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(path, error))
    if (wanted(entry)) found.push_back(entry.path().string());
  if (error) throw input::UsageError(path + ": cannot list the directory: " + error.message());
  if (found.empty()) throw input::UsageError(path + ": a directory with no " + what + " in it");
  std::sort(found.begin(), found.end(), natural_less);
  return found;
}

// Digits from `i` on, as a number's digits without leading zeros.
std::string digit_run(const std::string& s, std::size_t& i) {
  const std::size_t start = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  const std::size_t first = s.find_first_not_of('0', start);
  return first >= i ? std::string() : s.substr(first, i - first);
}

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const bool a_digit = std::isdigit(static_cast<unsigned char>(a[i])) != 0;
    const bool b_digit = std::isdigit(static_cast<unsigned char>(b[j])) != 0;
    if (a_digit && b_digit) {
      const std::string x = digit_run(a, i), y = digit_run(b, j);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i;
    ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;  // equal up to leading zeros: any fixed order
}

std::vector<std::string> side_binaries(const std::string& path) {
  auto binaries = entries(
      path,
      [](const fs::directory_entry& e) {
        std::error_code error;
        return e.is_regular_file(error) && access(e.path().c_str(), X_OK) == 0;
      },
      "executable (a directory side holds the layout variants of one build)");
  for (auto& binary : binaries)
    if (fs::exists(binary)) binary = fs::absolute(binary).string();
  return binaries;
}

std::vector<std::string> side_results_files(const std::string& path) {
  return entries(
      path,
      [](const fs::directory_entry& e) {
        std::error_code error;
        return e.is_regular_file(error) && e.path().extension() == ".json";
      },
      "*.json results file (a directory side holds one run of each layout variant)");
}

}  // namespace tare::compare
