#include "html/plot.hpp"

#include <algorithm>
#include <cmath>

#include "html/escape.hpp"
#include "html/number_text.hpp"

namespace tare::html {
namespace {

// Margins of the data area inside the chart, in pixels: room for tick labels and titles.
constexpr double kRight = 16, kBottom = 40;

std::string number(double value) { return number_text("%.2f", value); }

// A range's end as a script or test reads it back: enough digits to tell it from a sample's value.
std::string exact(double value) { return number_text("%.10g", value); }

std::string tooltip_element(const std::string& tooltip) {
  return tooltip.empty() ? std::string() : "<title>" + escape(tooltip) + "</title>";
}

}  // namespace

std::vector<double> nice_ticks(Range range, int count) {
  const double span = range.high - range.low;
  if (!(span > 0) || !std::isfinite(span) || count < 1) return {range.low};
  const double rough = span / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  double step = magnitude;
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * magnitude;
    if (step >= rough) break;
  }
  std::vector<double> ticks;
  for (double tick = std::ceil(range.low / step) * step; tick <= range.high + step * 1e-9; tick += step)
    ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
  return ticks;
}

Range padded_range(const std::vector<double>& values, double margin) {
  std::vector<double> finite;
  for (const double v : values)
    if (std::isfinite(v)) finite.push_back(v);
  if (finite.empty()) return {0, 1};
  const auto [low, high] = std::minmax_element(finite.begin(), finite.end());
  const double span = *high - *low;
  if (span > 0) return {*low - span * margin, *high + span * margin};
  const double band = *low != 0 ? std::abs(*low) * 0.05 : 1;
  return {*low - band, *high + band};
}

std::string tick_text(double value) { return number_text("%.6g", value); }

Plot::Plot(std::string kind, std::string title, Range x, Range y, Size size)
    : kind_(std::move(kind)), title_(std::move(title)), x_(x), y_(y), size_(size) {}

double Plot::px(double x) const {
  const double span = x_.high - x_.low;
  const double share = span > 0 ? (x - x_.low) / span : 0.5;
  return size_.left + share * (size_.width - size_.left - kRight);
}

double Plot::py(double y) const {
  const double span = y_.high - y_.low;
  const double share = span > 0 ? (y - y_.low) / span : 0.5;
  return size_.height - kBottom - share * (size_.height - size_.top - kBottom);
}

void Plot::element(const std::string& open, const std::string& tooltip) {
  if (tooltip.empty()) {
    body_ += open + "/>";
  } else {
    body_ += open + ">" + tooltip_element(tooltip);
    body_ += "</" + open.substr(1, open.find(' ') - 1) + ">";
  }
}

void Plot::axes(const std::string& x_label, const std::string& y_label, Ticks ticks) {
  const double left = size_.left, right = size_.width - kRight, top = size_.top, bottom = size_.height - kBottom;
  body_ += "<g class=\"axis\">";
  body_ += "<line x1=\"" + number(left) + "\" y1=\"" + number(bottom) + "\" x2=\"" + number(right) + "\" y2=\"" +
           number(bottom) + "\"/>";
  body_ += "<line x1=\"" + number(left) + "\" y1=\"" + number(top) + "\" x2=\"" + number(left) + "\" y2=\"" +
           number(bottom) + "\"/>";
  for (const double tick : ticks.y ? nice_ticks(y_, 5) : std::vector<double>{}) {
    const double y = py(tick);
    body_ += "<line class=\"grid\" x1=\"" + number(left) + "\" y1=\"" + number(y) + "\" x2=\"" + number(right) +
             "\" y2=\"" + number(y) + "\"/>";
    body_ += "<text x=\"" + number(left - 6) + "\" y=\"" + number(y + 4) + "\" text-anchor=\"end\">" +
             escape(tick_text(tick)) + "</text>";
  }
  if (ticks.x)
    for (const double tick : nice_ticks(x_, 6))
      body_ += "<text x=\"" + number(px(tick)) + "\" y=\"" + number(bottom + 16) + "\" text-anchor=\"middle\">" +
               escape(tick_text(tick)) + "</text>";
  body_ += "<text class=\"axis-title\" x=\"" + number((left + right) / 2) + "\" y=\"" + number(size_.height - 6) +
           "\" text-anchor=\"middle\">" + escape(x_label) + "</text>";
  body_ += "<text class=\"axis-title\" transform=\"rotate(-90)\" x=\"" + number(-(top + bottom) / 2) +
           "\" y=\"14\" text-anchor=\"middle\">" + escape(y_label) + "</text>";
  body_ += "</g>";
}

