#include "stream/transport/run_description.hpp"

#include <charconv>
#include <map>
#include <stdexcept>

#include "stream/transport/transport.hpp"

namespace tare::stream {

const char* query_name(Query query) noexcept {
  switch (query) {
    case Query::join: return "join";
    case Query::identity: return "identity";
    case Query::aggregate: break;
  }
  return "aggregate";
}

Query parse_query(std::string_view text) {
  if (text == "aggregate") return Query::aggregate;
  if (text == "join") return Query::join;
  if (text == "identity") return Query::identity;
  throw std::invalid_argument("query \"" + std::string(text) + "\": expected aggregate, join or identity");
}

std::string hello_name(const RunDescription& run) {
  return "tare-driver sources=" + std::to_string(run.sources) + " query=" + query_name(run.query) +
         " window_ns=" + std::to_string(run.window.size_ns) + " slide_ns=" + std::to_string(run.window.slide_ns);
}

namespace {

std::int64_t field_integer(const std::map<std::string, std::string, std::less<>>& fields, const char* key) {
  const auto it = fields.find(key);
  if (it == fields.end()) throw ProtocolError(std::string("driver hello: no ") + key + " field");
  std::int64_t value = 0;
  const auto& text = it->second;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    throw ProtocolError(std::string("driver hello: ") + key + "=" + text + " is not an integer");
  return value;
}

}  // namespace

RunDescription parse_hello_name(std::string_view name) {
  constexpr std::string_view kPrefix = "tare-driver";
  if (name.substr(0, kPrefix.size()) != kPrefix)
    throw ProtocolError("hello from \"" + std::string(name.substr(0, 64)) + "\": not a tare driver");
  std::map<std::string, std::string, std::less<>> fields;
  std::size_t at = kPrefix.size();
  while (at < name.size()) {
    if (name[at] == ' ') { ++at; continue; }
    const std::size_t end = std::min(name.find(' ', at), name.size());
    const std::string_view item = name.substr(at, end - at);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw ProtocolError("driver hello: \"" + std::string(item) + "\" is not key=value");
    fields[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
    at = end;
  }
  RunDescription run;
  const std::int64_t sources = field_integer(fields, "sources");
  if (sources < 1 || sources > 64) throw ProtocolError("driver hello: sources=" + std::to_string(sources) + " is not in 1..64");
  run.sources = static_cast<std::uint32_t>(sources);
  const auto query = fields.find("query");
  if (query == fields.end()) throw ProtocolError("driver hello: no query field");
  try {
    run.query = parse_query(query->second);
    run.window = WindowSpec{field_integer(fields, "window_ns"), field_integer(fields, "slide_ns")};
    validate(run.window);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError(std::string("driver hello: ") + e.what());
  }
  return run;
}

}  // namespace tare::stream
