#include "analysis/thread_overlap.hpp"

namespace tare::analysis {
namespace {

// Time-sliced: the threads were off a CPU for at least kApartMissingThreads threads' worth of
// the sample, mostly runnable and waiting for one.
bool time_sliced(const results::Sample& sample, int threads) {
  if (sample.cpu_ns <= 0 || sample.wait_ns < 0) return false;
  const double missing = threads * sample.ns - sample.cpu_ns;
  return missing >= kApartMissingThreads * sample.ns && sample.wait_ns >= 0.5 * missing;
}

}  // namespace

ThreadsRan threads_ran(const results::Sample& sample, int threads, bool ns_is_span) {
  if (threads < 2 || sample.overlap_ns < 0 || !(sample.ns > 0)) return ThreadsRan::unknown;
  if (sample.overlap_ns < kApartOverlapShare * sample.ns) return ThreadsRan::apart;
  if (ns_is_span && time_sliced(sample, threads)) return ThreadsRan::apart;
  return ThreadsRan::together;
}

ThreadOverlap thread_overlap(const std::vector<const results::Fork*>& forks, int threads, bool ns_is_span) {
  ThreadOverlap found;
  double apart_cpu = 0, apart_ns = 0;
  bool cpu_known = ns_is_span;
  for (const results::Fork* fork : forks)
    for (const results::Sample& s : fork->samples) {
      const ThreadsRan ran = threads_ran(s, threads, ns_is_span);
      if (ran == ThreadsRan::unknown) continue;
      ++found.judged;
      if (ran != ThreadsRan::apart) continue;
      ++found.apart;
      cpu_known = cpu_known && s.cpu_ns > 0;
      apart_cpu += s.cpu_ns;
      apart_ns += s.ns;
    }
  if (found.apart > 0 && cpu_known) found.running_apart = apart_cpu / apart_ns;
  return found;
}

std::optional<results::facts::ThreadsApart> threads_apart(const ThreadOverlap& found, int threads) {
  if (found.apart == 0 || found.apart < kApartSampleShare * found.judged) return std::nullopt;
  return results::facts::ThreadsApart{found.apart, found.judged, found.running_apart, threads};
}

}  // namespace tare::analysis
