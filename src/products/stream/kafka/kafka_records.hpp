// What tare's events and a SUT's outputs look like as Kafka records (docs/stream.md,
// "Kafka"). Pure: no librdkafka here, so the formats are tested on their own.
//
//  * An event record's value carries the event and its due time (its event time, on the
//    driver's schedule): binary, the 24 bytes of the wire's event (little-endian i64 due
//    time in ns, u32 kind, u32 user, u32 product, u32 price in cents); or JSON, one line:
//    {"due_ns":T,"kind":"purchase","user":U,"product":P,"price_cents":C}.
//    Its key is the text of the workload's key (the product; "user:product" for the join),
//    so a partition holds whole keys, as a keyed SUT needs.
//  * An output record's value: binary, the 48 bytes of the wire's output; or JSON:
//    {"max_event_time_ns":..,"ingest_time_ns":..,"emit_time_ns":..,"window_start_ns":..,
//     "key":..,"value":..}. An event record that comes back unchanged (a pass-through SUT
//    under --query identity) is read as the identity output of that event, with no clock
//    readings of the SUT (ingest and emit 0: its processing time reads 0).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "stream/transport/run_description.hpp"
#include "stream/workload/output.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {

enum class RecordFormat { binary, json };
/// "binary" or "json".
const char* record_format_name(RecordFormat format) noexcept;
/// std::invalid_argument naming the text otherwise.
RecordFormat parse_record_format(std::string_view text);

/// The record key of `e` for `query`.
std::string event_key(const Event& e, Query query);
/// Appends the value of `e`'s record to `out` (cleared first).
void encode_event(const Event& e, RecordFormat format, std::string& out);
/// The event a record value holds; nullopt when it is not one in `format`.
std::optional<Event> decode_event(std::string_view value, RecordFormat format);

void encode_output(const Output& o, RecordFormat format, std::string& out);
/// The output a record of the output topic holds (an output, or an event passed through
/// unchanged); nullopt, with `why` set, when it is neither.
std::optional<Output> decode_output(std::string_view value, RecordFormat format, std::string& why);

}  // namespace tare::stream
