// `tare export`'s formats by name, and one way to write any of them. A format is a file
// another tool reads: JMH's result JSON, Bencher's BMF, github-action-benchmark's custom
// format, or tare's own CSV summary (report/csv.hpp).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "export/exported.hpp"
#include "results/results.hpp"

namespace tare::exports {

enum class Format { jmh, bmf, github_action, csv };

/// "jmh", "bmf", "github-action", "csv"; nullopt for any other name.
std::optional<Format> format_named(const std::string& name);

/// The names format_named knows, for messages and help: "jmh, bmf, github-action, csv".
std::string format_names();

/// Writes `run` in `format`. `better` chooses the benchmarks of a github-action export
/// (github_action.hpp); the other formats hold every direction.
void write_export(const results::Run& run, Format format, Better better, std::ostream& out);

/// The benchmarks of `run` that an export in `format` leaves out, and why (CSV keeps every
/// benchmark: its status column says what happened).
std::vector<LeftOut> left_out_of(const results::Run& run, Format format, Better better);

}  // namespace tare::exports
