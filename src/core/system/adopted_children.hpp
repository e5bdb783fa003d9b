// What a benchmark starts and hides from its worker's process group.
//
// Killing a worker's group ends what the benchmark started, unless that process left the
// group: a daemon's double fork with setsid() puts it in a session of its own. When its
// worker ends, such a process is orphaned; were it to be adopted by init, no one would end
// it. A runner that is a child subreaper adopts it instead (the kernel makes orphaned
// descendants children of the nearest subreaper), so it can still be found and ended.
#pragma once

#include <sys/types.h>

#include <cstddef>

namespace tare::system {

/// Makes this process the subreaper of its descendants (PR_SET_CHILD_SUBREAPER). False
/// where the kernel refuses (before Linux 3.4): escaped processes then outlive the run.
bool adopt_orphaned_descendants() noexcept;

/// Ends every child of this process that no ChildExit watches (those are the children tare
/// started and still uses): SIGKILL to the group it leads and to it, then reaps it; again
/// for what that orphaned in turn, until none is left (at most a few rounds). Returns how
/// many were ended. When this process has no child at all (one waitid says so), /proc is
/// not read.
std::size_t end_stray_children() noexcept;

}  // namespace tare::system
