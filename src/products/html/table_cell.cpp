#include "html/table_cell.hpp"

#include <cmath>

#include "html/escape.hpp"
#include "html/number_text.hpp"

namespace tare::html {

std::string table_cell(const std::string& text, std::optional<double> sort_value) {
  if (!sort_value || !std::isfinite(*sort_value)) return "<td>" + escape(text) + "</td>";
  return "<td data-value=\"" + number_text("%.17g", *sort_value) + "\">" + escape(text) + "</td>";
}

}  // namespace tare::html
