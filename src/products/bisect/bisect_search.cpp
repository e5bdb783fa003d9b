#include "bisect/bisect_search.hpp"

#include <map>
#include <set>
#include <stdexcept>

namespace tare::bisect {
namespace {

// What the search holds of a judged commit: slower than good or not, and its ratio to good
// (measured, taken from a commit of the same code, or inferred from a failed confirmation).
struct Label {
  bool slower = false;
  Comparison vs_good;
  bool inferred = false;  ///< from a failed confirmation, not a measurement of its own
};

class Search {
 public:
  Search(std::size_t n, double threshold, Oracle& oracle) : n_(n), threshold_(threshold), oracle_(oracle) {}

  Finding run() {
    if (!class_of(0) || !class_of(n_)) throw std::logic_error("bisect: the good and bad commits must be built");
    labels_[0] = Label{};
    if (!judge(n_)) throw std::logic_error("bisect: the bad commit must be judged");
    finding_.bad_vs_good = labels_[n_].vs_good;
    if (!labels_[n_].slower) return finish(Outcome::nothing_slower);
    for (;;) {
      const auto hi = lowest_slower();
      if (!hi) return finish(Outcome::gradual);
      const std::size_t lo = highest_not_slower_below(*hi);
      if (probe_between(lo, *hi)) continue;
      // Nothing left to judge between them: `hi` is the candidate, once.
      if (!confirmed_.insert(*hi).second) return finish(Outcome::gradual);
      if (confirm(lo, *hi)) return finish(Outcome::found);
      if (gradual_) return finish(Outcome::gradual);
    }
  }

 private:
  Finding finish(Outcome outcome) {
    finding_.outcome = outcome;
    return finding_;
  }

  // The commit's code class, asked once (the oracle builds it).
  std::optional<int> class_of(std::size_t commit) {
    const auto known = classes_.find(commit);
    if (known != classes_.end()) return known->second;
    const std::optional<int> code = oracle_.code_class(commit);
    classes_[commit] = code;
    finding_.built.push_back(commit);
    if (!code) finding_.skipped.push_back(commit);
    return code;
  }

  Comparison measure(std::size_t base, std::size_t candidate, int repeat = 0) {
    ++finding_.comparisons;
    return oracle_.compare(base, candidate, repeat);
  }

  // Labels `commit` against good: by a judged commit of the same code, else measured. False
  // when it is skipped.
  bool judge(std::size_t commit) {
    const std::optional<int> code = class_of(commit);
    if (!code) return false;
    for (const auto& [judged, label] : labels_) {
      if (classes_[judged] == code) {
        labels_[commit] = label;
        finding_.by_code.push_back(commit);
        return true;
      }
    }
    const Comparison vs_good = measure(0, commit);
    labels_[commit] = Label{vs_good.slower, vs_good};
    return true;
  }

  std::optional<std::size_t> lowest_slower() const {
    for (const auto& [commit, label] : labels_)
      if (label.slower) return commit;
    return std::nullopt;
  }

  std::size_t highest_not_slower_below(std::size_t hi) const {
    std::size_t lo = 0;
    for (const auto& [commit, label] : labels_)
      if (commit < hi && !label.slower) lo = commit;
    return lo;
  }

  // Judges the commit nearest the middle of (lo, hi) that builds; false when none does.
  // Every commit strictly between lo and hi is unjudged (hi is the lowest slower, lo the
  // highest not slower below it), so only skipped ones are passed over.
  bool probe_between(std::size_t lo, std::size_t hi) {
    const std::size_t middle = lo + (hi - lo) / 2;
    for (std::size_t distance = 0; distance < hi - lo; ++distance) {
      for (const std::size_t commit : {middle + distance, middle - distance}) {
        if (commit <= lo || commit >= hi) continue;
        if (classes_.count(commit) && !classes_[commit]) continue;  // skipped already
        if (judge(commit)) return true;
      }
    }
    return false;
  }

  // Compares `hi` with `lo`, its nearest built ancestor. A failed confirmation means one of
  // the labels it joins is wrong, or the slowdown came in steps. A second measurement of hi
  // against good tells: not slower, hi was wrong (search on its right); slower, lo's ratio
  // to good as implied through hi (hi/good over hi/lo) says whether lo was slower after all
  // (search on its left) or every step was within the threshold (gradual: stop).
  bool confirm(std::size_t lo, std::size_t hi) {
    Comparison step;  // the same code: ratio 1, no step
    if (lo == 0) {
      // Against good, what hi's label holds unless it was inferred (then measured again).
      step = labels_[hi].inferred ? measure(0, hi, 1) : labels_[hi].vs_good;
    } else if (classes_[lo] != classes_[hi]) {
      step = measure(lo, hi);
    }
    finding_.first = hi;
    finding_.parent = lo;
    finding_.first_vs_parent = step;
    if (step.slower) return true;
    if (lo == 0) {  // that was hi against good itself
      labels_[hi] = Label{false, step};
      return false;
    }
    const Comparison again = measure(0, hi, 1);
    labels_[hi] = Label{again.slower, again};
    if (!again.slower) return false;
    const double implied = again.ratio / step.ratio;
    if (implied > 1 + threshold_) {
      labels_[lo] = Label{true, Comparison{implied, implied, implied, true}, true};
      return false;
    }
    gradual_ = true;
    return false;
  }

  std::size_t n_;
  double threshold_;
  Oracle& oracle_;
  std::map<std::size_t, std::optional<int>> classes_;
  std::map<std::size_t, Label> labels_;
  std::set<std::size_t> confirmed_;
  bool gradual_ = false;
  Finding finding_;
};

}  // namespace

Finding search(std::size_t n, double threshold, Oracle& oracle) {
  if (n == 0) throw std::invalid_argument("bisect: the bad commit must come after the good one");
  return Search(n, threshold, oracle).run();
}

}  // namespace tare::bisect
