// A plain-text table whose rows all have the same display width: column widths are
// computed from the widest cell (in terminal columns, not bytes), and colour is applied
// after padding so escapes never shift a column.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "report/text.hpp"

namespace tare::report::detail {

struct Cell {
  std::string text;
  Style style = Style::plain;
};

struct Column {
  std::string header;
  Align align = Align::left;
  std::size_t gap = 2;  ///< spaces before this column (ignored for the first)
};

class Table {
 public:
  explicit Table(std::vector<Column> columns);

  /// Adds a row; missing trailing cells are empty, extra cells are an error (throws).
  void add_row(std::vector<Cell> cells);

  /// The header line, then one line per row, without newlines. Every line has the same
  /// display width; the header is bold when `color`.
  std::vector<std::string> render(bool color) const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<Cell>> rows_;
};

}  // namespace tare::report::detail
