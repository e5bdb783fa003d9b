#include "html/run_charts.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "report/units.hpp"

namespace tare::html {
namespace {

// Beyond this many samples a chart draws each fork as a line, and dots only where they
// say something (disturbed samples): tens of thousands of circles make a page crawl.
constexpr std::size_t kMostDots = 6000;

double quantile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double position = p * static_cast<double>(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
}

std::string value_text(double value, const std::string& unit) {
  return report::detail::significant3(value) + " " + unit;
}

// The y range that shows the bulk of the samples: a first call a hundred times slower
// would flatten everything else. Samples beyond it are drawn at its edge.
Range robust_range(const std::vector<double>& values) {
  if (values.size() < 20) return padded_range(values);
  const double low = quantile(values, 0.005), high = quantile(values, 0.995);
  return padded_range({low, high});
}

std::vector<double> all_values(const std::vector<ForkSeries>& forks) {
  std::vector<double> values;
  for (const auto& fork : forks) values.insert(values.end(), fork.values.begin(), fork.values.end());
  return values;
}

// The measured samples of the scored forks, and which of them other work disturbed.
struct Measured {
  std::vector<double> values;
  std::vector<bool> disturbed;
};

Measured measured_samples(const std::vector<ForkSeries>& forks) {
  Measured measured;
  for (const auto& fork : forks) {
    if (!fork.scored) continue;
    for (std::size_t i = fork.measured_from; i < fork.values.size(); ++i) {
      measured.values.push_back(fork.values[i]);
      measured.disturbed.push_back(i < fork.disturbed.size() && fork.disturbed[i]);
    }
  }
  return measured;
}

// Freedman–Diaconis bins over `x`, within 8 to 50 of them.
int bin_count(const std::vector<double>& values, Range x) {
  const double iqr = quantile(values, 0.75) - quantile(values, 0.25);
  const double width = iqr > 0 ? 2 * iqr / std::cbrt(static_cast<double>(values.size())) : 0;
  return width > 0 ? std::clamp(static_cast<int>(std::ceil((x.high - x.low) / width)), 8, 50) : 8;
}

const char* sample_class(const ForkSeries& fork, std::size_t i) {
  if (i < fork.disturbed.size() && fork.disturbed[i]) return "disturbed";
  return i < fork.measured_from ? "warmup" : "sample";
}

void draw_fork(Plot& plot, const ForkSeries& fork, double offset, Range y, bool dots, const std::string& unit) {
  const auto clamp = [&](double v) { return std::clamp(v, y.low, y.high); };
  std::vector<std::pair<double, double>> line;
  for (std::size_t i = 0; i < fork.values.size(); ++i) {
    const double x = offset + static_cast<double>(i);
    const double v = fork.values[i];
    line.emplace_back(x, clamp(v));
    const std::string css = sample_class(fork, i);
    if (dots || css == "disturbed")
      plot.dot(x, clamp(v), css == "disturbed" ? 2.5 : 1.6, css + (v != clamp(v) ? " clipped" : ""),
               "sample " + std::to_string(i + 1) + ": " + value_text(v, unit));
  }
  if (!dots) plot.polyline(line, fork.scored ? "series" : "series unscored");
  if (fork.measured_from > 0 && fork.measured_from < fork.values.size())
    plot.vertical(offset + static_cast<double>(fork.measured_from) - 0.5, "cut", "warmup ends");
  for (const std::size_t cp : fork.changepoints)
    if (cp > 0 && cp < fork.values.size())
      plot.vertical(offset + static_cast<double>(cp) - 0.5, "changepoint", "changepoint at sample " + std::to_string(cp + 1));
  if (fork.mean && fork.measured_from < fork.values.size())
    plot.segment(offset + static_cast<double>(fork.measured_from), clamp(*fork.mean),
                 offset + static_cast<double>(fork.values.size() - 1), clamp(*fork.mean), "fork-mean",
                 "fork mean " + value_text(*fork.mean, unit));
}

}  // namespace

std::string run_sequence_chart(const std::vector<ForkSeries>& forks, const std::string& unit) {
  std::size_t total = 0;
  for (const auto& fork : forks) total += fork.values.size();
  const double gap = std::max(2.0, static_cast<double>(total) * 0.02);
  const Range y = robust_range(all_values(forks));
  const double width = std::max(1.0, static_cast<double>(total) + gap * static_cast<double>(forks.size() - (forks.empty() ? 0 : 1)));
  Plot plot("run-sequence", "Samples in run order, per fork", {-1, width}, y, {1288, 260, 72});
  plot.axes("samples in run order, fork by fork (grey: warmup)", unit, {false, true});
  const bool dots = total <= kMostDots;
  double offset = 0;
  for (std::size_t f = 0; f < forks.size(); ++f) {
    draw_fork(plot, forks[f], offset, y, dots, unit);
    if (forks.size() <= 30) plot.x_label_at(offset + static_cast<double>(forks[f].values.size()) / 2, std::to_string(f + 1));
    offset += static_cast<double>(forks[f].values.size()) + gap;
  }
  return plot.svg();
}

std::string fork_means_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit) {
  std::vector<double> means;
  for (const auto& fork : forks)
    if (fork.mean) means.push_back(*fork.mean);
  if (estimate.ci) {
    means.push_back(estimate.ci->low);
    means.push_back(estimate.ci->high);
  }
  const double n = static_cast<double>(forks.size());
  Plot plot("fork-means", "Fork means and the score's 95% interval", {0.3, n + 0.7}, padded_range(means, 0.1));
  plot.axes("fork, in run order", unit, {false, true});
  if (estimate.ci)
    plot.box(0.3, estimate.ci->low, n + 0.7, estimate.ci->high, "ci-band",
             estimate.ci_label + ": " + value_text(estimate.ci->low, unit) + " – " + value_text(estimate.ci->high, unit));
  if (estimate.score) plot.horizontal(*estimate.score, "score", "score " + value_text(*estimate.score, unit));
  for (std::size_t f = 0; f < forks.size(); ++f) {
    if (!forks[f].mean) continue;
    const double x = static_cast<double>(f + 1);
    plot.dot(x, *forks[f].mean, 4, forks[f].scored ? "fork-dot" : "fork-dot unscored",
             "fork " + std::to_string(f + 1) + ": " + value_text(*forks[f].mean, unit) +
                 (forks[f].scored ? "" : " (not scored)"));
    if (forks.size() <= 30) plot.x_label_at(x, std::to_string(f + 1));
  }
  return plot.svg();
}

