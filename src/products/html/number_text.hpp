// A number as the report's text shows it, in a printf format of one double ("%.3g").
#pragma once

#include <string>

namespace tare::html {

std::string number_text(const char* format, double value);

}  // namespace tare::html
