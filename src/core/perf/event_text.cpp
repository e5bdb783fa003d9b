#include "perf/event_text.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>

namespace tare::perf {
namespace {

std::string encoding_text(const Encoding& e) {
  const int flags = (e.exclude_user ? 1 : 0) | (e.exclude_kernel ? 2 : 0) | (e.exclude_hv ? 4 : 0);
  return std::to_string(e.type) + ":" + std::to_string(e.config) + ":" + std::to_string(e.config1) + ":" +
         std::to_string(e.config2) + ":" + std::to_string(flags);
}

template <class T>
T next_field(std::string_view& text, char separator, const std::string& whole) {
  const std::size_t end = std::min(text.find(separator), text.size());
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + end, value);
  if (ec != std::errc() || ptr != text.data() + end) throw std::invalid_argument("bad perf event encoding: " + whole);
  text.remove_prefix(end == text.size() ? end : end + 1);
  return value;
}

Encoding parse_encoding(std::string_view text, const std::string& whole) {
  Encoding e;
  e.type = next_field<std::uint32_t>(text, ':', whole);
  e.config = next_field<std::uint64_t>(text, ':', whole);
  e.config1 = next_field<std::uint64_t>(text, ':', whole);
  e.config2 = next_field<std::uint64_t>(text, ':', whole);
  const int flags = next_field<int>(text, ':', whole);
  if (!text.empty() || flags < 0 || flags > 7) throw std::invalid_argument("bad perf event encoding: " + whole);
  e.exclude_user = (flags & 1) != 0;
  e.exclude_kernel = (flags & 2) != 0;
  e.exclude_hv = (flags & 4) != 0;
  return e;
}

}  // namespace

std::string events_to_text(const std::vector<Encoding>& events) {
  std::string text;
  for (const auto& e : events) {
    if (!text.empty()) text += ',';
    text += encoding_text(e);
  }
  return text;
}

std::vector<Encoding> events_from_text(const std::string& text) {
  if (text.empty()) throw std::invalid_argument("no perf events");
  std::vector<Encoding> events;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    events.push_back(parse_encoding(std::string_view(text).substr(start, comma - start), text));
    if (comma == text.size()) return events;
    start = comma + 1;
  }
}

}  // namespace tare::perf
