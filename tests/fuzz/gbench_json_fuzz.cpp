// libFuzzer target: the Google Benchmark JSON reader on any bytes: a run, nullopt (not
// Google Benchmark JSON) or std::runtime_error, never a crash.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "compare/gbench_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    tare::compare::read_gbench_json(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const std::runtime_error&) {
  }
  return 0;
}
