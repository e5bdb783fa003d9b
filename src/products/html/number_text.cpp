#include "html/number_text.hpp"

#include <cstdio>

namespace tare::html {

std::string number_text(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

}  // namespace tare::html
