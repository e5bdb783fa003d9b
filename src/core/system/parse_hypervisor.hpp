// Naming the hypervisor from the evidence describe_machine gathers (CPUID, cpuinfo, /sys).
// Pure, so each rule can be tested on literal values.
#pragma once

#include <string>
#include <string_view>

namespace tare::system::parse {

/// Hypervisor name for a CPUID 0x40000000 vendor signature (12 bytes, trailing NULs
/// allowed): "kvm", "hyperv", "vmware", "xen", "qemu", "bhyve", "virtualbox", "acrn",
/// "parallels"; "" when not one of these.
std::string hypervisor_from_signature(std::string_view signature);

/// What is known about the hypervisor; the "available" fields say whether a source was read.
struct HypervisorEvidence {
  bool cpuid_available = false;  ///< CPUID was queried (x86, live machine)
  bool cpuid_hypervisor_bit = false;
  std::string cpuid_signature;
  bool cpuinfo_available = false;
  bool cpuinfo_hypervisor_flag = false;
  std::string sys_hypervisor_type;  ///< /sys/hypervisor/type, "" if absent
};

/// "kvm", "hyperv", ... for a known signature; else /sys/hypervisor/type; else
/// "unknown hypervisor" when CPUID or cpuinfo report one; "none" when a source was read and
/// says none; "" when there was nothing to read.
std::string virtualization(const HypervisorEvidence& evidence);

}  // namespace tare::system::parse
