// tare::skip, out of line so that the public header needs no exception class.
#include <string>
#include <utility>

#include "registry/skipped.hpp"
#include "tare/benchmark.hpp"

namespace tare {

void skip(std::string reason) { throw detail::Skipped(std::move(reason)); }

}  // namespace tare
