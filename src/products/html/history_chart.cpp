#include "html/history_chart.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <utility>

#include "html/number_text.hpp"
#include "html/plot.hpp"

namespace tare::html {
namespace {

constexpr double kChartWidth = 620, kChartHeight = 280;
constexpr double kPixelsPerCommitLabel = 60;  // "4b77160" and room around it
constexpr double kBarHalfPixels = 3.5;        // an interval bar is 7 px wide, or narrower where runs crowd

// Appended rather than "[" + ...: GCC 12 warns falsely (-Wrestrict) on a literal + temporary.
std::string bracketed(double low, double high, const char* format) {
  std::string text = "[";
  text.append(number_text(format, low)).append(", ").append(number_text(format, high)).append("]");
  return text;
}

std::string run_tooltip(const store::StoredScore& run, const report::detail::Scale& scale) {
  const auto& b = run.benchmark;
  std::string text = "run " + std::to_string(run.run_id) + " · " + run_time_text(run) + " · commit " +
                     (run.commit.empty() ? std::string("unknown") : run.commit);
  if (b.score) text += " · score " + history_number(*b.score * scale.factor) + " " + scale.unit;
  if (const auto drawn = drawn_interval(b))
    text += " · " + number_text("%g%% interval ", drawn->interval.level * 100) +
            (drawn->across ? "across runs " : "over its forks ") +
            bracketed(drawn->interval.low * scale.factor, drawn->interval.high * scale.factor, "%.4g");
  text += " · " + std::to_string(b.forks) + (b.forks == 1 ? " fork" : " forks");
  if (!b.code_digest.empty()) text += " · code " + b.code_digest;
  return text;
}

Range y_range(const std::vector<store::StoredScore>& runs, double factor) {
  std::vector<double> values;
  for (const auto& run : runs) {
    if (run.benchmark.score) values.push_back(*run.benchmark.score * factor);
    if (const auto drawn = drawn_interval(run.benchmark)) {
      values.push_back(drawn->interval.low * factor);
      values.push_back(drawn->interval.high * factor);
    }
  }
  return padded_range(values, 0.08);
}

// Commits under the axis, as many as fit: every run's where there is room, else every k-th.
void commit_labels(Plot& plot, const std::vector<store::StoredScore>& runs) {
  const double across = plot.pixels_across(1);
  const std::size_t step =
      across >= kPixelsPerCommitLabel ? 1 : static_cast<std::size_t>(std::ceil(kPixelsPerCommitLabel / across));
  for (std::size_t i = 0; i < runs.size(); i += step)
    plot.x_label_at(static_cast<double>(i), commit_label(runs[i].commit));
}

// Every other code series in another colour (its line, dots and bars), so that where one
// ends and the next begins shows at a glance.
const char* series_colour(std::size_t segment) { return segment % 2 ? " alternate" : ""; }

void code_series(Plot& plot, const std::vector<store::StoredScore>& runs, const std::vector<CodeSegment>& segments,
                 double factor) {
  for (std::size_t k = 0; k < segments.size(); ++k) {
    const auto& segment = segments[k];
    if (k > 0)
      plot.vertical(static_cast<double>(segment.first) - 0.5, "code-change",
                    "the timed code changed at run " + std::to_string(runs[segment.first].run_id) + " (code " +
                        (segment.code.empty() ? std::string("not recorded") : segment.code) + "): a new series");
    std::vector<std::pair<double, double>> line;
    for (std::size_t i = segment.first; i < segment.last; ++i)
      if (runs[i].benchmark.score) line.emplace_back(static_cast<double>(i), *runs[i].benchmark.score * factor);
    plot.polyline(line, std::string("history-line") + series_colour(k));
  }
}

void runs_drawn(Plot& plot, const std::vector<store::StoredScore>& runs, const std::vector<CodeSegment>& segments,
                const report::detail::Scale& scale) {
  const double half = std::min(0.3, kBarHalfPixels / plot.pixels_across(1));
  for (std::size_t k = 0; k < segments.size(); ++k)
    for (std::size_t i = segments[k].first; i < segments[k].last; ++i) {
      const auto& b = runs[i].benchmark;
      const double x = static_cast<double>(i);
      const std::string tooltip = run_tooltip(runs[i], scale);
      if (const auto drawn = drawn_interval(b))
        plot.box(x - half, drawn->interval.low * scale.factor, x + half, drawn->interval.high * scale.factor,
                 std::string(drawn->across ? "run-ci across" : "run-ci") + series_colour(k), tooltip);
      if (b.score) plot.dot(x, *b.score * scale.factor, 3.5, std::string("run-score") + series_colour(k), tooltip);
    }
}

void marks_drawn(Plot& plot, const std::vector<store::StoredScore>& runs, const std::vector<PlacedMark>& marks,
                 Range y) {
  const double nudge = 3 / plot.pixels_across(1);  // the label starts just right of its line
  for (std::size_t m = 0; m < marks.size(); ++m) {
    const ChangeMark& mark = *marks[m].mark;
    const double x = static_cast<double>(marks[m].run) - 0.5;
    const std::string& commit = runs[marks[m].run].commit;
    std::string tooltip = "change point: " + mark_text(mark);
    if (mark.interval)
      tooltip += " " + bracketed(mark.interval->low, mark.interval->high, "%+.1f%%") +
                 number_text(" (%g%% interval)", mark.interval->level * 100);
    tooltip += " from run " + std::to_string(mark.first_run) + ", commit " +
               (commit.empty() ? std::string("unknown") : commit);
    plot.vertical(x, "change-mark", tooltip);
    // Labels of marks close together are stepped down rather than written over each other.
    const double row = static_cast<double>(m % 3) * 0.07 + 0.05;
    plot.note(x + nudge, y.high - row * (y.high - y.low), mark_text(mark) + " " + commit_label(commit),
              "change-mark-label");
  }
}

}  // namespace

std::vector<CodeSegment> code_segments(const std::vector<store::StoredScore>& runs) {
  std::vector<CodeSegment> segments;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::string& code = runs[i].benchmark.code_digest;
    if (segments.empty() || segments.back().code != code) segments.push_back({i, i, code});
    segments.back().last = i + 1;
  }
  return segments;
}

