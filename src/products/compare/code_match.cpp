#include "compare/code_match.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace tare::compare {
namespace {

// Each name's functions: digests and entry addresses, in digest order.
struct NamedCode {
  std::vector<std::string> digests;
  std::vector<std::uint64_t> addresses;
};

std::map<std::string, NamedCode> code_by_name(const results::CodeIdentity& identity) {
  std::map<std::string, std::vector<const results::CodeFunction*>> grouped;
  for (const auto& function : identity.functions) grouped[function.name].push_back(&function);
  std::map<std::string, NamedCode> by_name;
  for (auto& [name, functions] : grouped) {
    std::sort(functions.begin(), functions.end(), [](const auto* a, const auto* b) { return a->digest < b->digest; });
    NamedCode& code = by_name[name];
    for (const auto* function : functions) {
      code.digests.push_back(function->digest);
      code.addresses.push_back(function->address);
    }
  }
  return by_name;
}

double per_invocation(const results::CodeIdentity& code) {
  return code.invocations > 0 ? static_cast<double>(code.instructions) / static_cast<double>(code.invocations) : 0;
}

// Whether two counts of the timed loop's instructions show another path through the same
// code: exactly, over batches of the same size (which the sides' workers reached through
// the same commands: ab/ab_code drives both alike, and a run's --prof instructions or
// asm counts its batch after one uncounted batch of that size); per invocation otherwise.
// A benchmark whose calls depend on what earlier calls left in its state executes another
// number over batches of another size: that errs on "changed", as the digests do.
bool paths_differ(const results::CodeIdentity& base, const results::CodeIdentity& candidate) {
  if (base.invocations == 0 || candidate.invocations == 0) return false;
  if (base.invocations == candidate.invocations) return base.instructions != candidate.instructions;
  const double b = per_invocation(base), c = per_invocation(candidate);
  return std::abs(c - b) > 1e-9 * std::max(b, c);
}

// Both sides know their hot loop, and it starts elsewhere: the same code padded otherwise
// before it, even where every entry stayed.
bool hot_loops_differ(const results::CodeIdentity& base, const results::CodeIdentity& candidate) {
  return base.hot_loop_address && candidate.hot_loop_address && *base.hot_loop_address != *candidate.hot_loop_address;
}

std::optional<std::uint64_t> line_offset(const std::optional<std::uint64_t>& address) {
  if (!address) return std::nullopt;
  return *address % kCacheLineBytes;
}

}  // namespace

CodeMatch match_code(const results::CodeIdentity& base, const results::CodeIdentity& candidate) {
  const auto base_code = code_by_name(base);
  const auto candidate_code = code_by_name(candidate);
  CodeMatch match;
  bool addresses_differ = false;
  for (const auto& [name, code] : base_code) {
    const auto other = candidate_code.find(name);
    if (other == candidate_code.end() || other->second.digests != code.digests)
      match.changed.push_back(name);
    else if (other->second.addresses != code.addresses)
      addresses_differ = true;
  }
  for (const auto& entry : candidate_code)
    if (base_code.count(entry.first) == 0) match.changed.push_back(entry.first);
  std::sort(match.changed.begin(), match.changed.end());
  // Nothing known of either side is no evidence of the same code.
  match.path_differs = match.changed.empty() && paths_differ(base, candidate);
  match.base_instructions = per_invocation(base);
  match.candidate_instructions = per_invocation(candidate);
  match.same = match.changed.empty() && !base_code.empty() && !match.path_differs;
  match.moved = match.same && (addresses_differ || hot_loops_differ(base, candidate));
  match.base_loop_offset = line_offset(base.hot_loop_address);
  match.candidate_loop_offset = line_offset(candidate.hot_loop_address);
  return match;
}

CodeMatch identical_code() {
  CodeMatch match;
  match.identical = true;
  match.same = true;
  return match;
}

}  // namespace tare::compare
