#include "html/run_charts.hpp"

#include <algorithm>
#include <utility>

#include "html/scales.hpp"
#include "report/units.hpp"

namespace tare::html {
namespace {

// Beyond this many samples a panel draws each fork as a line, and dots only where they
// say something (disturbed samples): tens of thousands of circles make a page crawl.
constexpr std::size_t kMostDots = 6000;

// A fork's first settled warmup samples, which the warmup panel's axis takes in whatever
// they are: where a slow start (page faults, cold caches) shows after calibration.
constexpr std::size_t kSlowStart = 3;

// A row of charts is 1288 px wide: the warmup panel takes a quarter of it, beside the
// measured samples. Room above the data area for what the axes leave out.
constexpr double kRowWidth = 1288, kRowGap = 12, kWarmupWidth = 316, kSequenceHeight = 260, kCaptionRoom = 24;

std::string value_text(double value, const std::string& unit) {
  return report::detail::significant3(value) + " " + unit;
}

bool disturbed_at(const ForkSeries& fork, std::size_t i) { return i < fork.disturbed.size() && fork.disturbed[i]; }

// The samples [from, to) of a fork that a panel draws: its warmup, or its measurement.
struct Part {
  std::size_t from = 0, to = 0;
  bool warmup = false;
  std::size_t size() const { return to - from; }
};
Part warmup_part(const ForkSeries& fork) { return {0, std::min(fork.measured_from, fork.values.size()), true}; }
Part measured_part(const ForkSeries& fork) {
  return {std::min(fork.measured_from, fork.values.size()), fork.values.size(), false};
}
using PartOf = Part (*)(const ForkSeries&);

std::vector<double> values_in(const std::vector<ForkSeries>& forks, PartOf part_of) {
  std::vector<double> values;
  for (const auto& fork : forks) {
    const Part part = part_of(fork);
    values.insert(values.end(), fork.values.begin() + static_cast<std::ptrdiff_t>(part.from),
                  fork.values.begin() + static_cast<std::ptrdiff_t>(part.to));
  }
  return values;
}

bool has_warmup(const std::vector<ForkSeries>& forks) {
  return std::any_of(forks.begin(), forks.end(), [](const ForkSeries& f) { return warmup_part(f).size() > 0; });
}

// Where each fork's part starts on the x axis and how far apart its samples are: side by
// side, apart by a gap.
struct Layout {
  std::vector<double> offsets, steps;
  double width = 1;
};

// With `widen_short`, a part shorter than half the mean is spread over that much: the first
// fork's warmup (a second long, to see a slow start) would leave the others a few pixels.
Layout side_by_side(const std::vector<ForkSeries>& forks, PartOf part_of, bool widen_short) {
  std::size_t total = 0, parts = 0;
  for (const auto& fork : forks) {
    total += part_of(fork).size();
    parts += part_of(fork).size() > 0 ? 1 : 0;
  }
  const double mean = static_cast<double>(total) / static_cast<double>(std::max<std::size_t>(parts, 1));
  const double least = widen_short ? mean / 2 : 0;
  std::vector<double> slots;
  for (const auto& fork : forks) {
    const double size = static_cast<double>(part_of(fork).size());
    slots.push_back(size > 0 ? std::max(size, least) : 0);
  }
  // A gap of about a sixth of a fork's part: wide enough to tell forks apart, never most of the axis.
  double sum = 0;
  for (const double slot : slots) sum += slot;
  const double gap = std::max(2.0, sum / static_cast<double>(std::max<std::size_t>(forks.size(), 1)) / 6);
  Layout layout;
  double offset = 0;
  for (std::size_t f = 0; f < forks.size(); ++f) {
    const double size = static_cast<double>(part_of(forks[f]).size());
    layout.offsets.push_back(offset);
    layout.steps.push_back(size > 1 ? (slots[f] - 1) / (size - 1) : 1);  // the last sample at the slot's end
    offset += slots[f] + gap;
  }
  layout.width = std::max(1.0, offset - gap);
  return layout;
}

// "3 above, 1 below the axis (2 disturbed), drawn at its edge": how many of a panel's
// samples lie beyond its axis, how many of those other work disturbed, and what became of
// them. Empty when none do.
std::string beyond_caption(const Beyond& out, std::size_t disturbed, const std::string& how) {
  if (out.total() == 0) return "";
  std::string text;
  if (out.above > 0) text = std::to_string(out.above) + " above";
  if (out.below > 0) text += (text.empty() ? "" : ", ") + std::to_string(out.below) + " below";
  text += " the axis";
  if (disturbed > 0) text += " (" + std::to_string(disturbed) + " disturbed)";
  return how.empty() ? text : text + ", " + how;
}

// The values of a part of each fork that other work disturbed.
std::vector<double> disturbed_in(const std::vector<ForkSeries>& forks, PartOf part_of) {
  std::vector<double> values;
  for (const auto& fork : forks)
    for (std::size_t i = part_of(fork).from; i < part_of(fork).to; ++i)
      if (disturbed_at(fork, i)) values.push_back(fork.values[i]);
  return values;
}

std::string sample_class(const ForkSeries& fork, std::size_t i) {
  if (disturbed_at(fork, i)) return "disturbed";
  if (i < fork.measured_from) return "warmup";
  return fork.scored ? "sample" : "sample unscored";
}

// One fork's part of a panel: its samples (clamped to the y axis, marked where they were),
// its changepoints inside the part, and over its measurement its mean.
void draw_fork(Plot& plot, const ForkSeries& fork, std::size_t number, Part part, double offset, double step, Range y,
               bool dots, const std::string& unit) {
  const auto clamp = [&](double v) { return std::clamp(v, y.low, y.high); };
  const std::string which = "fork " + std::to_string(number) + (part.warmup ? ", warmup sample " : ", sample ");
  std::vector<std::pair<double, double>> line;
  for (std::size_t i = part.from; i < part.to; ++i) {
    const double x = offset + static_cast<double>(i - part.from) * step;
    const double v = fork.values[i];
    line.emplace_back(x, clamp(v));
    const std::string css = sample_class(fork, i);
    if (dots || css == "disturbed")
      plot.dot(x, clamp(v), css == "disturbed" ? 2.5 : 1.6, css + (v != clamp(v) ? " clipped" : ""),
               which + std::to_string(i - part.from + 1) + ": " + value_text(v, unit));
  }
  if (!dots) plot.polyline(line, part.warmup ? "series warmup" : fork.scored ? "series" : "series unscored");
  for (const std::size_t cp : fork.changepoints)
    if (cp > part.from && cp < part.to)
      plot.vertical(offset + (static_cast<double>(cp - part.from) - 0.5) * step, "changepoint",
                    "changepoint at sample " + std::to_string(cp + 1) + " of fork " + std::to_string(number) +
                        " (counting warmup)");
  if (!part.warmup && fork.mean && part.size() > 0)
    plot.segment(offset, clamp(*fork.mean), offset + static_cast<double>(part.size() - 1) * step, clamp(*fork.mean),
                 "fork-mean", "fork " + std::to_string(number) + " mean " + value_text(*fork.mean, unit));
}

// The forks' parts side by side in `plot`, numbered under the axis where there is room.
void draw_forks(Plot& plot, const std::vector<ForkSeries>& forks, PartOf part_of, const Layout& layout, Range y,
                const std::string& unit) {
  std::size_t total = 0;
  for (const auto& fork : forks) total += part_of(fork).size();
  const bool dots = total <= kMostDots;
  for (std::size_t f = 0; f < forks.size(); ++f) {
    const Part part = part_of(forks[f]);
    const double step = layout.steps[f], span = static_cast<double>(part.size()) * step;
    draw_fork(plot, forks[f], f + 1, part, layout.offsets[f], step, y, dots, unit);
    if (part.size() > 0 && plot.pixels_across(span) >= 12)
      plot.x_label_at(layout.offsets[f] + (span - step) / 2, std::to_string(f + 1));
  }
}

}  // namespace

std::vector<double> fitted_values(const std::vector<ForkSeries>& forks) {
  std::vector<double> scored, measured, all;
  for (const auto& fork : forks)
    for (std::size_t i = 0; i < fork.values.size(); ++i) {
      all.push_back(fork.values[i]);
      if (i < fork.measured_from) continue;
      measured.push_back(fork.values[i]);
      if (fork.scored && !disturbed_at(fork, i)) scored.push_back(fork.values[i]);
    }
  return !scored.empty() ? scored : !measured.empty() ? measured : all;
}

std::string warmup_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit) {
  if (!has_warmup(forks)) return "";
  SettledWarmup settled;
  for (const auto& fork : forks) {
    std::size_t taken = 0;
    for (std::size_t i = fork.calibration; i < warmup_part(fork).to; ++i)
      if (!disturbed_at(fork, i)) (taken++ < kSlowStart ? settled.starts : settled.rest).push_back(fork.values[i]);
  }
  const Range y = warmup_range(settled, padded_range(fitted_values(forks)));
  const Layout layout = side_by_side(forks, warmup_part, true);
  Plot plot("warmup", "Warmup samples, per fork", {-1, layout.width}, y,
            {kWarmupWidth, kSequenceHeight, 72, kCaptionRoom});
  plot.axes("warmup, fork by fork", unit, {false, true});
  if (estimate.score && *estimate.score >= y.low && *estimate.score <= y.high)
    plot.horizontal(*estimate.score, "score", "score " + value_text(*estimate.score, unit));
  draw_forks(plot, forks, warmup_part, layout, y, unit);
  // Narrow: the count alone (the measured panel beside it says what becomes of such samples).
  if (const auto caption = beyond_caption(beyond(values_in(forks, warmup_part), y), 0, ""); !caption.empty())
    plot.caption(caption, "beyond");
  return plot.svg();
}

