// The report as one self-contained HTML document: a sortable summary table on top, a
// section of pictures per benchmark, the context of each file at the bottom. Nothing is
// fetched when it is viewed (a Content-Security-Policy forbids it): the charts are inline
// SVG and the little script that sorts the table is inline too.
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::html {

/// A results file as the report shows it; `label` names it (its file name).
struct RunFile {
  std::string label;
  results::Run run;
};

std::string report_page(const std::vector<RunFile>& runs);

}  // namespace tare::html
