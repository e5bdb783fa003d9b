#include "stream/kafka/kafka_transport.hpp"

#include <fcntl.h>
#include <librdkafka/rdkafka.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "stream/workload/monotonic_ns.hpp"

namespace tare::stream {
namespace {

constexpr int kCommittedTimeoutMs = 1'000;
constexpr int kCloseFlushMs = 2'000;
// A pass of receive() decodes at most this many records: a flood cannot starve the schedule.
constexpr int kMostRecordsPerReceive = 65'536;

using Handle = KafkaHandle;

struct MessageDeleter {
  void operator()(rd_kafka_message_t* message) const { rd_kafka_message_destroy(message); }
};

// Reads the SUT group's committed offsets on the input topic on a thread of its own: what
// it has taken since `start` (the partitions' ends when the link opened).
class CommittedReader {
 public:
  CommittedReader(Handle handle, std::string topic, std::vector<std::int64_t> start)
      : handle_(std::move(handle)), topic_(std::move(topic)), start_(std::move(start)), thread_([this] { run(); }) {}
  ~CommittedReader() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  std::uint64_t taken() const noexcept { return taken_.load(std::memory_order_relaxed); }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
      lock.unlock();
      read_once();
      lock.lock();
      wake_.wait_for(lock, std::chrono::milliseconds(kLagPollMs), [this] { return stopping_; });
    }
  }

  // A failed read keeps the last count (the group's coordinator may be moving).
  void read_once() {
    auto* list = kafka_partitions_of(topic_, std::vector<std::int64_t>(start_.size(), RD_KAFKA_OFFSET_INVALID));
    if (!rd_kafka_committed(handle_.get(), list, kCommittedTimeoutMs)) {
      std::uint64_t taken = 0;
      for (int i = 0; i < list->cnt; ++i) {
        const auto& part = list->elems[i];
        const std::int64_t start = start_[static_cast<std::size_t>(part.partition)];
        if (!part.err && part.offset > start) taken += static_cast<std::uint64_t>(part.offset - start);
      }
      taken_.store(taken, std::memory_order_relaxed);
    }
    rd_kafka_topic_partition_list_destroy(list);
  }

  Handle handle_;
  std::string topic_;
  std::vector<std::int64_t> start_;
  std::atomic<std::uint64_t> taken_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

// What the producer's delivery reports and errors said (served on the driver's thread by
// rd_kafka_poll). Each record carries the time it was handed over as its opaque.
struct Deliveries {
  std::uint64_t failed = 0;
  std::string first_error;
  std::uint64_t delivered = 0;
  double latency_sum_ns = 0, latency_max_ns = 0;
  std::int64_t all_down_since_ns = 0;  // 0: a broker is up (or was, at the last delivery)
  std::string down_reason;
};

extern "C" void on_delivery(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque) {
  auto* deliveries = static_cast<Deliveries*>(opaque);
  if (message->err) {
    if (deliveries->failed++ == 0) deliveries->first_error = rd_kafka_err2str(message->err);
    return;
  }
  const auto latency = static_cast<double>(monotonic_ns() - reinterpret_cast<std::intptr_t>(message->_private));
  ++deliveries->delivered;
  deliveries->latency_sum_ns += latency;
  deliveries->latency_max_ns = std::max(deliveries->latency_max_ns, latency);
  deliveries->all_down_since_ns = 0;
}

extern "C" void on_error(rd_kafka_t*, int error, const char* reason, void* opaque) {
  auto* deliveries = static_cast<Deliveries*>(opaque);
  if (error != RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN || deliveries->all_down_since_ns != 0) return;
  deliveries->all_down_since_ns = monotonic_ns();
  deliveries->down_reason = reason;
}

std::string driver_group() {
  return "tare-driver-" + std::to_string(::getpid()) + "-" + std::to_string(monotonic_ns());
}

// The output topic's consumer, with a pipe librdkafka writes to when records arrive, so
// that wait() sleeps until then.
class OutputConsumer {
 public:
  OutputConsumer(const KafkaSettings& settings, const std::vector<std::int64_t>& start)
      : handle_(new_kafka_handle(KafkaClientType::consumer, settings,
                           {{"group.id", driver_group()}, {"enable.auto.commit", "false"},
                            {"enable.partition.eof", "false"}})) {
    auto* list = kafka_partitions_of(settings.out_topic, start);
    const auto err = rd_kafka_assign(handle_.get(), list);
    rd_kafka_topic_partition_list_destroy(list);
    if (err) throw NetError("cannot consume Kafka topic " + settings.out_topic + ": " + rd_kafka_err2str(err));
    if (::pipe2(wake_, O_NONBLOCK | O_CLOEXEC) != 0) throw NetError("cannot create a pipe for the Kafka consumer");
    queue_ = rd_kafka_queue_get_consumer(handle_.get());
    rd_kafka_queue_io_event_enable(queue_, wake_[1], "1", 1);
  }
  ~OutputConsumer() {
    rd_kafka_queue_io_event_enable(queue_, -1, nullptr, 0);
    rd_kafka_queue_destroy(queue_);
    rd_kafka_consumer_close(handle_.get());
    ::close(wake_[0]);
    ::close(wake_[1]);
  }
  OutputConsumer(const OutputConsumer&) = delete;
  OutputConsumer& operator=(const OutputConsumer&) = delete;

