// `tare bisect`'s judgement: which commits to build and compare, and which commit the answers
// name. Pure: it asks an Oracle (the running side, bisect/bisect_run.hpp, or a test's script)
// for each commit's code class and for comparisons, and does nothing else.
//
// Commits are numbered 0 (good) to n (bad) along the history. The search first asks whether
// bad is slower than good by more than the threshold; then it binary-searches for a commit
// slower than good next to one that is not ("slower than good", not "slower than its parent":
// a later commit that undoes part of a slowdown does not hide it), and confirms the one it
// finds against its parent. A commit whose code class equals an already judged commit's (the
// same timed machine code) takes that commit's answer without a measurement.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace tare::bisect {

/// One comparison of NEW against BASE, as the search needs it.
struct Comparison {
  double ratio = 1, low = 1, high = 1;  ///< NEW/BASE of time per operation (or instructions), with its interval
  bool slower = false;                  ///< NEW is slower by more than the threshold (the gate's verdict)
};

/// What the search asks of the world.
class Oracle {
 public:
  virtual ~Oracle() = default;
  /// Builds commit `commit` and returns its code class: commits of one class run the same
  /// timed code for the benchmark. nullopt: the commit is skipped (it cannot be built); never
  /// for 0 or n.
  virtual std::optional<int> code_class(std::size_t commit) = 0;
  /// Measures commit `candidate` against commit `base`; `repeat` 1 asks for a second,
  /// independent measurement of a pair measured before (0 the first).
  virtual Comparison compare(std::size_t base, std::size_t candidate, int repeat) = 0;
};

enum class Outcome {
  found,           ///< `first` made the benchmark slower, confirmed against `parent`
  nothing_slower,  ///< bad is not slower than good by more than the threshold
  gradual,         ///< slower than good from `first` on, but not by more than the threshold on its own
};

struct Finding {
  Outcome outcome = Outcome::nothing_slower;
  Comparison bad_vs_good;
  /// found: the commit and its nearest built ancestor, which is its parent unless commits
  /// between them were skipped (then any of parent+1..first may be the one); gradual: the
  /// last pair whose confirmation failed.
  std::size_t first = 0, parent = 0;
  Comparison first_vs_parent;
  std::size_t comparisons = 0;       ///< measurements made (Oracle::compare calls)
  std::vector<std::size_t> built;    ///< commits asked for, in order
  std::vector<std::size_t> by_code;  ///< commits judged by their code class, not measured
  std::vector<std::size_t> skipped;  ///< commits that could not be built
};

/// Searches commits 0..n (n >= 1) for the one that made the benchmark slower. `threshold`
/// (0.01 for 1%) is the comparisons' own: when a confirmation fails, it tells a commit's
/// parent that was slower after all from a slowdown in steps (see bisect_search.cpp).
Finding search(std::size_t n, double threshold, Oracle& oracle);

}  // namespace tare::bisect
