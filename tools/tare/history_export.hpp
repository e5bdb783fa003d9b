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

void write_history_json(const std::string& history, const std::vector<store::StoredRun>& runs,
                        const std::vector<results::SpeedReading>& readings, std::ostream& out);

void write_history_csv(const std::vector<store::StoredRun>& runs, std::ostream& out);

}  // namespace tare::tool
