// tare::skip, out of line so that the public header needs no exception class. No header of
// its own: include/tare/benchmark.hpp declares it.
#include <string>
#include <utility>

#include "registry/skipped.hpp"
#include "tare/benchmark.hpp"

namespace tare {

void skip(std::string reason) { throw detail::Skipped(std::move(reason)); }

}  // namespace tare
