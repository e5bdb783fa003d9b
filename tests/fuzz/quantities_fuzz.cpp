// libFuzzer target: the `tare` command line's quantity parsers (percentages, durations,
// rates, rate shapes) on any text: a value or a UsageError naming the option, never a
// crash or undefined behaviour (an overflowing conversion, a NaN turned integer).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "tools/tare/quantities.hpp"
#include "tools/tare/stream_options.hpp"

namespace {

template <class Parse>
void parse_or_refuse(Parse parse) {
  try {
    parse();
  } catch (const std::invalid_argument&) {
  } catch (const std::runtime_error&) {  // tool::UsageError
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string rest;
  tare::tool::leading_number(text, rest);
  parse_or_refuse([&] { tare::tool::parse_percent(text, "--target-ci"); });
  parse_or_refuse([&] { tare::tool::parse_seconds(text, "--budget"); });
  parse_or_refuse([&] { tare::tool::parse_duration_ns(text, "--duration"); });
  parse_or_refuse([&] { tare::tool::parse_duration_ns(text, "--warmup", true); });
  parse_or_refuse([&] { tare::tool::parse_rate(text, "--rate"); });
  parse_or_refuse([&] { tare::tool::parse_rate_shape(text, "--rate"); });
  return 0;
}
