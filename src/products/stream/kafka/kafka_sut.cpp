#include "stream/kafka/kafka_sut.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

#include "stream/kafka/mock_cluster.hpp"
#include "stream/suts/service_clock.hpp"
#include "stream/suts/window_operator.hpp"
#include "stream/transport/transport.hpp"

namespace tare::stream {
namespace {

using Log = std::function<void(const std::string&)>;

constexpr int kPollMs = 10;
constexpr int kMostRecordsPerPass = 512;
constexpr int kCloseTimeoutMs = 2'000;
constexpr std::int64_t kNsPerMs = 1'000'000;
constexpr std::int64_t kNoTime = std::numeric_limits<std::int64_t>::min();
// Records that are no event are logged this many times at most, then counted.
constexpr std::uint64_t kMostLoggedBadRecords = 3;

extern "C" void on_output_delivery(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque) {
  if (message->err) ++*static_cast<std::uint64_t*>(opaque);
}

// One run's state: the workers' windows and service clocks, where each partition has come.
struct RunState {
  std::vector<WindowOperator> workers;
  std::vector<std::int64_t> busy_until_ns;
  std::vector<std::int64_t> latest_ns;  // per partition: the latest event time read
  std::int64_t first_ingest_ns = kNoTime;
  std::int64_t next_stall_ns = std::numeric_limits<std::int64_t>::max();
  std::int64_t watermark_ns = kNoTime;
  std::uint64_t events = 0, outputs = 0;

  RunState(const KafkaSutSettings& settings, unsigned worker_count, std::size_t partitions)
      : busy_until_ns(worker_count, 0), latest_ns(partitions, kNoTime) {
    for (unsigned w = 0; w < worker_count; ++w) workers.emplace_back(settings.query, settings.window);
  }
};

class KafkaSut {
 public:
  KafkaSut(const SutOptions& options, const KafkaSutSettings& settings, const Log& log)
      : options_(options), settings_(settings), log_(log),
        cost_{options.cost_ns, std::llround(static_cast<double>(options.cost_ns) * options.slow_start_factor),
              options.slow_start_ns},
        consumer_(new_kafka_handle(KafkaClientType::consumer, settings.kafka,
                                   {{"group.id", settings.kafka.group}, {"enable.auto.commit", "false"},
                                    {"enable.partition.eof", "true"}})),
        producer_(new_kafka_handle(KafkaClientType::producer, settings.kafka, {}, &failed_deliveries_,
                                   on_output_delivery)) {
    const std::vector<std::int64_t> ends = kafka_end_offsets(consumer_.get(), settings.kafka.in_topic);
    (void)kafka_partition_count(producer_.get(), settings.kafka.out_topic);
    next_offset_ = ends;
    committed_ = ends;
    at_end_.assign(ends.size(), true);
    auto* list = kafka_partitions_of(settings.kafka.in_topic, ends);
    const auto err = rd_kafka_assign(consumer_.get(), list);
    rd_kafka_topic_partition_list_destroy(list);
    if (err) throw NetError("cannot consume Kafka topic " + settings.kafka.in_topic + ": " + rd_kafka_err2str(err));
    run_ = std::make_unique<RunState>(settings_, options_.workers, ends.size());
    wait_for_the_first_fetch();
  }

  ~KafkaSut() {
    commit(false);
    rd_kafka_flush(producer_.get(), kCloseTimeoutMs);
    rd_kafka_consumer_close(consumer_.get());
  }
  KafkaSut(const KafkaSut&) = delete;
  KafkaSut& operator=(const KafkaSut&) = delete;

  // Ready only once a fetch of every partition has come back (each says it is at its end):
  // the way from the broker is open, so the run's first events are taken as they come, not
  // after the consumer has found its partitions' leaders.
  void wait_for_the_first_fetch() {
    std::fill(at_end_.begin(), at_end_.end(), false);
    const std::int64_t deadline = monotonic_ns() + std::int64_t{kKafkaMetadataTimeoutMs} * kNsPerMs;
    while (!std::all_of(at_end_.begin(), at_end_.end(), [](bool at_end) { return at_end; })) {
      if (monotonic_ns() > deadline)
        throw NetError("Kafka topic " + settings_.kafka.in_topic + ": no fetch came back within " +
                       std::to_string(kKafkaMetadataTimeoutMs / 1000) + " s");
      if (rd_kafka_message_t* message = rd_kafka_consumer_poll(consumer_.get(), kPollMs)) {
        take(*message);
        rd_kafka_message_destroy(message);
      }
    }
  }

