// Compiled as C++17 against the installed headers: the public API must not need more.
#include <tare/probe.hpp>
#include <tare/tare.hpp>

#include <string>

TARE_BENCHMARKS {
  tare::group("consumer").param("n", {1, 2}).bench("concat", [] {
    TARE_PROBE("consumer.concat");  // the probe links from the installed library too
    return std::string("a") + std::string(tare::opaque(std::size_t{8}), 'b');
  });
}
