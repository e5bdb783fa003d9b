// `tare stream run`'s files when the SUT sends bytes that are not UTF-8 (its name in hello,
// its error message): the JSON is still written, valid, with U+FFFD for the bad bytes. It
// was left empty: the strict dump threw half-way through writing it.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <span>
#include <string>

#include "e2e/command.hpp"
#include "stream/protocol.hpp"

namespace {

// A SUT played by the test over loopback that greets the driver with `name`, takes one
// batch of events and then reports `error`.
class MisspokenSut {
 public:
  MisspokenSut() {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_EQ(listen(listener_, 1), 0);
    socklen_t length = sizeof addr;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &length);
    address_ = "127.0.0.1:" + std::to_string(ntohs(addr.sin_port));
  }
  ~MisspokenSut() {
    if (connection_ >= 0) close(connection_);
    close(listener_);
  }
  const std::string& address() const { return address_; }

  void serve(const std::string& name, const std::string& error) {
    connection_ = accept(listener_, nullptr, nullptr);
    ASSERT_GE(connection_, 0);
    ASSERT_TRUE(wait_for(tare::stream::FrameType::hello)) << "the driver sent no hello";
    tare::stream::FrameWriter hello;
    hello.hello(name);
    send(hello);
    tare::stream::FrameWriter credit;
    credit.request(100);
    send(credit);
    ASSERT_TRUE(wait_for(tare::stream::FrameType::events)) << "the driver sent no events";
    tare::stream::FrameWriter report;
    report.error(error);
    send(report);
  }

 private:
  void send(const tare::stream::FrameWriter& frame) {
    const auto bytes = frame.bytes();
    ASSERT_EQ(write(connection_, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  bool wait_for(tare::stream::FrameType type) {
    std::uint8_t buffer[4096];
    for (;;) {
      while (auto frame = reader_.next())
        if (frame->type == type) return true;
      const ssize_t n = read(connection_, buffer, sizeof buffer);
      if (n <= 0) return false;
      reader_.feed(std::span<const std::uint8_t>(buffer, static_cast<std::size_t>(n)));
    }
  }

  int listener_ = -1, connection_ = -1;
  std::string address_;
  tare::stream::FrameReader reader_;
};

TEST(StreamFiles, BytesThatAreNotUtf8FromTheSutLeaveAValidJson) {
  MisspokenSut sut;
  const auto json_path = tare_e2e::scratch_dir() / "stream_not_utf8.json";
  const pid_t driver = tare_e2e::spawn_quiet({TARE_CLI, "stream", "run", "--rate", "2k", "--duration", "30s", "--sut",
                                              sut.address(), "--json", json_path.string()});
  sut.serve("sut \xff\xfe", "broke \xc3\x28 here");
  int status = 0;
  waitpid(driver, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  const auto j = nlohmann::json::parse(tare_e2e::slurp(json_path));
  EXPECT_EQ(j["sut_name"], "sut \xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_NE(j["incomplete_reason"].get<std::string>().find("broke \xEF\xBF\xBD("), std::string::npos)
      << j["incomplete_reason"];
}

}  // namespace