  void serve(const std::atomic<bool>& stop) {
    std::int64_t next_commit_ns = monotonic_ns();
    while (!stop.load()) {
      stall_if_due(stop);
      read_some(next_commit_ns);
      rd_kafka_poll(producer_.get(), 0);
      const std::int64_t now = monotonic_ns();
      if (now >= next_commit_ns) {
        commit(true);
        next_commit_ns = now + kCommitEveryMs * kNsPerMs;
      }
      if (run_idle(now)) end_run();
    }
  }

 private:
  // Up to kMostRecordsPerPass records (waiting up to kPollMs for the first) until
  // `until_ns` (the service of each takes its cost: the commits and the watermark must not
  // wait for a whole pass), then the watermark they make.
  void read_some(std::int64_t until_ns) {
    for (int i = 0; i < kMostRecordsPerPass && (i == 0 || monotonic_ns() < until_ns); ++i) {
      rd_kafka_message_t* message = rd_kafka_consumer_poll(consumer_.get(), i == 0 ? kPollMs : 0);
      if (!message) break;
      take(*message);
      rd_kafka_message_destroy(message);
    }
    advance();
  }

  void take(const rd_kafka_message_t& message) {
    const auto p = static_cast<std::size_t>(message.partition);
    if (message.err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
      if (p < at_end_.size()) at_end_[p] = true;
      return;
    }
    if (message.err) {
      // librdkafka retries a broker that went away itself; say so once per kind of problem.
      const std::string text = rd_kafka_message_errstr(&message);
      if (text != last_error_) log_("Kafka: " + text);
      last_error_ = text;
      return;
    }
    if (p >= next_offset_.size()) return;
    at_end_[p] = false;
    next_offset_[p] = message.offset + 1;
    const auto event = decode_event({static_cast<const char*>(message.payload), message.len}, settings_.kafka.format);
    if (!event) return bad_record(message);
    ingest(*event, p);
  }

  void bad_record(const rd_kafka_message_t& message) {
    if (bad_records_++ < kMostLoggedBadRecords)
      log_("skipped a record that is no event (" + std::string(record_format_name(settings_.kafka.format)) +
           ") at partition " + std::to_string(message.partition) + ", offset " + std::to_string(message.offset));
  }

  void ingest(const Event& e, std::size_t partition) {
    const std::int64_t now = monotonic_ns();
    RunState& run = *run_;
    if (run.first_ingest_ns == kNoTime) {
      run.first_ingest_ns = now;
      if (options_.stall_every_ns > 0) run.next_stall_ns = now + options_.stall_every_ns;
    }
    last_event_ns_ = now;
    const std::size_t w = route(e, settings_.query, options_.workers);
    serve_event(cost_, run.busy_until_ns[w], now, run.first_ingest_ns);
    if (e.event_time_ns < 0 || e.event_time_ns > kMaxEventTimeNs) return bad_time(e);
    run.workers[w].add(e, now);
    run.latest_ns[partition] = std::max(run.latest_ns[partition], e.event_time_ns);
    ++run.events;
  }

  void bad_time(const Event& e) {
    if (bad_records_++ < kMostLoggedBadRecords)
      log_("skipped an event at " + std::to_string(e.event_time_ns) + " ns, outside 0.." + std::to_string(kMaxEventTimeNs));
  }

  // Fires what the watermark passed (identity: hands out what came) on every worker.
  void advance() {
    RunState& run = *run_;
    const std::int64_t watermark = *std::min_element(run.latest_ns.begin(), run.latest_ns.end());
    for (std::size_t w = 0; w < run.workers.size(); ++w) {
      run.workers[w].advance_watermark(watermark, outputs_);
      emit(w);
    }
  }

  // An output cannot leave before the service of its inputs is over, and leaves then.
  void emit(std::size_t worker) {
    if (outputs_.empty()) return;
    wait_until_ns(run_->busy_until_ns[worker]);
    for (Output& o : outputs_) {
      o.emit_time_ns = monotonic_ns();
      encode_output(o, settings_.kafka.format, value_);
      produce(std::to_string(o.key));
    }
    run_->outputs += outputs_.size();
    outputs_.clear();
  }