  rd_kafka_t* handle() const noexcept { return handle_.get(); }
  int wake_fd() const noexcept { return wake_[0]; }
  void drain_wakes() const noexcept {
    char bytes[64];
    while (::read(wake_[0], bytes, sizeof bytes) > 0) {
    }
  }

 private:
  Handle handle_;
  rd_kafka_queue_t* queue_ = nullptr;
  int wake_[2] = {-1, -1};
};

class KafkaLink final : public SourceLink {
 public:
  KafkaLink(const KafkaSettings& settings, const RunDescription& run)
      : settings_(settings),
        query_(run.query),
        deliveries_(std::make_unique<Deliveries>()),
        producer_(new_kafka_handle(KafkaClientType::producer, settings, {}, deliveries_.get(), on_delivery, on_error)),
        outputs_(settings, kafka_end_offsets(producer_.get(), settings.out_topic)),
        committed_(new_kafka_handle(KafkaClientType::consumer, settings, {{"group.id", settings.group}, {"enable.auto.commit", "false"}}),
                   settings.in_topic, kafka_end_offsets(producer_.get(), settings.in_topic)),
        sut_name_("Kafka consumer group " + settings.group) {}

  ~KafkaLink() override { rd_kafka_flush(producer_.get(), kCloseFlushMs); }

  const std::string& sut_name() const override { return sut_name_; }
  std::uint64_t room() const override {
    const auto queued = static_cast<std::uint64_t>(std::max(0, rd_kafka_outq_len(producer_.get())));
    note_full(queued >= kMaxQueued);
    return ended_ || queued >= kMaxQueued ? 0 : kMaxQueued - queued;
  }

  void send(std::span<const Event> events) override {
    for (const Event& e : events) {
      encode_event(e, settings_.format, value_);
      const std::string key = event_key(e, query_);
      const auto err = rd_kafka_producev(
          producer_.get(), RD_KAFKA_V_TOPIC(settings_.in_topic.c_str()), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
          RD_KAFKA_V_KEY(key.data(), key.size()), RD_KAFKA_V_VALUE(value_.data(), value_.size()),
          RD_KAFKA_V_OPAQUE(reinterpret_cast<void*>(static_cast<std::intptr_t>(monotonic_ns()))), RD_KAFKA_V_END);
      if (err) throw NetError("cannot produce to Kafka topic " + settings_.in_topic + ": " + rd_kafka_err2str(err));
      ++sent_;
    }
  }

  void end() override { ended_ = true; }

