#include "disasm/rep_string_count.hpp"

#include <map>
#include <optional>
#include <stdexcept>
#include <vector>

#include "disasm/elf_code.hpp"
#include "disasm/rep_string.hpp"
#include "text/read_file.hpp"

namespace tare::disasm {

std::uint64_t rep_string_count(const CallgrindProfile& profile) {
  std::map<std::string, std::vector<const FunctionCosts*>> by_object;
  for (const auto& function : profile.functions) by_object[function.object].push_back(&function);
  std::uint64_t sum = 0;
  for (const auto& [object, functions] : by_object) {
    std::optional<LoadedCode> code;
    try {
      code.emplace(loaded_code_of(object));
    } catch (const std::runtime_error&) {
      continue;  // not a file (valgrind's names for code without one), or not ELF: no instruction to read
    }
    for (const FunctionCosts* function : functions) sum += rep_string_cost(*function, *code);
  }
  return sum;
}

std::uint64_t rep_string_count_of(const std::string& callgrind_file) {
  const auto text = text::read_file(callgrind_file);
  if (!text) throw std::runtime_error(callgrind_file + ": cannot be read");
  return rep_string_count(parse_callgrind(*text));
}

}  // namespace tare::disasm
