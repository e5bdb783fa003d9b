// Numeric flags of a CLI11 command line, read through number.hpp: the value is checked as
// it is parsed, and a bad one is a UsageError naming the flag (CLI11's own checks let nan
// through every range). Only files that build a command line include this (CLI11 is costly
// to compile).
#pragma once

#include <CLI/CLI.hpp>

#include "input/duration.hpp"
#include "input/number.hpp"
#include "input/percent.hpp"

namespace tare::input {

/// Adds `flag` to `app`, storing its value, read within `limits`, in `target`.
template <class T>
CLI::Option* add_number(CLI::App* app, const std::string& flag, T& target, const Limits& limits,
                        const std::string& help) {
  auto* option = app->add_option_function<std::string>(
      flag, [&target, flag, limits](const std::string& text) { target = parse_as<T>(text, flag, limits); }, help);
  option->type_name("NUMBER")->default_str(number_text(static_cast<long double>(target)));
  return option;
}

/// Adds a duration flag (input/duration.hpp): `target` holds it in `unit`.
inline CLI::Option* add_duration(CLI::App* app, const std::string& flag, double& target, TimeUnit unit,
                                 const std::string& help) {
  auto* option = app->add_option_function<std::string>(
      flag, [&target, flag, unit](const std::string& text) { target = parse_duration(text, flag, unit); }, help);
  option->type_name("DURATION")->default_str(number_text(target) + (unit == TimeUnit::seconds ? "s" : "ms"));
  return option;
}

/// Adds a percentage flag (input/percent.hpp): `target` holds it in percent.
inline CLI::Option* add_percent(CLI::App* app, const std::string& flag, double& target, const Limits& limits,
                                const std::string& help) {
  auto* option = app->add_option_function<std::string>(
      flag, [&target, flag, limits](const std::string& text) { target = parse_percent(text, flag, limits); }, help);
  option->type_name("PERCENT")->default_str(number_text(target) + "%");
  return option;
}

}  // namespace tare::input
