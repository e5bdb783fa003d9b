// The console's second table: what the profilers a run asked for (--prof) found, one row
// per benchmark, each figure as its mean over forks ± the half-width of its 95% interval.
#pragma once

#include <optional>
#include <string>

#include "report/table.hpp"
#include "results/results.hpp"

namespace tare::report::detail {

/// A figure as the tables show it: "4 ± 0.012", "2.1e-06 ± 4e-07" (the mean over forks and
/// the 95% interval's half-width, 3 significant digits: figures per operation are of any
/// size), "0" when no fork saw any, "1000" for a count that is the same whole number in
/// every fork (exact), "4.27 MiB" for sizes, "not counted" for a figure no fork counted (a
/// perf event that never ran), which is not zero.
std::string profile_value_text(const results::ProfileMetric& m);

/// The rusage table (minor and major page faults, voluntary and involuntary context
/// switches per operation, peak resident set); nullopt when no benchmark has those figures.
std::optional<Table> rusage_table(const results::Run& run);

/// The instructions table (--prof instructions): callgrind's instructions per operation, the
/// empty loop's, and the body's own (the difference), and when any benchmark has them, how
/// many of them are counts at rep-prefixed string instructions; nullopt when no benchmark
/// has instruction counts.
std::optional<Table> instructions_table(const results::Run& run);
/// What the table's "Rep strings/op" column counts, in a line for under it; nullopt when
/// the table has no such column.
std::optional<std::string> rep_strings_note(const results::Run& run);
/// The alloc table (allocations, frees and bytes allocated per operation, peak live bytes);
/// nullopt when no benchmark has those figures.
std::optional<Table> alloc_table(const results::Run& run);

}  // namespace tare::report::detail
