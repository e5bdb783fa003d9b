// The calling thread and the scheduler: real-time priority when the process may have it, and
// what the kernel counts about the thread's time (on a CPU, waiting for one, preempted).
// For threads whose timing matters more than the machine's other work, such as the stream
// driver's generators; and for telling, afterwards, whether other work held their CPU.
#pragma once

#include <cstdint>
#include <string>

namespace tare::system {

struct RealtimeRequest {
  bool granted = false;
  int priority = 0;      ///< the SCHED_FIFO priority granted
  std::string refused;   ///< why not, in words (empty when granted)
};

/// Puts the calling thread under SCHED_FIFO at `priority`, lowered to the soft
/// RLIMIT_RTPRIO when that allows less; processes it forks start under the normal policy.
/// Permitted to root, to CAP_SYS_NICE, or up to a non-zero RLIMIT_RTPRIO.
RealtimeRequest make_thread_realtime(int priority);

/// Counters of the calling thread since it started. cpu_ns and wait_ns come from
/// /proc/thread-self/schedstat and are -1 where the kernel does not keep them; the context
/// switches come from getrusage(RUSAGE_THREAD).
struct ThreadTimes {
  std::int64_t cpu_ns = -1;                 ///< time on a CPU
  std::int64_t wait_ns = -1;                ///< time runnable but waiting for a CPU
  std::int64_t involuntary_switches = 0;    ///< preempted while it could have run on
  std::int64_t voluntary_switches = 0;      ///< gave up the CPU itself (sleep, I/O)

  bool has_schedstat() const noexcept { return cpu_ns >= 0 && wait_ns >= 0; }
};

ThreadTimes thread_times();

/// thread_times() for reading often (around every sample of a benchmark): the schedstat
/// file stays open, so a read is two system calls. Construct it and read it on the thread
/// it is about.
class ThreadTimesReader {
 public:
  ThreadTimesReader();
  ~ThreadTimesReader();
  ThreadTimesReader(const ThreadTimesReader&) = delete;
  ThreadTimesReader& operator=(const ThreadTimesReader&) = delete;
  ThreadTimes read() const;

 private:
  int schedstat_fd_ = -1;
};

/// Differences and sums of counters (a missing schedstat stays missing).
ThreadTimes operator-(const ThreadTimes& after, const ThreadTimes& before);
ThreadTimes& operator+=(ThreadTimes& total, const ThreadTimes& more);

}  // namespace tare::system
