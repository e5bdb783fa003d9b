#include "store/history_url.hpp"

#include <algorithm>

namespace tare::store {
namespace {

bool starts_with(const std::string& text, const std::string& start) {
  return text.compare(0, start.size(), start) == 0;
}

// The scheme's length ("postgresql://" or "postgres://"); 0 for neither.
std::size_t scheme_length(const std::string& name) {
  for (const char* scheme : {"postgresql://", "postgres://"})
    if (starts_with(name, scheme)) return std::string(scheme).size();
  return 0;
}

// The parameters after '?' without password=...; "" when none is left.
std::string parameters_without_password(const std::string& parameters) {
  std::string kept;
  std::size_t start = 0;
  while (start <= parameters.size()) {
    const std::size_t end = std::min(parameters.find('&', start), parameters.size());
    const std::string parameter = parameters.substr(start, end - start);
    if (!parameter.empty() && !starts_with(parameter, "password="))
      kept += (kept.empty() ? "" : "&") + parameter;
    start = end + 1;
  }
  return kept;
}

}  // namespace

bool is_postgresql_url(const std::string& name) { return scheme_length(name) > 0; }

std::string without_password(const std::string& url) {
  const std::size_t scheme = scheme_length(url);
  if (scheme == 0) return url;
  std::string rest = url.substr(scheme);
  // As libpq reads it: the user part ends at the first '@' before any '/'.
  const std::size_t at = rest.find_first_of("@/");
  if (at != std::string::npos && rest[at] == '@') {
    const std::size_t colon = rest.find(':');
    if (colon < at) rest.erase(colon, at - colon);
  }
  if (const std::size_t question = rest.find('?'); question != std::string::npos) {
    const std::string parameters = parameters_without_password(rest.substr(question + 1));
    rest = rest.substr(0, question) + (parameters.empty() ? "" : "?" + parameters);
  }
  return url.substr(0, scheme) + rest;
}

}  // namespace tare::store
