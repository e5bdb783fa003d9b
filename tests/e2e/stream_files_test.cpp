// `tare stream run`'s files when the SUT sends bytes that are not UTF-8 (its name in hello,
// its error message): the JSON is still written, valid, with U+FFFD for the bad bytes. It
// was left empty: the strict dump threw half-way through writing it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "e2e/command.hpp"
#include "e2e/scripted_sut.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace {

// Greets the driver with `name`, takes one batch of events, then reports `error`.
void misspeak(tare_e2e::ScriptedSut& sut, const std::string& name, const std::string& error) {
  sut.accept_driver(name);
  ASSERT_TRUE(sut.first_events()) << "the driver sent no events";
  tare::stream::FrameWriter report;
  report.error(error);
  sut.send(report);
}

TEST(StreamFiles, BytesThatAreNotUtf8FromTheSutLeaveAValidJson) {
  tare_e2e::ScriptedSut sut;
  const auto json_path = tare_e2e::scratch_dir() / "stream_not_utf8.json";
  const pid_t driver = tare_e2e::spawn_quiet({TARE_CLI, "stream", "run", "--rate", "2k", "--duration", "30s", "--sut",
                                              sut.address(), "--json", json_path.string()});
  misspeak(sut, "sut \xff\xfe", "broke \xc3\x28 here");
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
