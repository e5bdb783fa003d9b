// The parent's benchmark: it links tare::main alone.
#include <tare/tare.hpp>

#include <string>

TARE_BENCHMARKS {
  tare::group("parent").bench("concat", [] { return std::string("a") + std::string(tare::opaque(std::size_t{8}), 'b'); });
}
