// libFuzzer target: the command line's number layer (src/core/input: plain numbers, whole
// numbers, quantities with units) and the `tare` command's quantity parsers (percentages,
// durations, rates, rate shapes) on any text: a value or a UsageError naming the option,
// never a crash or undefined behaviour (an overflowing conversion, a NaN turned integer).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "input/number.hpp"
#include "input/duration.hpp"
#include "input/percent.hpp"
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
  namespace input = tare::input;
  input::Limits any{-1e300, 1e300};
  parse_or_refuse([&] { input::parse_number(text, "--number", any); });
  parse_or_refuse([&] { input::parse_whole<std::uint64_t>(text, "--seed", input::whole_number<std::uint64_t>()); });
  parse_or_refuse([&] { input::parse_whole<int>(text, "--forks", input::whole_number<int>(1, 1000)); });
  parse_or_refuse([&] {
    input::parse_quantity(text, "--timeout", {{"ms", 1e-3}, {"s", 1}, {"", 1}}, input::Limits{0, input::kWeekSeconds, true});
  });
  parse_or_refuse([&] { input::parse_percent(text, "--target-ci"); });
  parse_or_refuse([&] { input::parse_duration(text, "--budget", input::TimeUnit::seconds); });
  parse_or_refuse([&] { input::parse_duration_ns(text, "--duration"); });
  parse_or_refuse([&] { input::parse_duration_ns(text, "--warmup", true); });
  parse_or_refuse([&] { tare::tool::parse_rate(text, "--rate"); });
  parse_or_refuse([&] { tare::tool::parse_rate_shape(text, "--rate"); });
  return 0;
}