std::string distribution_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit) {
  const Measured measured = measured_samples(forks);
  const Range x = robust_range(measured.values);
  const double span = x.high - x.low;
  const int bins = bin_count(measured.values, x);
  // Per bin: undisturbed samples (what the score rests on), then disturbed ones stacked above.
  std::vector<std::pair<int, int>> counts(static_cast<std::size_t>(bins), {0, 0});
  for (std::size_t i = 0; i < measured.values.size(); ++i) {
    const int bin = static_cast<int>((std::clamp(measured.values[i], x.low, x.high) - x.low) / span * bins);
    auto& count = counts[static_cast<std::size_t>(std::clamp(bin, 0, bins - 1))];
    (measured.disturbed[i] ? count.second : count.first) += 1;
  }
  int tallest = 1;
  for (const auto& [clean, disturbed] : counts) tallest = std::max(tallest, clean + disturbed);
  const double top = tallest * 1.08;
  Plot plot("distribution", "Distribution of the measured samples", x, {0, top});
  plot.axes(unit + " (red: samples other work disturbed)", "samples");
  if (estimate.ci) plot.box(estimate.ci->low, 0, estimate.ci->high, top, "ci-band", estimate.ci_label + " of the score");
  for (int b = 0; b < bins; ++b) {
    const double left = x.low + span * b / bins, right = x.low + span * (b + 1) / bins;
    const auto [clean, disturbed] = counts[static_cast<std::size_t>(b)];
    const std::string where = report::detail::significant3(left) + " – " + value_text(right, unit);
    if (clean > 0) plot.box(left, 0, right, clean, "bar", std::to_string(clean) + " samples in " + where);
    if (disturbed > 0)
      plot.box(left, clean, right, clean + disturbed, "bar disturbed",
               std::to_string(disturbed) + " disturbed samples in " + where);
  }
  if (estimate.score) plot.vertical(*estimate.score, "score", "score " + value_text(*estimate.score, unit));
  return plot.svg();
}

}  // namespace tare::html
