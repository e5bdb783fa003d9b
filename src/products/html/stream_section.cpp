#include "html/stream_section.hpp"

#include <algorithm>
#include <cmath>

#include "html/escape.hpp"
#include "html/number_text.hpp"
#include "html/plot.hpp"
#include "html/table_cell.hpp"
#include "stream/verdict/rate_text.hpp"

namespace tare::html {
namespace {

// Rates as the console writes them ("50k/s", "1.5M/s", "800/s").
using stream::rate_text;

struct TimeUnit {
  double ns = 1;
  const char* name = "ns";
};

TimeUnit unit_for(double largest_ns) {
  if (largest_ns >= 1e6) return {1e6, "ms"};
  if (largest_ns >= 1e3) return {1e3, "µs"};
  return {};
}

std::string short_number(double value) { return number_text("%.3g", value); }

using Points = std::vector<std::pair<double, double>>;

// A line per series (class, label, points), on shared axes.
struct Series {
  std::string css_class, label;
  Points points;
};

std::string line_chart(const char* kind, const std::string& title, const std::vector<Series>& series, const std::string& x_label,
                       const std::string& y_label, Range x_override = {0, 0}) {
  std::vector<double> xs, ys{0};
  for (const auto& s : series)
    for (const auto& [x, y] : s.points) {
      xs.push_back(x);
      ys.push_back(y);
    }
  const Range x = x_override.high > x_override.low ? x_override : padded_range(xs, 0.02);
  Range y = padded_range(ys, 0.08);
  y.low = 0;
  Plot plot(kind, title, x, y);
  plot.axes(x_label, y_label);
  std::vector<std::pair<std::string, std::string>> key;
  for (const auto& s : series) {
    plot.polyline(s.points, "line " + s.css_class);
    key.emplace_back("line " + s.css_class, s.label);
  }
  plot.legend(key);
  return plot.svg();
}

double largest_latency(const StreamRun& run) {
  double largest = 0;
  for (const auto& w : run.windows)
    for (const auto& v : {w.event_p99, w.processing_p99})
      if (v) largest = std::max(largest, *v);
  return largest;
}

std::string latency_over_time(const StreamRun& run) {
  const TimeUnit unit = unit_for(largest_latency(run));
  Series event_p50{"event-p50", "event time p50", {}}, event_p99{"event-p99", "event time p99", {}};
  Series processing_p50{"processing-p50", "processing time p50", {}}, processing_p99{"processing-p99", "processing time p99", {}};
  for (const auto& w : run.windows) {
    const auto add = [&](Series& s, const std::optional<double>& v) {
      if (v) s.points.emplace_back(w.start_s, *v / unit.ns);
    };
    add(event_p50, w.event_p50);
    add(event_p99, w.event_p99);
    add(processing_p50, w.processing_p50);
    add(processing_p99, w.processing_p99);
  }
  return line_chart("latency-over-time", "Latency over time, per interval", {event_p99, event_p50, processing_p99, processing_p50},
                    "time since the start (s)", std::string("latency (") + unit.name + ")");
}

std::string throughput_over_time(const StreamRun& run) {
  Series generated{"generated", "generated/s", {}}, taken{"taken", "taken by the SUT/s", {}};
  for (std::size_t i = 1; i < run.backlog.size(); ++i) {
    const auto& a = run.backlog[i - 1];
    const auto& b = run.backlog[i];
    const double dt = b.t_s - a.t_s;
    if (dt <= 0) continue;
    generated.points.emplace_back(b.t_s, (b.generated - a.generated) / dt);
    taken.points.emplace_back(b.t_s, (b.taken - a.taken) / dt);
  }
  return line_chart("throughput-over-time", "Throughput over time (offered: " + rate_text(run.offered_rate) + ")",
                    {generated, taken}, "time since the start (s)", "events/s");
}

std::string backlog_over_time(const StreamRun& run) {
  Series backlog{"backlog", "events generated, not yet taken", {}};
  for (const auto& point : run.backlog) backlog.points.emplace_back(point.t_s, point.backlog);
  return line_chart("backlog-over-time", "Backlog over time", {backlog}, "time since the start (s)", "events");
}

// Percentiles on a scale of nines: 0 → 0%, 1 → 90%, 2 → 99%, 3 → 99.9%; the maximum one
// step beyond the last.
double nines(double percentile) { return -std::log10(1 - percentile / 100); }

std::string percentile_spectrum(const StreamRun& run) {
  double largest = 0, last_nines = 0;
  for (const auto* summary : {&run.event_time, &run.processing_time})
    for (const auto& [p, ns] : summary->spectrum) {
      largest = std::max(largest, ns);
      if (p < 100) last_nines = std::max(last_nines, nines(p));
    }
  const TimeUnit unit = unit_for(largest);
  const double at_max = std::ceil(last_nines) + 1;
  const auto spectrum = [&](const LatencySummary& summary) {
    Points points;
    for (const auto& [p, ns] : summary.spectrum) points.emplace_back(p < 100 ? nines(p) : at_max, ns / unit.ns);
    return points;
  };
  std::vector<Series> series{{"event-p99", "event time", spectrum(run.event_time)},
                             {"processing-p99", "processing time", spectrum(run.processing_time)}};
  Range y = padded_range({0, largest / unit.ns}, 0.08);
  y.low = 0;
  Plot plot("percentile-spectrum", "Latency by percentile", {-0.1, at_max + 0.1}, y);
  plot.axes("percentile", std::string("latency (") + unit.name + ")", {false, true});
  const char* kLabels[] = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"};
  for (int n = 0; n < static_cast<int>(at_max) && n < 7; ++n) plot.x_label_at(n, kLabels[n]);
  plot.x_label_at(at_max, "max");
  std::vector<std::pair<std::string, std::string>> key;
  for (const auto& s : series) {
    plot.polyline(s.points, "line " + s.css_class);
    for (const auto& [x, v] : s.points) plot.dot(x, v, 2.5, "point " + s.css_class, s.label + ": " + short_number(v) + " " + unit.name);
    key.emplace_back("line " + s.css_class, s.label);
  }
  plot.legend(key);
  return plot.svg();
}

std::string latency_text(const LatencySummary& summary) {
  const TimeUnit unit = unit_for(summary.max.value_or(0));
  const auto value = [&](const std::optional<double>& v) { return v ? short_number(*v / unit.ns) + " " + unit.name : "–"; };
  return "p50 " + value(summary.p50) + ", p99 " + value(summary.p99) + ", p99.9 " + value(summary.p99_9) + ", max " +
         value(summary.max);
}

}  // namespace

std::string stream_summary_row(const StreamRun& run, const std::string& label, const std::string& anchor) {
  return "<tr>" + table_cell(label) + "<td><a href=\"#" + anchor + "\">" + escape(run.sut) + "</a></td>" +
         table_cell(rate_text(run.offered_rate), run.offered_rate) +
         (run.taken_rate ? table_cell(rate_text(*run.taken_rate), *run.taken_rate) : table_cell("–")) +
         table_cell(run.event_time.p99 ? short_number(*run.event_time.p99 / 1e6) + " ms" : "–", run.event_time.p99) +
         table_cell(run.verdict) + "</tr>\n";
}

std::string stream_section(const StreamRun& run, const std::string& label, const std::string& anchor) {
  std::string html = "<section class=\"stream\" id=\"" + anchor + "\"><h2>Stream run: " + escape(run.sut) +
                     " <span class=\"file\">" + escape(label) + "</span></h2>";
  html += "<p class=\"figures\"><strong>" + escape(run.verdict) + "</strong> at " + rate_text(run.offered_rate) +
          " offered · event time " + escape(latency_text(run.event_time)) + " · processing time " +
          escape(latency_text(run.processing_time)) + "</p>";
  std::string items;
  for (const auto& text : run.reasons) items += "<li>" + escape(text) + "</li>";
  for (const auto& text : run.notes) items += "<li>" + escape(text) + "</li>";
  if (!items.empty()) html += "<ul class=\"warnings\">" + items + "</ul>";
  html += "<div class=\"charts\">" + latency_over_time(run) + percentile_spectrum(run) + throughput_over_time(run) +
          backlog_over_time(run) + "</div>";
  if (!run.config.empty()) {
    html += "<details><summary>Settings</summary><dl class=\"context\">";
    for (const auto& [key, value] : run.config) html += "<dt>" + escape(key) + "</dt><dd>" + escape(value) + "</dd>";
    html += "</dl></details>";
  }
  return html + "</section>\n";
}

}  // namespace tare::html
