// Which events `--prof perf[:EV1,EV2,...]` names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tare::perf {

/// `--prof perf` alone: JMH's perfnorm set (cycles, instructions, branches, branch misses,
/// cache references and misses) and the software events that explain a surprise in them
/// (task clock, page faults, context switches, CPU migrations).
const std::vector<std::string>& default_events();

/// The events after "perf:" ("cycles,instructions"), each once, in the order given.
/// Throws std::invalid_argument naming the fault for an empty list or an empty name.
std::vector<std::string> parse_event_list(std::string_view list);

}  // namespace tare::perf
