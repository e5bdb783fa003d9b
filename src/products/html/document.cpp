#include "html/document.hpp"

#include "html/escape.hpp"
#include "html/page_assets.hpp"

namespace tare::html {
namespace {

constexpr const char* kPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

}  // namespace

std::string html_document(const std::string& title, const std::string& body) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  html += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + std::string(kPolicy) + "\">";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  html += "<title>" + escape(title) + "</title><style>" + kStyleSheet + "</style></head><body>\n";
  html += body;
  html += "<script>" + std::string(kSortScript) + "</script></body></html>\n";
  return html;
}

}  // namespace tare::html
