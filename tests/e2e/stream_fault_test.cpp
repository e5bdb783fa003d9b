// `tare stream run` and `sustainable` against a SUT that never says done (issue 17, F3):
// the command ends on its own with one line naming what did not arrive, exits 1, and (for
// run) writes what it measured. The SUT is this test, on a real loopback socket. The wait
// for done is --done-timeout's (by default at least 10 s): a short one, since nothing comes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "e2e/command.hpp"
#include "stream/transport/net.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace {

using tare::stream::FrameType;

// Serves one driver: hello, credit for everything, takes the events, and answers `end` with
// silence until the driver hangs up.
class SilentAtTheEndSut {
 public:
  SilentAtTheEndSut() : listener_(tare::stream::Address{"127.0.0.1", 0}) {
    thread_ = std::thread([this] { serve(); });
  }
  ~SilentAtTheEndSut() { thread_.join(); }
  std::string address() const { return listener_.bound_address().text(); }
  bool end_came() const { return end_came_; }

 private:
  void serve() {
    try {
      tare::stream::Socket socket = listener_.accept(60'000);
      tare::stream::FrameWriter out;
      out.hello("silent at the end");
      out.request(1'000'000);
      tare::stream::write_all(socket.fd(), out.bytes());
      tare::stream::FrameReader reader;
      std::vector<std::uint8_t> buffer(1u << 16);
      for (std::size_t n; (n = tare::stream::read_some(socket.fd(), buffer)) > 0;) {
        reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
        while (auto frame = reader.next()) end_came_ = end_came_ || frame->type == FrameType::end;
      }
    } catch (const std::exception&) {  // the driver went away: nothing more to serve
    }
  }

  tare::stream::Listener listener_;
  std::thread thread_;
  bool end_came_ = false;  // written by the thread, read after join
};

TEST(StreamFaults, RunEndsWhenTheSutNeverSaysDoneAndKeepsWhatItMeasured) {
  const auto json_path = tare_e2e::scratch_dir() / "stream_no_done.json";
  tare_e2e::CommandResult r;
  {
    SilentAtTheEndSut sut;
    r = tare_e2e::run_command({TARE_CLI, "stream", "run", "--rate", "1k", "--duration", "1s", "--sut", sut.address(),
                               "--max-lateness=200ms", "--done-timeout", "500ms", "--json", json_path.string()});
  }
  ASSERT_FALSE(r.timed_out) << "the driver waited for done forever";
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("INCOMPLETE: the SUT did not send done on connection 0 within 0.5 s after end"), std::string::npos)
      << r.out;
  const auto j = nlohmann::json::parse(tare_e2e::slurp(json_path));
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_EQ(j["counts"]["generated"], 1000);
  EXPECT_EQ(j["counts"]["taken"], 1000);
}

TEST(StreamFaults, SustainableEndsWhenTheSutNeverSaysDone) {
  tare_e2e::CommandResult r;
  {
    SilentAtTheEndSut sut;
    r = tare_e2e::run_command({TARE_CLI, "stream", "sustainable", "--probe", "2k", "--trial", "1s", "--sut",
                               sut.address(), "--max-lateness=200ms", "--done-timeout", "500ms"});
  }
  ASSERT_FALSE(r.timed_out) << "the search waited for done forever";
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("the SUT did not send done on connection 0 within 0.5 s after end"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
