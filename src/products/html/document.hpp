// The frame every page of tare report shares: one HTML document with nothing to fetch (a
// Content-Security-Policy forbids it), the style sheet and the script that sorts the
// tables inline.
#pragma once

#include <string>

namespace tare::html {

/// A whole document titled `title` (text, escaped here) around `body` (markup).
std::string html_document(const std::string& title, const std::string& body);

}  // namespace tare::html
