#include "report/json_parse.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace tare::report::detail {
namespace {

using Event = nlohmann::ordered_json::parse_event_t;

// Values a division or a comparison rests on: a time that is not positive would give a
// confident verdict on nonsense (negative ns/op), so it is refused with its place named.
double positive_time(const Field& f) {
  const double v = f.number();
  if (!(v > 0) || !std::isfinite(v)) f.fail("expected a positive time in ns, got " + f.json().dump());
  return v;
}

results::Sample read_sample(const Field& f, bool measured) {
  results::Sample s;
  s.ops = f.at("ops").unsigned_integer();
  if (measured && s.ops == 0) f.at("ops").fail("expected a positive count of operations, got 0");
  // Warmup holds calibration batches, which a coarse clock may time as 0 ns.
  s.ns = measured ? positive_time(f.at("ns")) : f.at("ns").number();
  if (!measured && s.ns < 0) f.at("ns").fail("expected a time of at least 0 ns, got " + f.at("ns").json().dump());
  if (auto cpu = f.find("cpu_ns")) s.cpu_ns = cpu->number();
  if (auto counters = f.find("counters")) {
    for (const Field& v : counters->elements()) s.counters.push_back(v.number());
  }
  if (auto wait = f.find("wait_ns")) s.wait_ns = wait->number();
  if (auto preemptions = f.find("preemptions")) s.preemptions = static_cast<std::int64_t>(preemptions->unsigned_integer());
  if (auto stolen = f.find("stolen_ns")) s.stolen_ns = stolen->number();
  if (auto age = f.find("age_ns")) s.age_ns = age->number();
  if (auto overlap = f.find("overlap_ns")) s.overlap_ns = overlap->number();
  if (auto span = f.find("span_ns")) s.span_ns = span->number();
  return s;
}

// Where the parser is: one frame per open object or array, holding the key or the index
// of the value being read inside it.
struct Frame {
  bool array = false;
  std::size_t index = 0;
  std::string key;
};

class DocumentBuilder {
 public:
  explicit DocumentBuilder(ResultsDocument& document) : document_(document) {}

  bool on_event(Event event, Json& parsed) {
    switch (event) {
      case Event::object_start:
      case Event::array_start: return open(event == Event::array_start);
      case Event::key: frames_.back().key = parsed.get<std::string>(); return true;
      case Event::value:
        if (in_sample_array()) fail_here("expected a sample (an object), got " + std::string(parsed.type_name()));
        if (frames_.size() == 3 && frames_[2].key == "name" && parsed.is_string()) benchmark_name_ = parsed.get<std::string>();
        advance();
        return true;
      case Event::object_end: return close_object(parsed);
      case Event::array_end: return close_array(parsed);
    }
    return true;
  }

 private:
  bool open(bool array) {
    if (frames_.size() >= static_cast<std::size_t>(kMaxJsonDepth))
      fail_here("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    if (array && in_sample_array()) fail_here("expected a sample (an object), got array");
    if (frames_.size() == 2) benchmark_name_.clear();  // a new element of "benchmarks"
    frames_.push_back({array, 0, {}});
    if (array && in_sample_array()) document_.sample_arrays.emplace_back();
    return true;
  }

  // A sample becomes the model's sample at once and leaves the tree (false discards it).
  bool close_object(const Json& parsed) {
    frames_.pop_back();
    const bool sample = in_sample_array();
    if (sample) document_.sample_arrays.back().push_back(to_sample(parsed));
    advance();
    return !sample;
  }

  bool close_array(Json& parsed) {
    const bool samples = in_sample_array();
    frames_.pop_back();
    if (samples) parsed = Json::binary({}, document_.sample_arrays.size() - 1);
    advance();
    return true;
  }

  results::Sample to_sample(const Json& parsed) const {
    const bool measured = frames_[4].key == "samples";
    try {
      return read_sample(Field(parsed, ""), measured);
    } catch (const std::runtime_error&) {
      return read_sample(Field(parsed, path()), measured);  // again, to name where (rare: no path built per sample)
    }
  }

  void advance() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  // benchmarks[i].forks[j].samples (or .warmup, or a profiling fork's) is the innermost open value.
  bool in_sample_array() const {
    return frames_.size() == 6 && frames_[5].array && !frames_[4].array &&
           (frames_[4].key == "samples" || frames_[4].key == "warmup") && frames_[3].array && !frames_[2].array &&
           (frames_[2].key == "forks" || frames_[2].key == "profiling_forks") && frames_[1].array &&
           !frames_[0].array && frames_[0].key == "benchmarks";
  }

  std::string path() const {
    std::string text = !frames_.empty() && frames_[0].array ? "document" : "";
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& frame = frames_[i];
      if (frame.array) text += "[" + std::to_string(frame.index) + "]";
      else text += (text.empty() ? "" : ".") + frame.key;
      // As read_json names a benchmark: "benchmarks[3] (sort/size=16)".
      if (i == 1 && frames_.size() > 2 && !benchmark_name_.empty()) text += " (" + benchmark_name_ + ")";
    }
    return text;
  }

  [[noreturn]] void fail_here(const std::string& what) const {
    throw std::runtime_error(one_line("results JSON: " + (frames_.empty() ? std::string("document") : path()) + ": " + what));
  }

  ResultsDocument& document_;
  std::vector<Frame> frames_;
  std::string benchmark_name_;  // of the element of "benchmarks" being read, once read
};

}  // namespace

std::string one_line(std::string message) {
  if (message.rfind("[json.exception.", 0) == 0) {
    if (const auto end = message.find("] "); end != std::string::npos) message.erase(0, end + 2);
  }
  std::replace_if(message.begin(), message.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return message;
}

ResultsDocument parse_results_document(std::istream& in) {
  ResultsDocument document;
  DocumentBuilder builder(document);
  try {
    document.root = Json::parse(in, [&](int, Event event, Json& parsed) { return builder.on_event(event, parsed); });
  } catch (const nlohmann::json::exception& e) {
    // parse_error for broken syntax, out_of_range for a number no double holds (1e999).
    throw std::runtime_error("results JSON: not valid JSON: " + one_line(e.what()));
  }
  return document;
}

std::vector<results::Sample> take_samples(const Field& f, ResultsDocument& document) {
  const Json& value = f.json();
  if (!value.is_binary()) f.fail(std::string("expected an array of samples, got ") + value.type_name());
  const auto index = value.get_binary().subtype();
  return std::move(document.sample_arrays.at(static_cast<std::size_t>(index)));
}

}  // namespace tare::report::detail
