// An enum's names as one table of {value, name} rows, read both ways: each enum lists its
// values once, for writing a name and for reading one back. A switch would let the compiler
// see a value without a name; the tables' unit tests do that instead (every value of the
// enum named, each name its own, each reading back).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace tare::report {

template <class Enum>
struct EnumName {
  Enum value;
  const char* name;
};

/// The row's name for value; `otherwise` for a value the table lacks.
template <class Enum, std::size_t N>
constexpr const char* name_in(const EnumName<Enum> (&table)[N], Enum value, const char* otherwise) {
  for (const EnumName<Enum>& row : table)
    if (row.value == value) return row.name;
  return otherwise;
}

/// The value of the row named name; nullopt for a name the table lacks.
template <class Enum, std::size_t N>
constexpr std::optional<Enum> value_in(const EnumName<Enum> (&table)[N], std::string_view name) {
  for (const EnumName<Enum>& row : table)
    if (name == row.name) return row.value;
  return std::nullopt;
}

/// The table's values, in its order.
template <class Enum, std::size_t N>
constexpr std::array<Enum, N> values_in(const EnumName<Enum> (&table)[N]) {
  std::array<Enum, N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = table[i].value;
  return values;
}

/// No value and no name in two rows (for a static_assert beside each table).
template <class Enum, std::size_t N>
constexpr bool rows_distinct(const EnumName<Enum> (&table)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = i + 1; j < N; ++j)
      if (table[i].value == table[j].value || std::string_view(table[i].name) == table[j].name) return false;
  return true;
}

}  // namespace tare::report
