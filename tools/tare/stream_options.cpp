#include "tools/tare/stream_options.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "input/duration.hpp"
#include "input/number.hpp"
#include "input/rate.hpp"
#include "text/split.hpp"

namespace tare::tool {
namespace {

// Rethrows a workload factory's invalid_argument as a usage error naming the option.
template <typename F>
auto for_option(const std::string& option, const std::string& text, F&& make) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(option + " " + text + ": " + e.what());
  }
}

}  // namespace

std::uint64_t parse_rate(const std::string& text, const std::string& option) {
  return input::parse_rate(text, option, stream::kMaxRate);
}

stream::RateSchedule parse_rate_shape(const std::string& text, const std::string& option) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return stream::RateSchedule::constant(parse_rate(text, option));
  const std::string kind = text.substr(0, colon);
  const auto fields = text::split(text.substr(colon + 1), ',');
  auto expect_fields = [&](std::size_t n, const char* form) {
    if (fields.size() != n) throw input::UsageError(option + " " + text + ": expected " + form);
  };
  if (kind == "steps") {
    std::vector<stream::RatePhase> phases;
    for (const auto& field : fields) {
      const std::size_t at = field.find('@');
      if (at == std::string::npos) throw input::UsageError(option + " " + text + ": expected steps:RATE@DURATION,...");
      phases.push_back(stream::RatePhase{input::parse_duration_ns(field.substr(at + 1), option),
                                         parse_rate(field.substr(0, at), option)});
    }
    return for_option(option, text, [&] { return stream::RateSchedule::steps(std::move(phases)); });
  }
  if (kind == "square") {
    expect_fields(3, "square:LOW,HIGH,PERIOD");
    return for_option(option, text, [&] {
      return stream::RateSchedule::square_wave(parse_rate(fields[0], option), parse_rate(fields[1], option),
                                               input::parse_duration_ns(fields[2], option));
    });
  }
  if (kind == "bursts") {
    expect_fields(4, "bursts:BASE,BURST,LENGTH,PERIOD");
    return for_option(option, text, [&] {
      return stream::RateSchedule::bursts(parse_rate(fields[0], option), parse_rate(fields[1], option),
                                          input::parse_duration_ns(fields[2], option), input::parse_duration_ns(fields[3], option));
    });
  }
  throw input::UsageError(option + " " + text + ": unknown rate shape \"" + kind + "\" (constant RATE, steps:, square: or bursts:)");
}

stream::WindowSpec parse_window(const std::string& text, const std::string& option) {
  const std::size_t slash = text.find('/');
  const std::int64_t size = input::parse_duration_ns(text.substr(0, slash), option);
  const std::int64_t slide = slash == std::string::npos ? size : input::parse_duration_ns(text.substr(slash + 1), option);
  return for_option(option, text, [&] { return stream::sliding(size, slide); });
}

stream::KeyDistSpec parse_keys(const std::string& text, const std::string& option) {
  const auto fields = text::split(text, ':');
  // The form's own numbers: a key count, a Zipf exponent, a hot share; finite, and checked
  // further by stream::validate.
  auto number = [&](const std::string& field, const char* form) {
    input::Limits any{-1e300, 1e300};
    any.what = form;
    try {
      return input::parse_number(field, option, any);
    } catch (const input::UsageError&) {
      throw input::UsageError(option + " " + text + ": expected " + form);
    }
  };
  auto count = [&](const std::string& field, const char* form) {
    const double n = number(field, form);
    if (n < 1 || n > 4294967295.0 || n != std::floor(n))
      throw input::UsageError(option + " " + text + ": the key count must be a whole number from 1 to 2^32-1");
    return static_cast<std::uint32_t>(n);
  };
  stream::KeyDistSpec spec;
  if (fields[0] == "uniform" && fields.size() == 2) {
    spec = {stream::KeyDistKind::uniform, count(fields[1], "uniform:N"), 1.0, 0.0};
  } else if (fields[0] == "zipf" && fields.size() == 3) {
    spec = {stream::KeyDistKind::zipf, count(fields[1], "zipf:N:S"), number(fields[2], "zipf:N:S"), 0.0};
  } else if (fields[0] == "hot" && fields.size() == 3) {
    spec = {stream::KeyDistKind::hot_key, count(fields[1], "hot:N:FRACTION"), 1.0, number(fields[2], "hot:N:FRACTION")};
  } else {
    throw input::UsageError(option + " " + text + ": expected uniform:N, zipf:N:S or hot:N:FRACTION");
  }
  for_option(option, text, [&] { stream::validate(spec); return 0; });
  return spec;
}

stream::DisorderSpec parse_disorder(const std::string& text, const std::string& option) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw input::UsageError(option + " " + text + ": expected FRACTION:DELAY, e.g. 0.1:50ms");
  input::Limits share{0, 1, false, false, false, "a fraction"};
  stream::DisorderSpec spec;
  spec.fraction = input::parse_number(text.substr(0, colon), option, share);
  spec.max_delay_ns = input::parse_duration_ns(text.substr(colon + 1), option, true);
  for_option(option, text, [&] { stream::validate(spec); return 0; });
  return spec;
}

std::uint64_t peak_rate(const stream::RateSchedule& schedule) {
  std::uint64_t peak = 0;
  for (const auto& p : schedule.phases()) peak = std::max(peak, p.events_per_s);
  return peak;
}

}  // namespace tare::tool
