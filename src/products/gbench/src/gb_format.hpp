// Google Benchmark's ways of writing numbers, times and text, which its reports and its
// users' scripts expect exactly: printf-style formatting, the console's human-readable
// counters (1.5k, 3M), its time columns, the local date, JSON and CSV escaping.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdarg>
#include <string>

namespace tare::gbench {

[[gnu::format(printf, 1, 2)]] std::string str_format(const char* pattern, ...);
std::string str_format_v(const char* pattern, va_list args);

/// A counter for the console: SI prefixes from 1.1 k (k = one_k: 1000 or 1024) up, and for
/// values under 0.01 ("1.5k", "3M", "12.3m").
std::string human_readable_number(double value, double one_k);

/// A time column of the console table: 10 characters, decimals fitting the magnitude.
std::string console_time(double time);

/// Now, local time, ISO 8601 with the offset as +hh:mm ("2026-12-01T09:15:02+00:00").
std::string local_date_time();

/// Google Benchmark's name of a complexity class ("NlgN", "(1)", "f(N)" for a lambda).
std::string big_o_name(benchmark::BigO complexity);

/// JSON string contents (quotes, backslashes and control characters escaped).
std::string json_escape(const std::string& text);
/// A CSV field: in quotes, quotes doubled.
std::string csv_quote(const std::string& text);

}  // namespace tare::gbench
