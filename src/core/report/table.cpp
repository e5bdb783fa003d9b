#include "report/table.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace tare::report::detail {

Table::Table(std::vector<Column> columns) : columns_(std::move(columns)) {}

void Table::add_row(std::vector<Cell> cells) {
  if (cells.size() > columns_.size()) throw std::logic_error("Table::add_row: more cells than columns");
  cells.resize(columns_.size());
  rows_.push_back(std::move(cells));
}

std::vector<std::string> Table::render(bool color) const {
  std::vector<std::size_t> widths;
  for (const Column& column : columns_) widths.push_back(display_width(column.header));
  for (const auto& row : rows_) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], display_width(row[c].text));
  }

  const auto line = [&](auto&& cell_at) {
    std::string text;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      if (c > 0) text.append(columns_[c].gap, ' ');
      const Cell cell = cell_at(c);
      text += paint(pad(cell.text, widths[c], columns_[c].align), cell.style, color);
    }
    return text;
  };

  std::vector<std::string> lines;
  lines.push_back(line([&](std::size_t c) {
    // Unnamed columns (units, markers) stay plain: bold spaces are just noise in the bytes.
    return Cell{columns_[c].header, columns_[c].header.empty() ? Style::plain : Style::bold};
  }));
  for (const auto& row : rows_) lines.push_back(line([&](std::size_t c) { return row[c]; }));
  return lines;
}

}  // namespace tare::report::detail
