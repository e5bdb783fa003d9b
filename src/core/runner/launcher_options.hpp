// --launcher and the options of a Slurm run (--nodes, --partition, --slurm-arg), as the
// benchmark binary's command line takes them (docs/slurm.md).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "runner/options.hpp"

namespace tare::runner {

/// What CLI11 reads, checked by apply_launcher_text once the whole line is parsed.
struct LauncherText {
  std::string launcher;
  CLI::Option* nodes = nullptr;
  CLI::Option* partition = nullptr;
  CLI::Option* slurm_args = nullptr;
};

void add_launcher_options(CLI::App& app, RunOptions& options, LauncherText& text);

/// Sets options.launcher. A launcher other than local or slurm, a Slurm option without
/// --launcher slurm, or a profiler that runs its worker here (--prof instructions, asm)
/// with it, is a UsageError naming it.
void apply_launcher_text(const LauncherText& text, RunOptions& options);

}  // namespace tare::runner
