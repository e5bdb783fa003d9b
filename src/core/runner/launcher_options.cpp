#include "runner/launcher_options.hpp"

#include <algorithm>

#include "input/cli.hpp"

namespace tare::runner {

namespace {
// A cluster far larger than this is not asked for by mistake less often than by a typo.
constexpr int kMostNodes = 4096;
}  // namespace

void add_launcher_options(CLI::App& app, RunOptions& options, LauncherText& text) {
  app.add_option("--launcher", text.launcher,
                 "Where the forks run: local (child processes, the default) or slurm (job steps on the nodes of "
                 "an exclusive allocation; each node runs the whole suite; docs/slurm.md)")
      ->type_name("local|slurm");
  text.nodes = input::add_number(&app, "--nodes", options.slurm.nodes, input::whole_number<int>(1, kMostNodes),
                                 "--launcher slurm: how many nodes to allocate");
  text.partition = app.add_option("--partition", options.slurm.partition, "--launcher slurm: the partition to use")
                       ->type_name("NAME");
  text.slurm_args = app.add_option("--slurm-arg", options.slurm.args,
                                   "--launcher slurm: an argument for salloc, as it is (repeatable), e.g. "
                                   "--slurm-arg=--time=30")
                        ->type_name("ARG")
                        ->allow_extra_args(false)
                        ->default_str("");
}

void apply_launcher_text(const LauncherText& text, RunOptions& options) {
  if (text.launcher.empty() || text.launcher == "local") options.launcher = LauncherKind::local;
  else if (text.launcher == "slurm") options.launcher = LauncherKind::slurm;
  else throw UsageError("--launcher " + text.launcher + ": expected local or slurm");
  if (options.launcher != LauncherKind::slurm) {
    for (const CLI::Option* given : {text.nodes, text.partition, text.slurm_args})
      if (given->count() > 0) throw UsageError(given->get_name() + " needs --launcher slurm");
    return;
  }
  if (!options.csv_path.empty())
    throw UsageError("--csv is one machine's summary: with --launcher slurm, --json keeps every machine's results");
  // callgrind's worker runs on this machine (runner/callgrind_fork), not on the nodes.
  for (const auto profiler : {results::Profiler::instructions, results::Profiler::disassembly})
    if (std::find(options.profilers.begin(), options.profilers.end(), profiler) != options.profilers.end())
      throw UsageError("--prof instructions and --prof asm run here, not on Slurm's nodes: not with --launcher slurm");
}

}  // namespace tare::runner
