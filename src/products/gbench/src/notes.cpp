#include "notes.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "analysis/estimates.hpp"
#include "body.hpp"
#include "gb_format.hpp"
#include "report/console.hpp"
#include "report/hot_code_block.hpp"
#include "report/perf_table.hpp"
#include "report/profile_table.hpp"
#include "report/score_interval.hpp"
#include "report/warning_words.hpp"

namespace tare::gbench {
namespace {

std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// Two decimals for a tight interval, fewer as it widens: "±0.84%", "±12.3%", "±140%".
std::string relative_percent(double relative) {
  const double percent = 100 * relative;
  if (percent < 10) return str_format("\u00b1%.2f%%", percent);
  if (percent < 100) return str_format("\u00b1%.1f%%", percent);
  return str_format("\u00b1%.0f%%", percent);
}

// The headline interval (report::headline_interval: across runs when the spread between
// runs is known, else over the forks the score rests on), as tare's console shows
// it; a score of 0 (a loop the compiler deleted) has no relative interval.
RowNote interval_cell(const results::Benchmark& b) {
  const std::string forks = "n=" + std::to_string(analysis::scored_forks(b).size());
  const auto ci = report::headline_interval(b);
  if (!b.ok || !ci || !b.score || *b.score <= 0) return {forks, false, ""};
  return {relative_percent((ci->interval.high - ci->interval.low) / 2 / *b.score) + " " + forks, true, ""};
}

// What the column's interval covers, for the legend: ", across runs: ..." (every scope the
// run's rows show).
std::string interval_scope_text(const results::Run& run) {
  const std::string scopes = report::scopes_explained(report::run_scopes(run), report::any_own_history(run));
  return scopes.empty() ? "" : ", " + scopes;
}

// The warnings a footnote carries: those about the number (notes, advice for the next
// run, stay in the JSON, as do acknowledged ones); an unusable number says so first.
std::vector<std::string> footnote_texts(const results::Benchmark& b) {
  std::vector<std::string> texts;
  for (const results::Warning& w : b.warnings) {
    if (w.acknowledged || w.severity == results::Severity::note) continue;
    const std::string words = report::warning_words(w, b.unit);
    texts.push_back(w.severity == results::Severity::unusable ? "NOT TO BE USED: " + words : words);
  }
  return texts;
}

// One footnote per benchmark with warnings: its marker, its name and the first warning on
// one line, any further warning on a line of its own under it.
void add_footnote(const results::Benchmark& b, const std::vector<std::string>& texts, int number, Notes& notes) {
  // Appended rather than "[" + ...: GCC 12 warns falsely (-Wrestrict) on a literal + temporary.
  const std::string marker = std::string("[").append(std::to_string(number)).append("]");
  notes.rows[b.name].marker = marker;
  notes.marker_width = std::max(notes.marker_width, marker.size() + 1);
  notes.lines.push_back(marker + " " + b.name + ": " + texts.front());
  for (std::size_t i = 1; i < texts.size(); ++i) notes.lines.push_back(std::string(marker.size() + 1, ' ') + texts[i]);
}

// A call's set-up (what the function does before its loop, and after it) is paid a few
// times per process; when it outweighs the measurement, the run is mostly set-up. Said
// once per benchmark, with what to do, when a call spends more than ten samples' worth
// outside its loop, the processes spent longer there than measuring, and at least a tenth
// of their time.
constexpr double kLongCallsShare = 0.1;

std::optional<std::string> long_calls_line(const results::Benchmark& b) {
  double outside = 0, measured = 0, wall = 0, samples = 0, sample_ns = 0, forks = 0;
  std::int64_t calls = 0;
  for (const auto& fork : b.forks) {
    if (!fork.ok) continue;
    ++forks;
    const Reported reported = parse_reported(fork.annotations);
    outside += reported.outside_ns;
    calls += reported.calls;
    measured += fork.measured_ns;
    wall += fork.wall_ns;
    for (const auto& s : fork.samples) sample_ns += s.ns;
    samples += static_cast<double>(fork.samples.size());
  }
  if (calls == 0 || samples == 0) return std::nullopt;
  const double per_call = outside / static_cast<double>(calls);
  if (per_call < 10 * sample_ns / samples || outside <= measured) return std::nullopt;
  // A deleted loop measures next to nothing, so any call's overhead exceeds it; the advice
  // is worth a line only where set-up takes a real share of the processes' time.
  if (outside < kLongCallsShare * std::max(wall, outside)) return std::nullopt;
  return b.name + ": each call of the benchmark function spent " + report::format_duration_ns(per_call) +
         " outside its timed loop (what it sets up before the loop, and what follows it), " +
         str_format("%.1f", static_cast<double>(calls) / forks) +
         " calls per process: " + str_format("%.0f", 100 * outside / std::max(wall, outside)) +
         "% of its processes' time. Build what every call builds alike once per process (in a function-local static) "
         "and the run takes a fraction of the time.";
}

// A process whose first sample, one call of the benchmark function, lasted as long as the
// process was to warm up and measure: that sample was its measurement (the runner's
// first_sample_serves), with nothing before it.
bool one_call_measured(const results::Fork& fork) {
  return fork.ok && fork.warmup.empty() && fork.samples.size() == 1 &&
         fork.steady_class != results::SteadyClass::single_shot;
}

// One line for every benchmark some of whose processes measured one call: what was not
// looked for there.
std::optional<std::string> one_call_line(const results::Run& run) {
  std::string which;
  for (const auto& b : run.benchmarks) {
    const auto ok = std::count_if(b.forks.begin(), b.forks.end(), [](const results::Fork& f) { return f.ok; });
    const auto one_call = std::count_if(b.forks.begin(), b.forks.end(), one_call_measured);
    if (one_call == 0) continue;
    which += (which.empty() ? "" : ", ") + b.name + str_format(" (%d of %d processes)", static_cast<int>(one_call),
                                                                static_cast<int>(ok));
  }
  if (which.empty()) return std::nullopt;
  return "One call of the benchmark function lasted longer than a process was to warm up and measure in " + which +
         ": there it was the process's only sample, as Google Benchmark reports a run that lasted its min time, and "
         "no warmup, steady state or slow start was looked for.";
}

// A slow start longer than a first process's watch (the benchmarks' slow_start_unchecked
// note): one line for them all, naming them unless it is every benchmark.
std::optional<std::string> unchecked_slow_start_line(const results::Run& run) {
  std::vector<std::string> names;
  double watched_ms = 0;
  for (const auto& b : run.benchmarks) {
    const bool unchecked = std::any_of(b.warnings.begin(), b.warnings.end(), [](const results::Warning& w) {
      return w.code == results::WarningCode::slow_start_unchecked;
    });
    if (!unchecked) continue;
    const double horizon = b.forks.front().slow_start->horizon_ms;
    watched_ms = names.empty() ? horizon : std::min(watched_ms, horizon);
    names.push_back(b.name);
  }
  if (names.empty()) return std::nullopt;
  const std::string watched = report::format_duration_ns(watched_ms * 1e6);
  std::string which;
  if (names.size() < run.benchmarks.size()) {
    which = " in " + names.front();
    for (std::size_t i = 1; i < names.size(); ++i) which += ", " + names[i];
  }
  return "Slow starts longer than " + watched + " were not looked for" + which + " (each benchmark's first process was " +
         "watched for " + watched + "; tare's own runs watch for 1 s): add --warmup-max-ms 1s to look as far.";
}

std::string short_run_line(const Flags& flags, const runner::RunOptions& options) {
  return "A short run (--benchmark_min_time=" + str_format("%g", *flags.min_time_seconds) +
         "): " + std::to_string(options.min_forks) + " worker processes per benchmark, each measuring " +
         report::format_duration_ns(options.measure_ms * 1e6) + " after at most " +
         report::format_duration_ns(options.warmup_max_ms * 1e6) +
         " of warmup, so the intervals are wide; --benchmark_min_time=0.5 or more gives the usual run.";
}

// What the rows printed hold, in one line: the processes, what Time and Iterations are on a
// benchmark's row or a repetition's, where the interval is; an interval cell without an
// interval only when the table has one.
std::string legend(const PrintedRows& printed, const std::string& interval_scope) {
  const std::string column = interval_header();
  std::string text = "tare: each benchmark ran in n fresh worker processes (forks)";
  if (printed.estimates)
    text += "; Time is the mean over them, Iterations the iterations they measured in all, " + column +
            " the 95% confidence interval of that mean, relative to it" + interval_scope;
  if (printed.repetitions || printed.means)
    text += std::string(printed.estimates ? "; with repetitions, " : "; ") + "each repetition is one process" +
            (printed.repetitions ? " (its row's Time, and the Iterations it measured)" : "") + ", and " + column +
            " on the _mean row the 95% confidence interval of their mean, relative to it" + interval_scope;
  if (printed.without_interval) text += "; n alone: no interval (one process, or a time of about 0)";
  return text + ".";
}

}  // namespace

std::string pad_left(const std::string& text, std::size_t width) {
  const std::size_t length = characters(text);
  return length >= width ? text : std::string(width - length, ' ') + text;
}

Notes make_notes(const results::Run& run, const Flags& flags, const runner::RunOptions& options) {
  Notes notes;
  notes.interval_width = characters(interval_header());
  int footnotes = 0;
  for (const auto& b : run.benchmarks) {
    RowNote& row = notes.rows[b.name];
    row = interval_cell(b);
    notes.interval_width = std::max(notes.interval_width, characters(row.interval));
    if (const auto texts = footnote_texts(b); !texts.empty()) add_footnote(b, texts, ++footnotes, notes);
  }
  notes.interval_scope = interval_scope_text(run);
  if (const auto table = report::detail::rusage_table(run)) {  // --prof rusage
    notes.lines.push_back("tare --prof rusage: per operation, mean over the processes ± 95% CI half-width:");
    for (const auto& line : table->render(false)) notes.lines.push_back(line);
  }
  if (const auto table = report::detail::alloc_table(run)) {  // --prof alloc
    notes.lines.push_back(
        "tare --prof alloc: per operation of the measured batches, in processes apart from the timed ones (paused "
        "timers left out); mean over those processes ± 95% CI half-width, a count the same in each shown whole:");
    for (const auto& line : table->render(false)) notes.lines.push_back(line);
  }
  if (const auto table = report::detail::perf_table(run)) {  // --prof perf
    notes.lines.push_back(std::string("tare: ").append(report::detail::perf_table_title(run)));
    for (const auto& line : table->render(false)) notes.lines.push_back(line);
  }
  if (const auto table = report::detail::instructions_table(run)) {  // --prof instructions
    notes.lines.push_back("tare --prof instructions: per operation, counted by callgrind (exact):");
    for (const auto& line : table->render(false)) notes.lines.push_back(line);
    if (const auto note = report::detail::rep_strings_note(run)) notes.lines.push_back(*note);
  }
  for (const auto& b : run.benchmarks) {  // --prof asm: a block each
    const auto block = report::detail::hot_code_block(b, false);
    if (!block.empty()) notes.lines.push_back("");
    for (const auto& line : block) notes.lines.push_back(line);
  }
  for (const auto& b : run.benchmarks)
    if (const auto line = long_calls_line(b)) notes.lines.push_back(*line);
  if (const auto line = one_call_line(run)) notes.lines.push_back(*line);
  if (const auto line = unchecked_slow_start_line(run)) notes.lines.push_back(*line);
  for (const auto& w : run.context.warnings) notes.lines.push_back("Environment: " + w);
  if (short_run(flags)) notes.lines.push_back(short_run_line(flags, options));
  return notes;
}

void write_notes(const Notes& notes, const PrintedRows* printed, std::ostream& out) {
  if (notes.rows.empty()) return;
  if (printed) out << "\n" << legend(*printed, notes.interval_scope) << "\n";
  else if (!notes.lines.empty()) out << "\n";
  for (const auto& line : notes.lines) out << line << "\n";
}

}  // namespace tare::gbench
