// CPUID.1:ECX[31] is the "hypervisor present" bit; leaf 0x40000000 then holds the
// hypervisor's vendor signature in EBX, ECX, EDX (12 bytes).
#include "system/cpuid.hpp"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define TARE_SYSTEM_HAS_CPUID 1
#else
#define TARE_SYSTEM_HAS_CPUID 0
#endif

namespace tare::system::detail {

void probe_cpuid_hypervisor(parse::HypervisorEvidence& evidence) {
#if TARE_SYSTEM_HAS_CPUID
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return;
  evidence.cpuid_available = true;
  evidence.cpuid_hypervisor_bit = (ecx & (1u << 31)) != 0;
  // Leaf 0x40000000 is outside the range __get_cpuid checks and means nothing without the
  // bit (on bare metal it echoes some other leaf), so it is read only when the bit is set.
  if (!evidence.cpuid_hypervisor_bit) return;
  __cpuid(0x40000000u, eax, ebx, ecx, edx);
  char signature[12];
  std::memcpy(signature + 0, &ebx, 4);
  std::memcpy(signature + 4, &ecx, 4);
  std::memcpy(signature + 8, &edx, 4);
  evidence.cpuid_signature.assign(signature, sizeof signature);
#else
  (void)evidence;
#endif
}

}  // namespace tare::system::detail
