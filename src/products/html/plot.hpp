// A chart as inline SVG: a data area with linear scales, axes with round ticks, and marks
// placed in data coordinates. Every mark may carry a tooltip (an SVG <title>, which
// browsers show on hover without any script). Appearance is the page's CSS, by class.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tare::html {

struct Range {
  double low = 0, high = 1;
};

/// Round values covering [low, high] in steps of 1, 2 or 5 × 10^k, about `count` of them.
std::vector<double> nice_ticks(Range range, int count);

/// The range of `values` widened by `margin` of its width on each side; a single value (or
/// none) gets a band around it, so that a scale never divides by zero.
Range padded_range(const std::vector<double>& values, double margin = 0.05);

/// A tick's label: up to 6 significant digits, no trailing zeros ("0.25", "50000", "1.5e+06").
std::string tick_text(double value);

struct PlotSize {
  double width = 638, height = 220;
  double left = 72;  ///< room left of the data area: tick labels, or a forest plot's names
  double top = 12;   ///< room above it: a caption()
};

/// Which axes get numbers: positions that are not quantities (a fork's place in the run, a
/// benchmark's row) get labels of their own (x_label_at, y_label_at) or none.
struct AxisTicks {
  bool x = true, y = true;
};

class Plot {
 public:
  using Size = PlotSize;
  using Ticks = AxisTicks;
  /// A chart of kind `kind` (the data-chart attribute tests and scripts find it by) and an
  /// accessible title, whose data area spans `x` × `y`.
  Plot(std::string kind, std::string title, Range x, Range y, Size size);
  Plot(std::string kind, std::string title, Range x, Range y) : Plot(std::move(kind), std::move(title), x, y, Size{}) {}

  /// Axes with their titles and, where `ticks` says, round numbers and grid lines.
  void axes(const std::string& x_label, const std::string& y_label, Ticks ticks = {});

  void segment(double x1, double y1, double x2, double y2, const std::string& css_class, const std::string& tooltip = {});
  void polyline(const std::vector<std::pair<double, double>>& points, const std::string& css_class);
  void dot(double x, double y, double radius, const std::string& css_class, const std::string& tooltip = {});
  /// A rectangle from (x1, y1) to (x2, y2) in data coordinates.
  void box(double x1, double y1, double x2, double y2, const std::string& css_class, const std::string& tooltip = {});
  /// Lines across the whole data area.
  void vertical(double x, const std::string& css_class, const std::string& tooltip = {});
  void horizontal(double y, const std::string& css_class, const std::string& tooltip = {});
  /// Text at data coordinates (anchor: "start", "middle" or "end").
  void note(double x, double y, const std::string& text, const std::string& css_class, const char* anchor = "start");
  /// How many pixels a length of `dx` along the x axis takes (whether a label fits).
  double pixels_across(double dx) const;
  /// Text under the x axis at data coordinate x (a category's name).
  void x_label_at(double x, const std::string& text);
  /// Text left of the y axis at data coordinate y (a row's name), with a tooltip.
  void y_label_at(double y, const std::string& text, const std::string& tooltip = {});

  /// Text above the data area, at its right end (what the axes leave out).
  void caption(const std::string& text, const std::string& css_class);

  /// A key in the data area's top left corner: a short line in each class, and its name.
  void legend(const std::vector<std::pair<std::string, std::string>>& class_and_label);

  /// The finished <svg> element; data-x and data-y give the data area's ranges.
  std::string svg() const;

 private:
  double px(double x) const;
  double py(double y) const;
  void element(const std::string& open, const std::string& tooltip);

  std::string kind_, title_;
  Range x_, y_;
  Size size_;
  std::string body_;
};

}  // namespace tare::html
