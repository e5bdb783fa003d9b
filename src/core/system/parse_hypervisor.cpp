// Naming the hypervisor. CPUID leaf 0x40000000 carries the hypervisor's own vendor
// signature, which is the most specific evidence; /sys/hypervisor/type exists under Xen;
// the cpuinfo "hypervisor" flag (CPUID.1:ECX[31]) only says that there is one.
#include "system/parse_hypervisor.hpp"

#include <array>
#include <utility>

#include "text/split.hpp"

namespace tare::system::parse {

std::string hypervisor_from_signature(std::string_view signature) {
  while (!signature.empty() && (signature.back() == '\0' || signature.back() == ' ')) signature.remove_suffix(1);
  constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kKnown = {{
      {"KVMKVMKVM", "kvm"},
      {"Microsoft Hv", "hyperv"},
      {"VMwareVMware", "vmware"},
      {"XenVMMXenVMM", "xen"},
      {"TCGTCGTCGTCG", "qemu"},
      {"bhyve bhyve", "bhyve"},
      {"VBoxVBoxVBox", "virtualbox"},
      {"ACRNACRNACRN", "acrn"},
      {" lrpepyh  vr", "parallels"},
  }};
  for (const auto& [known, name] : kKnown)
    if (signature == known) return std::string(name);
  return {};
}

std::string virtualization(const HypervisorEvidence& evidence) {
  if (std::string name = hypervisor_from_signature(evidence.cpuid_signature); !name.empty()) return name;
  if (const auto type = text::trim(evidence.sys_hypervisor_type); !type.empty()) return std::string(type);
  if (evidence.cpuid_hypervisor_bit || evidence.cpuinfo_hypervisor_flag) return "unknown hypervisor";
  if (evidence.cpuid_available || evidence.cpuinfo_available) return "none";
  return {};
}

}  // namespace tare::system::parse
