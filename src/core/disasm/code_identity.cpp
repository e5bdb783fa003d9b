#include "disasm/code_identity.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>
#include <tuple>

#include "disasm/elf_symbols.hpp"
#include "disasm/hot_region.hpp"
#include "disasm/objdump.hpp"

namespace tare::disasm {
namespace {

// callgrind names a function entered again from inside itself "name'2" (--separate-recs):
// the same code under the same name.
std::string without_recursion_level(std::string name) {
  const auto quote = name.rfind('\'');
  if (quote == std::string::npos || quote + 1 == name.size()) return name;
  if (std::all_of(name.begin() + static_cast<std::ptrdiff_t>(quote) + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; }))
    name.resize(quote);
  return name;
}

bool is_same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  return std::filesystem::equivalent(a, b, error) && !error;
}

// A function of the binary the batch executed, with its symbol's range.
struct ExecutedFunction {
  std::string name;
  FunctionRange range;
  FunctionCosts costs;
};

// Its symbol's range; without one (a PLT stub), the executed range: objdump lists every
// instruction that starts in it.
FunctionRange range_of(const FunctionCosts& costs, const std::vector<FunctionRange>& symbols) {
  const std::uint64_t first = costs.instructions.begin()->first;
  const std::uint64_t last = costs.instructions.rbegin()->first;
  FunctionRange range = function_holding(symbols, first).value_or(FunctionRange{first, last + 1});
  range.stop = std::max(range.stop, last + 1);
  return range;
}

// The binary's functions in `profile`, one per entry address (a function callgrind names
// twice, at two recursion levels, is one function).
std::vector<ExecutedFunction> executed_functions(const CallgrindProfile& profile, const std::string& binary,
                                                 const std::vector<FunctionRange>& symbols) {
  std::map<std::string, bool> in_binary;  // by callgrind's object name
  std::map<std::uint64_t, ExecutedFunction> by_entry;
  for (const FunctionCosts& costs : profile.functions) {
    if (costs.instructions.empty()) continue;
    auto known = in_binary.find(costs.object);
    if (known == in_binary.end()) known = in_binary.emplace(costs.object, is_same_file(costs.object, binary)).first;
    if (!known->second) continue;
    const FunctionRange range = range_of(costs, symbols);
    ExecutedFunction& function = by_entry[range.start];
    if (function.name.empty()) {
      function.name = without_recursion_level(costs.function);
      function.range = range;
      function.costs.object = costs.object;
      function.costs.function = function.name;
    }
    function.range.stop = std::max(function.range.stop, range.stop);
    function.costs.cost += costs.cost;
    for (const auto& [address, cost] : costs.instructions) function.costs.instructions[address] += cost;
  }
  std::vector<ExecutedFunction> functions;
  for (auto& entry : by_entry) functions.push_back(std::move(entry.second));
  return functions;
}

std::vector<DisassembledInstruction> instructions_in(const std::vector<DisassembledInstruction>& listing, FunctionRange range) {
  std::vector<DisassembledInstruction> own;
  for (const auto& instruction : listing)
    if (range.holds(instruction.address)) own.push_back(instruction);
  return own;
}

}  // namespace

results::CodeFunction code_function(const std::string& name, const std::vector<DisassembledInstruction>& listing,
                                    FunctionRange range) {
  const auto lines = normalised_code(instructions_in(listing, range), range);
  results::CodeFunction function;
  function.name = name;
  function.digest = code_digest(lines);
  function.address = range.start;
  function.instructions = lines.size();  // padding left out, as from the digest
  return function;
}

std::optional<std::uint64_t> hot_loop_start(const FunctionCosts& costs, const std::vector<DisassembledInstruction>& listing) {
  if (listing.empty()) return std::nullopt;
  const auto costed = with_costs(listing, costs);
  const IndexRange region = hottest_region(costed);
  if (!region.is_loop) return std::nullopt;
  return costed[region.first].address;
}

results::CodeIdentity identify_code(const CallgrindProfile& profile, const std::string& binary, const std::string& objdump,
                                    std::chrono::steady_clock::duration timeout) {
  const auto symbols = function_ranges_of(binary);
  const auto executed = executed_functions(profile, binary, symbols);
  results::CodeIdentity identity;
  const ExecutedFunction* hottest = nullptr;
  std::vector<DisassembledInstruction> hottest_listing;
  for (const ExecutedFunction& function : executed) {
    auto listing = instructions_in(disassemble(objdump, binary, function.range.start, function.range.stop, timeout),
                                   function.range);
    identity.functions.push_back(code_function(function.name, listing, function.range));
    if (!hottest || function.costs.cost > hottest->costs.cost) {
      hottest = &function;
      hottest_listing = std::move(listing);
    }
  }
  if (hottest) {
    identity.hot_function = hottest->name;
    identity.hot_loop_address = hot_loop_start(hottest->costs, hottest_listing);
  }
  std::sort(identity.functions.begin(), identity.functions.end(), [](const results::CodeFunction& a, const results::CodeFunction& b) {
    return std::tie(a.name, a.digest) < std::tie(b.name, b.digest);
  });
  return identity;
}

}  // namespace tare::disasm