void Plot::segment(double x1, double y1, double x2, double y2, const std::string& css_class, const std::string& tooltip) {
  element("<line class=\"" + css_class + "\" x1=\"" + number(px(x1)) + "\" y1=\"" + number(py(y1)) + "\" x2=\"" +
              number(px(x2)) + "\" y2=\"" + number(py(y2)) + "\"",
          tooltip);
}

void Plot::polyline(const std::vector<std::pair<double, double>>& points, const std::string& css_class) {
  if (points.size() < 2) return;
  std::string coordinates;
  for (const auto& [x, y] : points) coordinates += number(px(x)) + "," + number(py(y)) + " ";
  body_ += "<polyline class=\"" + css_class + "\" points=\"" + coordinates + "\"/>";
}

void Plot::dot(double x, double y, double radius, const std::string& css_class, const std::string& tooltip) {
  element("<circle class=\"" + css_class + "\" cx=\"" + number(px(x)) + "\" cy=\"" + number(py(y)) + "\" r=\"" +
              number(radius) + "\"",
          tooltip);
}

void Plot::box(double x1, double y1, double x2, double y2, const std::string& css_class, const std::string& tooltip) {
  const double left = std::min(px(x1), px(x2)), right = std::max(px(x1), px(x2));
  const double top = std::min(py(y1), py(y2)), bottom = std::max(py(y1), py(y2));
  element("<rect class=\"" + css_class + "\" x=\"" + number(left) + "\" y=\"" + number(top) + "\" width=\"" +
              number(std::max(right - left, 0.5)) + "\" height=\"" + number(std::max(bottom - top, 0.5)) + "\"",
          tooltip);
}

void Plot::vertical(double x, const std::string& css_class, const std::string& tooltip) {
  segment(x, y_.low, x, y_.high, css_class, tooltip);
}

void Plot::horizontal(double y, const std::string& css_class, const std::string& tooltip) {
  segment(x_.low, y, x_.high, y, css_class, tooltip);
}

void Plot::note(double x, double y, const std::string& text, const std::string& css_class, const char* anchor) {
  body_ += "<text class=\"" + css_class + "\" x=\"" + number(px(x)) + "\" y=\"" + number(py(y)) +
           "\" text-anchor=\"" + anchor + "\">" + escape(text) + "</text>";
}

double Plot::pixels_across(double dx) const { return std::abs(px(x_.low + dx) - px(x_.low)); }

void Plot::caption(const std::string& text, const std::string& css_class) {
  body_ += "<text class=\"" + css_class + "\" x=\"" + number(size_.width - kRight) + "\" y=\"" + number(size_.top - 6) +
           "\" text-anchor=\"end\">" + escape(text) + "</text>";
}

void Plot::x_label_at(double x, const std::string& text) {
  body_ += "<text x=\"" + number(px(x)) + "\" y=\"" + number(size_.height - kBottom + 16) +
           "\" text-anchor=\"middle\">" + escape(text) + "</text>";
}

void Plot::legend(const std::vector<std::pair<std::string, std::string>>& class_and_label) {
  double x = size_.left + 10;
  const double y = size_.top + 12;
  body_ += "<g class=\"legend\">";
  for (const auto& [css_class, label] : class_and_label) {
    body_ += "<line class=\"" + css_class + "\" x1=\"" + number(x) + "\" y1=\"" + number(y - 4) + "\" x2=\"" +
             number(x + 18) + "\" y2=\"" + number(y - 4) + "\"/>";
    body_ += "<text x=\"" + number(x + 22) + "\" y=\"" + number(y) + "\">" + escape(label) + "</text>";
    x += 34 + 6.5 * static_cast<double>(label.size());
  }
  body_ += "</g>";
}

void Plot::y_label_at(double y, const std::string& text, const std::string& tooltip) {
  body_ += "<text x=\"" + number(size_.left - 8) + "\" y=\"" + number(py(y) + 4) + "\" text-anchor=\"end\">" +
           escape(text) + tooltip_element(tooltip) + "</text>";
}

std::string Plot::svg() const {
  return "<svg class=\"chart\" data-chart=\"" + escape(kind_) + "\" data-x=\"" + exact(x_.low) + " " + exact(x_.high) +
         "\" data-y=\"" + exact(y_.low) + " " + exact(y_.high) + "\" role=\"img\" aria-label=\"" + escape(title_) +
         "\" viewBox=\"0 0 " + number(size_.width) + " " + number(size_.height) + "\" width=\"" + number(size_.width) +
         "\" height=\"" + number(size_.height) + "\"><title>" + escape(title_) + "</title>" + body_ + "</svg>";
}

}  // namespace tare::html
