// The names the results JSON gives warnings' codes and severities, and the way back. The
// codes are for scripts: they never change once published (a new kind gets a new code).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "results/results.hpp"

namespace tare::report {

/// Every warning code, in the order of the enum.
std::span<const results::WarningCode> warning_codes();

/// "optimised_away", "target_not_reached", ... (the enum's names; tare::Warning's too).
const char* warning_code_name(results::WarningCode code);
/// nullopt for a name that is none of warning_code_name's.
std::optional<results::WarningCode> parse_warning_code(std::string_view name);

/// "unusable", "caution", "note".
const char* severity_name(results::Severity severity);
std::optional<results::Severity> parse_severity(std::string_view name);

}  // namespace tare::report
