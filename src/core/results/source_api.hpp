// The API a benchmark's source is written against. The registry records it for each
// benchmark; a finding's advice is said in its calls and flags (report/warning_words).
#pragma once

namespace tare::results {

/// tare's own API, or Google Benchmark's (a source compiled against tare::gbench cannot
/// call consume() or .acknowledge(), and sets its options with GB's flags).
enum class SourceApi { tare, google_benchmark };

}  // namespace tare::results
