// `tare history export`: every value the history keeps, for other tools. JSON holds each
// run with its context, its benchmarks and its whole results, and the speed readings; CSV
// is one line per benchmark of a run, its run's context beside it (the results JSON and
// the speed readings are JSON's alone).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "results/store.hpp"
#include "store/history_queries.hpp"

namespace tare::tool {

/// Written as the runs are read, one at a time: a long history's results are never all in
/// memory. A run's results are written as they were kept (checked to be JSON; a string if
/// not).
void write_history_json(const std::string& history, store::Database& db, std::ostream& out);

void write_history_csv(store::Database& db, std::ostream& out);

}  // namespace tare::tool
