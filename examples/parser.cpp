// Fast and slow paths. 0%, 1% or 10% of the inputs are invalid and take the
// error path; user counters report valid and invalid parses per operation beside the
// throughput, so a change in the input mix is visible instead of hidden in one average.
#include <tare/tare.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

namespace {

struct Inputs {
  std::vector<std::string> values;
  std::size_t cursor = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;

  explicit Inputs(const tare::Params& p) : values(1024) {
    const int invalid_percent = p.get<int>("invalid_percent");
    for (std::size_t i = 0; i < values.size(); ++i)
      values[i] = static_cast<int>(i % 100) < invalid_percent ? "invalid" : std::to_string(i * 7919 % 100000);
  }
  const std::string& next() { return values[cursor++ & (values.size() - 1)]; }
};

int parse(Inputs& in) {
  const std::string& text = in.next();
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc() && end == text.data() + text.size()) {
    ++in.valid;
    return value;
  }
  ++in.invalid;
  return -1;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Inputs>("parser")
      .param("invalid_percent", {0, 1, 10})
      .mode(tare::Mode::thrpt)
      .counter("valid", &Inputs::valid)
      .counter("invalid", &Inputs::invalid)
      .bench("parse_int", [](Inputs& in) { return parse(in); });
}