  // Waits while the producer's queue is full (the broker is slower than the outputs).
  void produce(const std::string& key) {
    for (;;) {
      const auto err = rd_kafka_producev(producer_.get(), RD_KAFKA_V_TOPIC(settings_.kafka.out_topic.c_str()),
                                         RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_KEY(key.data(), key.size()),
                                         RD_KAFKA_V_VALUE(value_.data(), value_.size()), RD_KAFKA_V_END);
      if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL) {
        if (err) log_("cannot produce to Kafka topic " + settings_.kafka.out_topic + ": " + rd_kafka_err2str(err));
        return;
      }
      rd_kafka_poll(producer_.get(), kPollMs);
    }
  }

  // Commits where every partition has been served to (the service runs at most kMaxAheadNs
  // ahead of the read): asynchronous in the loop, synchronous at the end.
  void commit(bool async) {
    if (next_offset_ == committed_) return;
    auto* list = kafka_partitions_of(settings_.kafka.in_topic, next_offset_);
    const auto err = rd_kafka_commit(consumer_.get(), list, async ? 1 : 0);
    rd_kafka_topic_partition_list_destroy(list);
    if (!err) committed_ = next_offset_;
  }

  bool run_idle(std::int64_t now) const {
    return run_->events > 0 && now - last_event_ns_ >= kIdleFlushMs * kNsPerMs &&
           std::all_of(at_end_.begin(), at_end_.end(), [](bool at_end) { return at_end; });
  }

  void end_run() {
    RunState& run = *run_;
    for (std::size_t w = 0; w < run.workers.size(); ++w) {
      run.workers[w].flush(outputs_);
      emit(w);
    }
    commit(false);
    std::uint64_t late = 0;
    for (const auto& w : run.workers) late += w.late_events();
    log_("run over: " + std::to_string(run.events) + " events in, " + std::to_string(run.outputs) + " outputs out" +
         (late ? ", " + std::to_string(late) + " late events left out" : std::string()) +
         (failed_deliveries_ ? ", " + std::to_string(failed_deliveries_) + " outputs not delivered" : std::string()));
    run_ = std::make_unique<RunState>(settings_, options_.workers, next_offset_.size());
  }

  // Stops reading for stall_ns at every multiple of stall_every_ns since the run's first event.
  void stall_if_due(const std::atomic<bool>& stop) {
    RunState& run = *run_;
    const std::int64_t now = monotonic_ns();
    if (now < run.next_stall_ns) return;
    run.next_stall_ns = run.first_ingest_ns +
                        ((now - run.first_ingest_ns) / options_.stall_every_ns + 1) * options_.stall_every_ns;
    const std::int64_t until = now + options_.stall_ns;
    while (!stop.load() && monotonic_ns() < until) {
      rd_kafka_poll(producer_.get(), 0);
      std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<std::int64_t>(until - monotonic_ns(), kPollMs * kNsPerMs)));
    }
  }

  const SutOptions& options_;
  const KafkaSutSettings& settings_;
  const Log& log_;
  ServiceCost cost_;
  std::uint64_t failed_deliveries_ = 0;  // before the producer: its delivery reports count here
  KafkaHandle consumer_, producer_;
  std::vector<std::int64_t> next_offset_, committed_;
  std::vector<bool> at_end_;
  std::unique_ptr<RunState> run_;
  std::vector<Output> outputs_;
  std::string value_, last_error_;
  std::int64_t last_event_ns_ = 0;
  std::uint64_t bad_records_ = 0;
};

}  // namespace

void run_kafka_model_sut(const SutOptions& options, const KafkaSutSettings& settings, const std::atomic<bool>& stop,
                         const std::function<void(const std::string&)>& on_ready,
                         const std::function<void(const std::string&)>& log) {
  validate(options);
  validate_operator_window(settings.window);
  KafkaSut sut(options, settings, log);
  on_ready(settings.kafka.in_topic + " in group " + settings.kafka.group + " at " + settings.kafka.bootstrap +
           ", producing to " + settings.kafka.out_topic);
  sut.serve(stop);
}

}  // namespace tare::stream
