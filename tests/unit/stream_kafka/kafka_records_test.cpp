// Kafka record formats: events and outputs round-trip in both formats, an event passed
// through unchanged reads as its identity output, the JSON field names are the documented
// ones, and what is neither is refused with a reason.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "stream/kafka/kafka_records.hpp"
#include "stream/suts/window_operator.hpp"

namespace tare::stream {
namespace {

const Event kPurchase{1'234'567'890'123, EventKind::purchase, 77, 5, 1999};
const Event kAd{42, EventKind::ad, 4'000'000'000u, 4'000'000'001u, 0};
const Output kOutput{100, -5, 300, 96, (std::uint64_t{7} << 32) | 9, -12};

TEST(KafkaRecords, EventsRoundTripInBothFormats) {
  std::string value;
  for (const auto format : {RecordFormat::binary, RecordFormat::json}) {
    for (const Event& e : {kPurchase, kAd}) {
      encode_event(e, format, value);
      const auto back = decode_event(value, format);
      ASSERT_TRUE(back.has_value()) << value;
      EXPECT_EQ(back->event_time_ns, e.event_time_ns);
      EXPECT_EQ(back->kind, e.kind);
      EXPECT_EQ(back->user, e.user);
      EXPECT_EQ(back->product, e.product);
      EXPECT_EQ(back->price_cents, e.price_cents);
    }
  }
  encode_event(kPurchase, RecordFormat::binary, value);
  EXPECT_EQ(value.size(), 24u);
}

TEST(KafkaRecords, JsonEventsCarryTheDocumentedFields) {
  std::string value;
  encode_event(kPurchase, RecordFormat::json, value);
  EXPECT_EQ(value.find('\n'), std::string::npos);  // one line: line-based tools pass it through
  const auto j = nlohmann::json::parse(value);
  EXPECT_EQ(j, (nlohmann::json{{"due_ns", 1'234'567'890'123}, {"kind", "purchase"}, {"user", 77}, {"product", 5},
                               {"price_cents", 1999}}));
  encode_output(kOutput, RecordFormat::json, value);
  EXPECT_EQ(nlohmann::json::parse(value),
            (nlohmann::json{{"max_event_time_ns", 100}, {"ingest_time_ns", -5}, {"emit_time_ns", 300},
                            {"window_start_ns", 96}, {"key", (std::uint64_t{7} << 32) | 9}, {"value", -12}}));
}

TEST(KafkaRecords, OutputsRoundTripAndEventsPassedThroughAreIdentityOutputs) {
  std::string value, why;
  for (const auto format : {RecordFormat::binary, RecordFormat::json}) {
    encode_output(kOutput, format, value);
    const auto back = decode_output(value, format, why);
    ASSERT_TRUE(back.has_value()) << why;
    EXPECT_EQ(back->max_event_time_ns, kOutput.max_event_time_ns);
    EXPECT_EQ(back->ingest_time_ns, kOutput.ingest_time_ns);
    EXPECT_EQ(back->emit_time_ns, kOutput.emit_time_ns);
    EXPECT_EQ(back->window_start_ns, kOutput.window_start_ns);
    EXPECT_EQ(back->key, kOutput.key);
    EXPECT_EQ(back->value, kOutput.value);

    encode_event(kPurchase, format, value);
    const auto passed = decode_output(value, format, why);
    ASSERT_TRUE(passed.has_value()) << why;
    const Output expected = identity_output(kPurchase, 0);
    EXPECT_EQ(passed->max_event_time_ns, expected.max_event_time_ns);
    EXPECT_EQ(passed->window_start_ns, expected.window_start_ns);
    EXPECT_EQ(passed->key, expected.key);
    EXPECT_EQ(passed->value, expected.value);
    EXPECT_EQ(passed->ingest_time_ns, 0);
    EXPECT_EQ(passed->emit_time_ns, 0);
  }
}

TEST(KafkaRecords, WhatIsNeitherIsRefusedWithAReason) {
  std::string why;
  EXPECT_FALSE(decode_output("12345", RecordFormat::binary, why));
  EXPECT_EQ(why, "an output record of 5 bytes is neither an output (48) nor an event (24)");
  EXPECT_FALSE(decode_output("[1,2]", RecordFormat::json, why));
  EXPECT_EQ(why, "an output record is not a JSON object");
  EXPECT_FALSE(decode_output(R"({"max_event_time_ns":1})", RecordFormat::json, why));
  EXPECT_NE(why.find("lacks an output's fields"), std::string::npos) << why;
  EXPECT_FALSE(decode_output(R"({"due_ns":1,"kind":"refund","user":1,"product":1,"price_cents":1})", RecordFormat::json, why));
  EXPECT_EQ(why, "an output record holds a malformed event");
  std::string event;
  encode_event(kPurchase, RecordFormat::binary, event);
  event[8] = 9;  // no such kind
  EXPECT_FALSE(decode_event(event, RecordFormat::binary));
}

TEST(KafkaRecords, KeysFollowTheQueryAndFormatsParse) {
  EXPECT_EQ(event_key(kPurchase, Query::aggregate), "5");
  EXPECT_EQ(event_key(kPurchase, Query::identity), "5");
  EXPECT_EQ(event_key(kPurchase, Query::join), "77:5");
  EXPECT_EQ(parse_record_format("json"), RecordFormat::json);
  EXPECT_EQ(parse_record_format("binary"), RecordFormat::binary);
  EXPECT_THROW(parse_record_format("avro"), std::invalid_argument);
}

}  // namespace
}  // namespace tare::stream
