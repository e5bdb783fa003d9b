// A titled block of indented console lines, printed only when it has lines: an empty
// "Warnings:" heading would look like something went missing.
#pragma once

#include <ostream>
#include <string>

#include "report/text.hpp"

namespace tare::report::detail {

class Section {
 public:
  Section(std::ostream& out, std::string title, bool color);
  void line(const std::string& text, Style style = Style::plain, int indent = 2);

 private:
  std::ostream& out_;
  std::string title_;
  bool color_;
  bool started_ = false;
};

}  // namespace tare::report::detail
