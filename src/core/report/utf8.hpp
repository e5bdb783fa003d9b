// Text from outside (benchmark names, exception messages, what a SUT sends) may hold any
// bytes; the files tare writes hold valid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace tare::report {

/// `text` with each byte that is not part of well-formed UTF-8 replaced by U+FFFD (as
/// nlohmann's dump with error_handler_t::replace does for JSON strings).
std::string valid_utf8(std::string_view text);

}  // namespace tare::report
