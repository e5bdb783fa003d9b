// The report as one self-contained HTML document: sortable summary tables on top (one per
// kind of file given), a section of pictures per benchmark, comparison, stream run or set
// of probes, the context of each run at the bottom. Nothing is fetched when it is viewed (a
// Content-Security-Policy forbids it): the charts are inline SVG and the little script
// that sorts the tables is inline too.
#pragma once

#include <string>
#include <vector>

#include "html/report_file.hpp"

namespace tare::html {

std::string report_page(const std::vector<ReportFile>& files);

}  // namespace tare::html
