// tare: a benchmark harness for C++ whose numbers can be trusted.
//
// Include this header, declare benchmarks in a TARE_BENCHMARKS block, and link
// tare::main (or call tare::run from your own main). See README.md and docs/guide.md.
#pragma once

#include "tare/benchmark.hpp"
#include "tare/consume.hpp"
#include "tare/params.hpp"
#include "tare/warning.hpp"

namespace tare {

/// Runs the benchmark binary: parses the command line, runs the registered benchmarks
/// in fresh worker processes and reports. Returns the exit status: 0 all ran, 1 some
/// benchmark failed, 2 usage error.
int run(int argc, char** argv);

/// True in the worker processes tare::run starts (this same executable, run again): a main
/// that does other work before calling tare::run skips it there.
bool is_worker(int argc, char** argv);

/// In a worker process, the name of the benchmark tare::run will serve ("lookup.binary");
/// "" when this is no worker or its arguments are malformed (tare::run then says why). For a
/// layer whose benchmarks are registered in stages (Google Benchmark's: a main() may call
/// RunSpecifiedBenchmarks more than once), so that the worker calls tare::run at the stage
/// that registered the benchmark.
std::string worker_benchmark(int argc, char** argv);

}  // namespace tare
