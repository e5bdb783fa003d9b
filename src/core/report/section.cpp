#include "report/section.hpp"

#include <cstddef>
#include <utility>

namespace tare::report::detail {

Section::Section(std::ostream& out, std::string title, bool color)
    : out_(out), title_(std::move(title)), color_(color) {}

void Section::line(const std::string& text, Style style, int indent) {
  if (!started_) out_ << '\n' << title_ << ":\n";
  started_ = true;
  out_ << std::string(static_cast<std::size_t>(indent), ' ') << paint(text, style, color_) << '\n';
}

}  // namespace tare::report::detail
