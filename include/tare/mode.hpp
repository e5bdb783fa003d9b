// What a benchmark's score means: Group::mode, and --mode on the command line.
#pragma once

namespace tare {

/// What a benchmark's score means.
enum class Mode {
  avgt,    ///< average time per operation (ns/op)
  thrpt,   ///< throughput (ops/s)
  sample,  ///< distribution of per-call times, with percentiles (ns/op)
  ss,      ///< single shot: one cold invocation per fresh process (ns)
};

}  // namespace tare
