// The summary as CSV, for spreadsheets and plotting scripts: one row per benchmark,
// no raw samples (those are in the JSON). Columns are documented in docs/results.md.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "results/results.hpp"

namespace tare::report {

/// Header `name,family,mode,unit,threads,status,score,ci_low,ci_high,ci_level,median,
/// forks,samples,between_fork_variance,within_fork_variance,warnings`, then one
/// `counter:<name>` column per user counter name in the run (first-seen order). Missing
/// or non-finite values are empty cells; quoting follows RFC 4180; lines end with "\n".
void write_csv(const results::Run& run, std::ostream& out);

/// One CSV cell: `raw` as valid UTF-8 (U+FFFD for other bytes), quoted as RFC 4180 asks when
/// it holds a comma, a quote or a line break (its quotes doubled).
std::string csv_field(std::string_view raw);

}  // namespace tare::report
