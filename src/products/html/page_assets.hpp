// The report's style sheet and script, kept apart from the code that writes the document.
#pragma once

namespace tare::html {

/// CSS for the page and the charts' classes (plot.hpp, run_charts.cpp).
extern const char* const kStyleSheet;

/// Sorts a table.sortable by the column whose header is clicked: by each cell's
/// data-value when it has one (numbers), else by its text; a second click reverses.
extern const char* const kSortScript;

}  // namespace tare::html
