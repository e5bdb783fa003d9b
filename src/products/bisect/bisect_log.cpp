#include "bisect/bisect_log.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace tare::bisect {
namespace {

using Json = nlohmann::json;

BisectKey key_from_json(const Json& j) {
  BisectKey key;
  key.good = j.at("good").get<std::string>();
  key.bad = j.at("bad").get<std::string>();
  key.build = j.at("build").get<std::string>();
  key.binary = j.at("binary").get<std::string>();
  key.filter = j.at("filter").get<std::string>();
  key.metric = j.at("metric").get<std::string>();
  key.threshold = j.at("threshold").get<double>();
  return key;
}

}  // namespace

BisectLog::BisectLog(std::string path) : path_(std::move(path)) {
  std::ifstream in(path_);
  if (!in) {
    if (errno == ENOENT) return;
    throw std::runtime_error(path_ + ": cannot read the bisect log (" + std::strerror(errno) + ")");
  }
  std::string line;
  while (std::getline(in, line)) {
    read_line(line);
    // A last line without its end (the write was interrupted): the next line starts afresh.
    cut_short_ = in.eof() && !line.empty();
  }
}

void BisectLog::read_line(const std::string& line) {
  const Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("step")) return;  // cut short when the bisect was stopped
  try {
    const std::string step = j.at("step").get<std::string>();
    if (step == "start") {
      key_ = key_from_json(j);
    } else if (step == "build" && j.contains("class")) {
      builds_[j.at("commit").get<std::string>()] = j.at("class").get<int>();
    } else if (step == "build" && j.value("skipped", false)) {
      builds_[j.at("commit").get<std::string>()] = std::nullopt;
    } else if (step == "compare") {
      const ComparisonKey key{j.at("base").get<std::string>(), j.at("new").get<std::string>(), j.at("repeat").get<int>()};
      comparisons_[key] = Comparison{j.at("ratio").get<double>(), j.at("low").get<double>(), j.at("high").get<double>(),
                                     j.at("slower").get<bool>()};
    }
  } catch (const Json::exception&) {
    // A line of another shape: not a step this version replays.
  }
}

void BisectLog::append(const std::string& line) {
  std::ofstream out(path_, std::ios::app);
  if (cut_short_) out << '\n';
  cut_short_ = false;
  out << line << '\n';
  out.flush();
  if (!out) throw std::runtime_error(path_ + ": cannot write the bisect log");
}

void BisectLog::start(const BisectKey& key) {
  key_ = key;
  append(Json{{"step", "start"}, {"good", key.good}, {"bad", key.bad}, {"build", key.build}, {"binary", key.binary},
              {"filter", key.filter}, {"metric", key.metric}, {"threshold", key.threshold}}
             .dump());
}

void BisectLog::built(const std::string& commit, std::optional<int> code, int exit_status) {
  Json j{{"step", "build"}, {"commit", commit}, {"exit", exit_status}};
  if (code) j["class"] = *code;
  else j["skipped"] = true;
  append(j.dump());
  builds_[commit] = code;
}

void BisectLog::failed(const std::string& commit, const std::string& step, const std::string& why) {
  append(Json{{"step", "failed"}, {"commit", commit}, {"at", step}, {"why", why}}.dump());
}

void BisectLog::compared(const ComparisonKey& key, const Comparison& c) {
  append(Json{{"step", "compare"}, {"base", std::get<0>(key)}, {"new", std::get<1>(key)}, {"repeat", std::get<2>(key)},
              {"ratio", c.ratio}, {"low", c.low}, {"high", c.high}, {"slower", c.slower}}
             .dump());
  comparisons_[key] = c;
}

void BisectLog::finished(const std::string& outcome, const std::string& first, const std::string& parent,
                         std::size_t comparisons) {
  append(Json{{"step", "result"}, {"outcome", outcome}, {"first", first}, {"parent", parent},
              {"comparisons", comparisons}}
             .dump());
}

}  // namespace tare::bisect
