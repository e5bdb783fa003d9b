#include "stream/kafka/kafka_records.hpp"

#include <nlohmann/json.hpp>

#include <cstring>
#include <stdexcept>

#include "stream/suts/window_operator.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace tare::stream {
namespace {

template <class T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  for (std::size_t i = 0; i < sizeof(T); ++i) bytes[i] = static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xff);
  out.append(bytes, sizeof(T));
}

template <class T>
T get(std::string_view in, std::size_t at) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
  return static_cast<T>(v);
}

std::optional<Event> event_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("due_ns")) return std::nullopt;
  try {
    Event e;
    e.event_time_ns = j.at("due_ns").get<std::int64_t>();
    const auto kind = j.at("kind").get<std::string>();
    if (kind != "purchase" && kind != "ad") return std::nullopt;
    e.kind = kind == "ad" ? EventKind::ad : EventKind::purchase;
    e.user = j.at("user").get<std::uint32_t>();
    e.product = j.at("product").get<std::uint32_t>();
    e.price_cents = j.at("price_cents").get<std::uint32_t>();
    return e;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

std::optional<Output> output_from_json(const nlohmann::json& j) {
  try {
    return Output{j.at("max_event_time_ns").get<std::int64_t>(), j.at("ingest_time_ns").get<std::int64_t>(),
                  j.at("emit_time_ns").get<std::int64_t>(),      j.at("window_start_ns").get<std::int64_t>(),
                  j.at("key").get<std::uint64_t>(),              j.at("value").get<std::int64_t>()};
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace

const char* record_format_name(RecordFormat format) noexcept { return format == RecordFormat::json ? "json" : "binary"; }

RecordFormat parse_record_format(std::string_view text) {
  if (text == "binary") return RecordFormat::binary;
  if (text == "json") return RecordFormat::json;
  throw std::invalid_argument("format \"" + std::string(text) + "\": expected binary or json");
}

std::string event_key(const Event& e, Query query) {
  if (query == Query::join) return std::to_string(e.user) + ":" + std::to_string(e.product);
  return std::to_string(e.product);
}

void encode_event(const Event& e, RecordFormat format, std::string& out) {
  out.clear();
  if (format == RecordFormat::json) {
    out = nlohmann::json{{"due_ns", e.event_time_ns},
                         {"kind", e.kind == EventKind::ad ? "ad" : "purchase"},
                         {"user", e.user},
                         {"product", e.product},
                         {"price_cents", e.price_cents}}
              .dump();
    return;
  }
  put(out, e.event_time_ns);
  put(out, static_cast<std::uint32_t>(e.kind));
  put(out, e.user);
  put(out, e.product);
  put(out, e.price_cents);
}

std::optional<Event> decode_event(std::string_view value, RecordFormat format) {
  if (format == RecordFormat::json) {
    const auto j = nlohmann::json::parse(value, nullptr, false);
    return j.is_discarded() ? std::nullopt : event_from_json(j);
  }
  if (value.size() != kEventBytes) return std::nullopt;
  const auto kind = get<std::uint32_t>(value, 8);
  if (kind != static_cast<std::uint32_t>(EventKind::purchase) && kind != static_cast<std::uint32_t>(EventKind::ad))
    return std::nullopt;
  return Event{get<std::int64_t>(value, 0), static_cast<EventKind>(kind), get<std::uint32_t>(value, 12),
               get<std::uint32_t>(value, 16), get<std::uint32_t>(value, 20)};
}

void encode_output(const Output& o, RecordFormat format, std::string& out) {
  out.clear();
  if (format == RecordFormat::json) {
    out = nlohmann::json{{"max_event_time_ns", o.max_event_time_ns}, {"ingest_time_ns", o.ingest_time_ns},
                         {"emit_time_ns", o.emit_time_ns},           {"window_start_ns", o.window_start_ns},
                         {"key", o.key},                             {"value", o.value}}
              .dump();
    return;
  }
  put(out, o.max_event_time_ns);
  put(out, o.ingest_time_ns);
  put(out, o.emit_time_ns);
  put(out, o.window_start_ns);
  put(out, o.key);
  put(out, o.value);
}

std::optional<Output> decode_output(std::string_view value, RecordFormat format, std::string& why) {
  if (format == RecordFormat::json) {
    const auto j = nlohmann::json::parse(value, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      why = "an output record is not a JSON object";
      return std::nullopt;
    }
    if (j.contains("due_ns")) {
      if (const auto e = event_from_json(j)) return identity_output(*e, 0);
      why = "an output record holds a malformed event";
      return std::nullopt;
    }
    if (const auto o = output_from_json(j)) return o;
    why = "an output record lacks an output's fields (max_event_time_ns, ingest_time_ns, emit_time_ns, "
          "window_start_ns, key, value) or has one of the wrong type";
    return std::nullopt;
  }
  if (value.size() == kOutputBytes)
    return Output{get<std::int64_t>(value, 0),  get<std::int64_t>(value, 8),  get<std::int64_t>(value, 16),
                  get<std::int64_t>(value, 24), get<std::uint64_t>(value, 32), get<std::int64_t>(value, 40)};
  if (value.size() == kEventBytes) {
    if (const auto e = decode_event(value, RecordFormat::binary)) return identity_output(*e, 0);
  }
  why = "an output record of " + std::to_string(value.size()) + " bytes is neither an output (48) nor an event (24)";
  return std::nullopt;
}

}  // namespace tare::stream
