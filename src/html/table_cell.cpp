#include "html/table_cell.hpp"

#include <cmath>
#include <cstdio>

#include "html/escape.hpp"

namespace tare::html {

std::string table_cell(const std::string& text, std::optional<double> sort_value) {
  if (!sort_value || !std::isfinite(*sort_value)) return "<td>" + escape(text) + "</td>";
  char number[32];
  std::snprintf(number, sizeof number, "%.17g", *sort_value);
  return "<td data-value=\"" + std::string(number) + "\">" + escape(text) + "</td>";
}

}  // namespace tare::html
