// A cell of the report's sortable tables: text shown, and the number it sorts by.
#pragma once

#include <optional>
#include <string>

namespace tare::html {

/// <td> holding `text` (escaped); with `sort_value`, a data-value the table sorts by.
std::string table_cell(const std::string& text, std::optional<double> sort_value = std::nullopt);

}  // namespace tare::html
