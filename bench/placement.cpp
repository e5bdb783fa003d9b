// How much code placement alone moves a few typical functions: built as 20 layout variants
// (tare_layout_variants in bench/CMakeLists.txt: the same machine code, functions linked in
// another order), run one by one by bench/placement.sh, which compares the spread of the
// variants' scores with the interval of one variant's.
//   placement.std_sort  std::sort of 1000 ints, a fresh copy of the same input each call
//   placement.fnv1a     FNV-1a over 256 keys of 64 bytes (16 KiB: in the L1 cache)
//   placement.parse     a switch over each character of a 4 KiB arithmetic text
// Two other builds of it serve bench/placement_ab.sh (TARE_PLACEMENT_TRIES in
// bench/CMakeLists.txt): TARE_PLACEMENT_UNRELATED links in one more function that nothing
// calls (the benchmarks' code unchanged, placed elsewhere), TARE_PLACEMENT_MORE_WORK makes
// placement.fnv1a hash 5 of its 256 keys twice (a real change of about 2%).
#include <tare/tare.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct SortInput {
  std::vector<int> input;
  std::vector<int> work;
  explicit SortInput(const tare::Params&) : input(1000), work(1000) {
    std::mt19937 rng(42);
    for (int& x : input) x = static_cast<int>(rng());
  }
};

using Key = std::array<char, 64>;

struct HashKeys {
  std::vector<Key> keys;
  explicit HashKeys(const tare::Params&) : keys(256) {
    std::mt19937 rng(7);
    for (Key& key : keys)
      for (char& c : key) c = static_cast<char>('a' + rng() % 26);
  }
};

// Numbers and operators with spaces and line breaks between them, and a few characters the
// parser rejects: every branch of its switch is taken.
struct ExpressionText {
  std::string text;
  explicit ExpressionText(const tare::Params&) {
    std::mt19937 rng(3);
    const std::string_view separators = "+-*/ \n(),";
    while (text.size() < 4096) {
      text += std::to_string(rng() % 100000);
      text += separators[rng() % separators.size()];
      if (rng() % 64 == 0) text += '#';
    }
  }
};

[[gnu::noinline]] std::uint64_t fnv1a_64(const char* data, std::size_t size) {
  std::uint64_t hash = 14695981039346656037ull;
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ static_cast<unsigned char>(data[i])) * 1099511628211ull;
  return hash;
}

std::uint64_t hash_all(const HashKeys& keys) {
  std::uint64_t combined = 0;
  for (const Key& key : keys.keys) combined ^= fnv1a_64(key.data(), key.size());
#ifdef TARE_PLACEMENT_MORE_WORK
  for (std::size_t k = 0; k < 5; ++k) combined += fnv1a_64(keys.keys[k].data(), keys.keys[k].size());
#endif
  return combined;
}

struct ParseTotals {
  std::int64_t sum = 0;
  std::int64_t operators = 0;
  std::int64_t rejected = 0;
};

// Decimal integers and the operators between them, one character at a time.
[[gnu::noinline]] ParseTotals parse_expression(std::string_view text) {
  ParseTotals totals;
  std::int64_t number = 0;
  for (const char c : text) {
    switch (c) {
      case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9':
        number = number * 10 + (c - '0');
        continue;
      case '+': case '-': totals.operators += 1; break;
      case '*': case '/': totals.operators += 2; break;
      case '(': case ')': case ',': totals.operators += 3; break;
      case ' ': case '\n': break;
      default: ++totals.rejected; break;
    }
    totals.sum += number;
    number = 0;
  }
  totals.sum += number;
  return totals;
}

}  // namespace

#ifdef TARE_PLACEMENT_UNRELATED
// Never called, and kept (external linkage): it only takes room in .text.
[[gnu::noinline]] std::uint64_t tare_placement_unrelated(const std::uint64_t* values, std::size_t count) {
  std::uint64_t folded = 0;
  for (std::size_t i = 0; i < count; ++i) folded = (folded << 7 | folded >> 57) ^ (values[i] * 0x9e3779b97f4a7c15ull);
  return folded;
}
#endif

TARE_BENCHMARKS {
  tare::group<SortInput>("placement")
      .before_each([](SortInput& s) { std::copy(s.input.begin(), s.input.end(), s.work.begin()); })
      .bench("std_sort", [](SortInput& s) {
        std::sort(s.work.begin(), s.work.end());
        return s.work[500];
      });
  tare::group<HashKeys>("placement").bench("fnv1a", [](HashKeys& keys) { return hash_all(keys); });
  tare::group<ExpressionText>("placement").bench("parse", [](ExpressionText& e) {
    const ParseTotals totals = parse_expression(e.text);
    return totals.sum + totals.operators + totals.rejected;
  });
}
