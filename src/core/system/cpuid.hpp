// What the CPU itself says about a hypervisor. Internal to the system component.
#pragma once

#include "system/parse_hypervisor.hpp"

namespace tare::system::detail {

/// Fills the CPUID fields of `evidence` on x86; leaves them unset elsewhere.
void probe_cpuid_hypervisor(parse::HypervisorEvidence& evidence);

}  // namespace tare::system::detail
