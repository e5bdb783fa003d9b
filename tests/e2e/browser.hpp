// A page opened in a real browser: Debian's chromium, headless, on a profile of the test's
// own, killed if it hangs. Its stderr carries the page's console messages
// (--enable-logging=stderr), which console_messages picks out.
#pragma once

#include <chrono>
#include <regex>
#include <string>
#include <vector>

#include "command.hpp"

namespace tare_e2e {

inline const std::string kChromium = "/usr/bin/chromium";

/// Chromium run on `page` (a path) with `what` (--dump-dom, --screenshot=...).
inline CommandResult chromium(const std::vector<std::string>& what, const std::string& page) {
  std::vector<std::string> args{"/usr/bin/timeout", "90", kChromium, "--headless", "--no-sandbox", "--disable-gpu",
                                "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                                "--user-data-dir=" + (scratch_dir() / "chromium-profile").string()};
  args.insert(args.end(), what.begin(), what.end());
  args.push_back("file://" + page);
  return tare_test::run_process(args, std::chrono::seconds(120));
}

/// The console messages of a page, from chromium's stderr.
inline std::vector<std::string> console_messages(const std::string& err) {
  std::vector<std::string> messages;
  static const std::regex kConsole(R"(:CONSOLE[^\]]*\] (.*))");
  std::smatch match;
  std::string::const_iterator from = err.begin();
  while (std::regex_search(from, err.end(), match, kConsole)) {
    messages.push_back(match[1].str());
    from = match.suffix().first;
  }
  return messages;
}

}  // namespace tare_e2e
