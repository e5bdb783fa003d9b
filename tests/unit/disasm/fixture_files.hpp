// The checked-in files the disasm tests read (fixtures/: a real callgrind output and real
// objdump listings, and the programs they come from).
#pragma once

#include <stdexcept>
#include <string>

#include "text/read_file.hpp"

namespace tare::disasm::testing {

inline std::string fixture(const std::string& name) {
  const auto text = text::read_file(std::string(TARE_DISASM_FIXTURES) + "/" + name);
  if (!text) throw std::runtime_error("missing fixture " + name);
  return *text;
}

}  // namespace tare::disasm::testing