std::optional<DrawnInterval> drawn_interval(const store::BenchmarkRow& benchmark) {
  if (benchmark.ci_across_runs) return DrawnInterval{*benchmark.ci_across_runs, true};
  if (benchmark.ci) return DrawnInterval{*benchmark.ci, false};
  return std::nullopt;
}

report::detail::Scale series_scale(const store::ScoreSeries& series) {
  for (auto run = series.runs.rbegin(); run != series.runs.rend(); ++run)
    if (run->benchmark.score) return report::detail::pick_scale(*run->benchmark.score, series.unit);
  return {1, series.unit};
}

std::string history_chart(const store::ScoreSeries& series, const std::vector<PlacedMark>& marks) {
  const auto& runs = series.runs;
  const auto scale = series_scale(series);
  const Range y = y_range(runs, scale.factor);
  const auto segments = code_segments(runs);
  Plot plot("history", series.name + " on " + series.machine + ": each run's score with its interval, oldest first",
            {-0.6, static_cast<double>(runs.size()) - 0.4}, y, {kChartWidth, kChartHeight, 72, 22});
  plot.axes("runs, oldest first (commit)", series.mode + ", " + scale.unit, {false, true});
  plot.caption(std::to_string(runs.size()) + (runs.size() == 1 ? " run" : " runs") + " · " +
                   std::to_string(segments.size()) + " code series",
               "caption");
  commit_labels(plot, runs);
  code_series(plot, runs, segments, scale.factor);
  runs_drawn(plot, runs, segments, scale);
  marks_drawn(plot, runs, marks, y);
  return plot.svg();
}

std::string history_number(double value) { return number_text("%.4g", value); }

std::string commit_label(const std::string& commit) { return commit.empty() ? "–" : commit.substr(0, 7); }

std::string run_time_text(const store::StoredScore& run) {
  std::string when = run.date;
  if (when.empty()) {
    const std::time_t time = static_cast<std::time_t>(run.time);
    std::tm utc{};
    char text[32];
    if (gmtime_r(&time, &utc) && std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc)) when = text;
  }
  std::replace(when.begin(), when.end(), 'T', ' ');
  if (!when.empty() && when.back() == 'Z') when.pop_back();
  return when;
}

std::string mark_text(const ChangeMark& mark) { return number_text("%+.1f%%", mark.percent); }

}  // namespace tare::html