  // Serves the producer's delivery reports; a record Kafka refused ends the run, and so
  // does a cluster whose every broker has been down for kBrokersGoneNs.
  void flush() override {
    rd_kafka_poll(producer_.get(), 0);
    if (deliveries_->failed > 0)
      throw NetError(std::to_string(deliveries_->failed) + " events were not delivered to Kafka topic " +
                     settings_.in_topic + " (the first: " + deliveries_->first_error + ")");
    const std::int64_t down_since = deliveries_->all_down_since_ns;
    if (down_since != 0 && monotonic_ns() - down_since > kBrokersGoneNs)
      throw NetError("the Kafka cluster at " + settings_.bootstrap + " went away: every broker down for " +
                     std::to_string(kBrokersGoneNs / 1'000'000'000) + " s (" + deliveries_->down_reason + ")");
  }

  bool waits_for_done_without_drain() const override { return false; }

  std::optional<BrokerCounters> broker_counters() const override {
    note_full(false);
    const Deliveries& d = *deliveries_;
    return BrokerCounters{d.delivered, d.failed, d.delivered ? d.latency_sum_ns / static_cast<double>(d.delivered) : 0,
                          d.latency_max_ns, static_cast<double>(full_ns_)};
  }

  void receive(OutputSink& sink) override {
    outputs_.drain_wakes();
    batch_.clear();
    for (int i = 0; i < kMostRecordsPerReceive; ++i) {
      // Destroyed however take() ends: a message never destroyed makes the consumer's
      // rd_kafka_destroy wait for it forever.
      const std::unique_ptr<rd_kafka_message_t, MessageDeleter> message(rd_kafka_consumer_poll(outputs_.handle(), 0));
      if (!message) break;
      take(*message);
    }
    if (batch_.empty()) return;
    received_ += batch_.size();
    last_output_ns_ = monotonic_ns();
    sink.outputs(batch_);
  }

  bool done() const override {
    if (!ended_ || rd_kafka_outq_len(producer_.get()) > 0 || committed_.taken() < sent_) return false;
    if (query_ == Query::identity) return received_ >= sent_;
    return monotonic_ns() - std::max(last_output_ns_, taken_all_ns()) >= kQuietNs;
  }

  std::uint64_t taken() const override { return std::min(committed_.taken(), sent_); }

  void wait(std::int64_t ns) override {
    pollfd fd{outputs_.wake_fd(), POLLIN, 0};
    const timespec timeout{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
    ::ppoll(&fd, 1, &timeout, nullptr);
  }

  // Kafka has no way to tell a consumer group why a run ended: nothing to send.
  void abort(std::string_view) noexcept override {}

 private:
  // A record of the output topic: an output, or the first problem with one.
  void take(const rd_kafka_message_t& message) {
    if (message.err) {
      // Transient errors (a broker reconnecting) librdkafka retries itself; the rest end the run.
      if (message.err == RD_KAFKA_RESP_ERR__PARTITION_EOF || message.err == RD_KAFKA_RESP_ERR__TRANSPORT) return;
      throw NetError("consuming Kafka topic " + settings_.out_topic + ": " + rd_kafka_message_errstr(&message));
    }
    const std::string_view value(static_cast<const char*>(message.payload), message.len);
    std::string why;
    const auto output = decode_output(value, settings_.format, why);
    if (!output)
      throw ProtocolError(why + " (topic " + settings_.out_topic + ", partition " + std::to_string(message.partition) +
                          ", offset " + std::to_string(message.offset) + ", format " +
                          record_format_name(settings_.format) + ")");
    batch_.push_back(*output);
  }

  // Times the producer's queue stays full (room() is asked on every pass of the driver).
  void note_full(bool full) const {
    if (full && full_since_ns_ == 0) full_since_ns_ = monotonic_ns();
    if (!full && full_since_ns_ != 0) {
      full_ns_ += monotonic_ns() - full_since_ns_;
      full_since_ns_ = 0;
    }
  }

  // When done() first saw every event committed: the quiet period runs from then at least.
  std::int64_t taken_all_ns() const {
    if (taken_all_ns_ == 0) taken_all_ns_ = monotonic_ns();
    return taken_all_ns_;
  }

  const KafkaSettings& settings_;
  Query query_;
  std::unique_ptr<Deliveries> deliveries_;  // before the producer: its delivery reports land here
  Handle producer_;
  OutputConsumer outputs_;
  CommittedReader committed_;
  std::string sut_name_;
  std::string value_;
  std::vector<Output> batch_;
  std::uint64_t sent_ = 0, received_ = 0;
  std::int64_t last_output_ns_ = 0;
  mutable std::int64_t taken_all_ns_ = 0;
  mutable std::int64_t full_since_ns_ = 0, full_ns_ = 0;
  bool ended_ = false;
};

}  // namespace

KafkaTransport::KafkaTransport(KafkaSettings settings) : settings_(std::move(settings)) {
  // Every property is checked now, before the run, with librdkafka's own words.
  (void)new_kafka_handle(KafkaClientType::producer, settings_, {});
}

std::unique_ptr<SourceLink> KafkaTransport::open(std::uint32_t source, const RunDescription& run) {
  if (source != 0 || run.sources != 1)
    throw NetError("the Kafka transport takes one generator (the SUT group's committed offsets are the whole run's)");
  return std::make_unique<KafkaLink>(settings_, run);
}

}  // namespace tare::stream