std::string run_sequence_chart(const std::vector<ForkSeries>& forks, const std::string& unit) {
  const Range y = padded_range(fitted_values(forks));
  const Layout layout = side_by_side(forks, measured_part, false);
  const double width = has_warmup(forks) ? kRowWidth - kRowGap - kWarmupWidth : kRowWidth;
  Plot plot("run-sequence", "Measured samples in run order, per fork", {-1, layout.width}, y,
            {width, kSequenceHeight, 72, kCaptionRoom});
  plot.axes("measured samples in run order, fork by fork", unit, {false, true});
  draw_forks(plot, forks, measured_part, layout, y, unit);
  const auto out = beyond(values_in(forks, measured_part), y);
  const auto disturbed_out = beyond(disturbed_in(forks, measured_part), y).total();
  if (const auto caption = beyond_caption(out, disturbed_out, "drawn at its edge"); !caption.empty())
    plot.caption(caption, "beyond");
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
  Plot plot("fork-means", "Fork means and the score's 95% interval", {0.3, n + 0.7}, padded_range(means, 0.1),
            {638, 220, 72, kCaptionRoom});
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
  // The measured samples of the scored forks: those the score rests on, and those other work disturbed.
  std::vector<double> clean, disturbed;
  for (const auto& fork : forks)
    if (fork.scored)
      for (std::size_t i = fork.measured_from; i < fork.values.size(); ++i)
        (disturbed_at(fork, i) ? disturbed : clean).push_back(fork.values[i]);
  const Bins bins = histogram_bins(fitted_values(forks));
  const std::vector<int> clean_counts = bin_counts(clean, bins), disturbed_counts = bin_counts(disturbed, bins);
  int tallest = 1;
  for (int b = 0; b < bins.count; ++b)
    tallest = std::max(tallest, clean_counts[static_cast<std::size_t>(b)] + disturbed_counts[static_cast<std::size_t>(b)]);
  const double top = tallest * 1.08;
  const Range x = padded_range({bins.range.low, bins.range.high}, 0.03);
  Plot plot("distribution", "Distribution of the measured samples", x, {0, top}, {638, 220, 72, kCaptionRoom});
  plot.axes(unit + " (red: samples other work disturbed)", "samples");
  if (estimate.ci)
    plot.box(std::max(estimate.ci->low, x.low), 0, std::min(estimate.ci->high, x.high), top, "ci-band",
             estimate.ci_label + " of the score");
  for (int b = 0; b < bins.count; ++b) {
    const double left = bins.range.low + bins.width() * b, right = left + bins.width();
    const int in_score = clean_counts[static_cast<std::size_t>(b)], other = disturbed_counts[static_cast<std::size_t>(b)];
    const std::string where = report::detail::significant3(left) + " – " + value_text(right, unit);
    if (in_score > 0) plot.box(left, 0, right, in_score, "bar", std::to_string(in_score) + " samples in " + where);
    if (other > 0)
      plot.box(left, in_score, right, in_score + other, "bar disturbed",
               std::to_string(other) + " disturbed samples in " + where);
  }
  if (estimate.score && *estimate.score >= x.low && *estimate.score <= x.high)
    plot.vertical(*estimate.score, "score", "score " + value_text(*estimate.score, unit));
  const auto disturbed_out = beyond(disturbed, bins.range).total();
  disturbed.insert(disturbed.end(), clean.begin(), clean.end());
  if (const auto caption = beyond_caption(beyond(disturbed, bins.range), disturbed_out, "not counted");
      !caption.empty())
    plot.caption(caption, "beyond");
  return plot.svg();
}

}  // namespace tare::html
