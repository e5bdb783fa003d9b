// libFuzzer target: what a SUT decodes from the driver's hello, the run description in its
// name ("tare/1 query=... window=..."), and the SUT address a user types: a value or an
// exception, never a crash.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "stream/transport/net.hpp"
#include "stream/transport/run_description.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    tare::stream::parse_hello_name(text);
  } catch (const std::exception&) {
  }
  try {
    tare::stream::parse_address(text, "--sut");
  } catch (const std::exception&) {
  }
  return 0;
}
