// libFuzzer target: tare's results reader on any bytes. It must return a run or throw
// std::runtime_error (one line), never crash, overflow the stack or hang.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "report/json_read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    tare::report::read_json(in);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
