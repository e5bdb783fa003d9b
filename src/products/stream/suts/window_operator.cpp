// One worker's window state for the model SUT (see window_operator.hpp).
#include "stream/suts/window_operator.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tare::stream {
namespace {

// Sebastiano Vigna's splitmix64 finalizer: every input bit affects every output bit, so
// keys that differ in a few low bits (product 1, 2, 3 ...) still spread over the workers.
std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

std::uint64_t key_of(const Event& e, Query query) noexcept {
  return query == Query::join ? join_key(e.user, e.product) : e.product;
}

}  // namespace

void validate_operator_window(const WindowSpec& window) {
  validate(window);
  if (window.size_ns > kMaxEventTimeNs)
    throw std::invalid_argument("window: size (" + std::to_string(window.size_ns) + " ns) is above the limit of " +
                                std::to_string(kMaxEventTimeNs) + " ns");
  if (window.size_ns / window.slide_ns > kMaxWindowsPerEvent)
    throw std::invalid_argument("window: size / slide = " + std::to_string(window.size_ns / window.slide_ns) +
                                " windows per event; at most " + std::to_string(kMaxWindowsPerEvent));
}

std::size_t route(const Event& e, Query query, std::size_t workers) noexcept {
  return static_cast<std::size_t>(splitmix64(key_of(e, query)) % workers);
}

WindowOperator::WindowOperator(Query query, const WindowSpec& window, std::int64_t allowed_lateness_ns)
    : query_(query), window_(window), allowed_lateness_ns_(allowed_lateness_ns) {
  validate_operator_window(window_);
  validate_allowed_lateness(allowed_lateness_ns_);
}

void WindowOperator::take(Cell& cell, const Event& e, std::int64_t ingest_ns) noexcept {
  const bool first = cell.purchases + cell.ads == 0;
  if (first || e.event_time_ns > cell.max_event_time_ns) {
    cell.max_event_time_ns = e.event_time_ns;
    cell.ingest_ns = ingest_ns;
  } else if (e.event_time_ns == cell.max_event_time_ns) {
    cell.ingest_ns = std::max(cell.ingest_ns, ingest_ns);
  }
  if (e.kind == EventKind::purchase) {
    ++cell.purchases;
    cell.sum_cents += e.price_cents;
  } else {
    ++cell.ads;
  }
}

void WindowOperator::add(const Event& e, std::int64_t ingest_ns, std::int64_t first_open_start_ns) {
  if (query_ == Query::identity) {
    passed_.push_back(identity_output(e, ingest_ns));
    return;
  }
  if (query_ == Query::aggregate && e.kind != EventKind::purchase) return;
  const std::uint64_t key = key_of(e, query_);
  const WindowRange range = windows_of(window_, e.event_time_ns);
  bool late = false;
  for (std::int64_t j = 0; j < range.count; ++j) {
    const std::int64_t start = range.start(j);
    if (start < first_open_start_ns) continue;  // closed when the event reached its source
    if (!window_open(start, window_, allowed_lateness_ns_, watermark_)) {
      late = true;
      continue;
    }
    take(windows_[start][key], e, ingest_ns);
  }
  if (late) ++late_events_;
}

void WindowOperator::fire(std::int64_t start, const Cells& cells, std::vector<Output>& out) const {
  const std::size_t first = out.size();
  for (const auto& [key, cell] : cells) {
    if (query_ == Query::join && (cell.purchases == 0 || cell.ads == 0)) continue;
    const std::int64_t value =
        query_ == Query::aggregate ? cell.sum_cents : static_cast<std::int64_t>(cell.purchases * cell.ads);
    out.push_back(Output{cell.max_event_time_ns, cell.ingest_ns, 0, start, key, value});
  }
  // Hash order is arbitrary; key order makes a firing's outputs reproducible.
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Output& a, const Output& b) { return a.key < b.key; });
}

void WindowOperator::advance_watermark(std::int64_t watermark_ns, std::vector<Output>& out) {
  out.insert(out.end(), passed_.begin(), passed_.end());
  passed_.clear();
  if (watermark_ns <= watermark_) return;
  watermark_ = watermark_ns;
  while (!windows_.empty() && !window_open(windows_.begin()->first, window_, allowed_lateness_ns_, watermark_)) {
    fire(windows_.begin()->first, windows_.begin()->second, out);
    windows_.erase(windows_.begin());
  }
}

void WindowOperator::flush(std::vector<Output>& out) {
  advance_watermark(std::numeric_limits<std::int64_t>::max(), out);
}

}  // namespace tare::stream
