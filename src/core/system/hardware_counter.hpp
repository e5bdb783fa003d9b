// Whether this machine lets a process count CPU cycles: one hardware counter opened and
// closed at once (perf_event_open). A VM without a virtual PMU refuses it (ENOENT), as does
// a kernel that forbids it (EACCES).
#pragma once

namespace tare::system {

/// 0 when a cycles counter for this process (user space) opened; else the errno.
int try_hardware_counter();

}  // namespace tare::system
