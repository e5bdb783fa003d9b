#include "disasm/callgrind_profile.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace tare::disasm {
namespace {

std::optional<std::uint64_t> callgrind_number(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    base = 16;
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// The next blank-separated token of `rest`, taken off it.
std::string_view next_token(std::string_view& rest) {
  const auto start = rest.find_first_not_of(" \t");
  if (start == std::string_view::npos) {
    rest = {};
    return {};
  }
  rest.remove_prefix(start);
  const auto end = std::min(rest.find_first_of(" \t"), rest.size());
  const std::string_view token = rest.substr(0, end);
  rest.remove_prefix(end);
  return token;
}

// A subposition: absolute, "+N"/"-N" from the last one, or "*" for the same.
std::optional<std::uint64_t> subposition(std::string_view token, std::uint64_t last) {
  if (token == "*") return last;
  if (token.empty() || (token[0] != '+' && token[0] != '-')) return callgrind_number(token);
  const auto step = callgrind_number(token.substr(1));
  if (!step) return std::nullopt;
  return token[0] == '+' ? last + *step : last - *step;
}

bool is_cost_line(std::string_view line) {
  const char c = line[0];
  return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*';
}

// Reads the file line by line, keeping what the format carries from line to line: the
// last cost line's subpositions (relative ones count from them), the names behind
// compressed ids, the current object and function.
class CallgrindReader {
 public:
  void line(std::string_view text, std::size_t number) {
    line_number_ = number;
    if (text.empty() || text[0] == '#') return;
    if (is_cost_line(text)) return cost_line(text);
    const auto equals = text.find('=');
    const auto colon = text.find(':');
    if (equals != std::string_view::npos && (colon == std::string_view::npos || equals < colon))
      return specification(text.substr(0, equals), text.substr(equals + 1));
    if (colon != std::string_view::npos) header(text.substr(0, colon), text.substr(colon + 1));
  }

  CallgrindProfile finish() {
    if (event_.empty()) fail("no \"events:\" line: not a callgrind output file");
    CallgrindProfile profile;
    profile.event = event_;
    for (auto& [key, costs] : functions_) {
      profile.total += costs.cost;
      profile.functions.push_back(std::move(costs));
    }
    std::sort(profile.functions.begin(), profile.functions.end(), [](const FunctionCosts& a, const FunctionCosts& b) {
      return std::tie(b.cost, a.object, a.function) < std::tie(a.cost, b.object, b.function);
    });
    return profile;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("callgrind output, line " + std::to_string(line_number_) + ": " + what);
  }

  void header(std::string_view key, std::string_view value) {
    if (key == "positions") {
      positions_ = 0;
      instr_index_ = -1;
      for (std::string_view token = next_token(value); !token.empty(); token = next_token(value)) {
        if (token == "instr") instr_index_ = positions_;
        ++positions_;
      }
      last_.assign(positions_, 0);
    } else if (key == "events") {
      event_ = std::string(next_token(value));
    }
  }

  void specification(std::string_view key, std::string_view value) {
    if (key == "ob") {
      object_ = name_of(value, objects_);
    } else if (key == "fn") {
      function_ = name_of(value, functions_by_id_);
    } else if (key == "cob") {
      name_of(value, objects_);  // may define an id later lines use
    } else if (key == "cfn") {
      name_of(value, functions_by_id_);
    } else if (key == "calls" || key == "jump" || key == "jcnd") {
      // The next cost line is where the call or jump is; its costs are the callee's
      // (inclusive), not this instruction's own.
      next_line_is_an_association_ = true;
    }
  }

  // "(12) name" names id 12, "(12)" refers to it, "name" is the name itself.
  std::string name_of(std::string_view value, std::unordered_map<std::uint64_t, std::string>& names) {
    while (!value.empty() && (value[0] == ' ' || value[0] == '\t')) value.remove_prefix(1);
    if (value.size() < 2 || value[0] != '(' || value[1] < '0' || value[1] > '9') return std::string(value);
    const auto close = value.find(')');
    if (close == std::string_view::npos) fail("a compressed name without its ')'");
    const auto id = callgrind_number(value.substr(1, close - 1));
    if (!id) fail("a compressed name whose id is not a number");
    std::string_view name = value.substr(close + 1);
    while (!name.empty() && (name[0] == ' ' || name[0] == '\t')) name.remove_prefix(1);
    if (!name.empty()) return names[*id] = std::string(name);
    const auto known = names.find(*id);
    if (known == names.end()) fail("name id " + std::to_string(*id) + " used before it was defined");
    return known->second;
  }

  void cost_line(std::string_view text) {
    if (instr_index_ < 0) fail("positions without \"instr\": run callgrind with --dump-instr=yes");
    for (int i = 0; i < positions_; ++i) {
      const auto position = subposition(next_token(text), last_[i]);
      if (!position) fail("a position that is not a number");
      last_[i] = *position;
    }
    const std::string_view first_cost = next_token(text);
    const bool association = std::exchange(next_line_is_an_association_, false);
    if (first_cost.empty() || association) return;
    const auto cost = callgrind_number(first_cost);
    if (!cost) fail("a cost that is not a number");
    FunctionCosts& costs = functions_[{object_, function_}];
    if (costs.instructions.empty()) {
      costs.object = object_;
      costs.function = function_;
    }
    costs.instructions[last_[instr_index_]] += *cost;
    costs.cost += *cost;
  }

  std::size_t line_number_ = 0;
  int positions_ = 1, instr_index_ = -1;  // the format's default is "positions: line"
  std::vector<std::uint64_t> last_ = std::vector<std::uint64_t>(1, 0);
  std::string event_, object_, function_;
  bool next_line_is_an_association_ = false;
  std::unordered_map<std::uint64_t, std::string> objects_, functions_by_id_;
  std::map<std::pair<std::string, std::string>, FunctionCosts> functions_;
};

}  // namespace

CallgrindProfile parse_callgrind(std::string_view text) {
  CallgrindReader reader;
  std::size_t number = 0;
  while (!text.empty()) {
    const auto end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    reader.line(line, ++number);
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return reader.finish();
}

}  // namespace tare::disasm
