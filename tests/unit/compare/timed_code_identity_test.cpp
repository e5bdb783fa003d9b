// The timed code's identity on real binaries (tests/e2e/identity_bench.cpp built three
// ways), each run under callgrind and disassembled: a byte-identical copy and a build with
// an unrelated function linked in run the same code, the second elsewhere; a changed
// constant in the timed body is a changed function, named. Exact facts whatever the load.
#include "compare/code_match.hpp"
#include "runner/timed_code.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "runner/worker_process.hpp"
#include "system/find_on_path.hpp"

#ifdef TARE_IDENTITY_BASE
namespace {

std::optional<tare::runner::HotCodeTools> identity_tools() {
  const auto valgrind = tare::system::find_on_path("valgrind");
  const auto objdump = tare::system::find_on_path("objdump");
  if (!valgrind || !objdump) return std::nullopt;
  return tare::runner::HotCodeTools{*valgrind, *objdump};
}

tare::runner::CallgrindTarget identity_target(const std::string& binary) {
  tare::runner::CallgrindTarget target;
  target.executable = binary;
  target.worker.benchmark = "identity.mix";
  return target;
}

// A small fixed batch: the code executed is the same at any size, and no calibration runs.
constexpr std::uint64_t kIdentityBatch = 64;

tare::results::CodeIdentity identified(const std::string& binary, const tare::runner::HotCodeTools& tools) {
  return tare::runner::identify_timed_code(identity_target(binary), tools, 60, kIdentityBatch);
}

const tare::results::CodeFunction* function_named(const tare::results::CodeIdentity& code, const std::string& name) {
  for (const auto& function : code.functions)
    if (function.name == name) return &function;
  return nullptr;
}

constexpr const char* kMixRounds = "identity_mix_rounds(unsigned long)";

// Why these tests cannot run here, if they cannot.
std::optional<std::string> identity_skip_reason() {
#ifdef TARE_SANITIZE
  return std::string("valgrind cannot run a binary built with sanitizers");
#else
  if (!identity_tools()) return std::string("needs valgrind and objdump");
  return std::nullopt;
#endif
}

TEST(TimedCodeIdentity, AByteIdenticalCopyIsTheSameCodeInTheSamePlace) {
  if (const auto why = identity_skip_reason()) GTEST_SKIP() << *why;
  const auto tools = *identity_tools();
  const auto copy = std::filesystem::temp_directory_path() / ("tare-identity-copy-" + std::to_string(::getpid()));
  std::filesystem::copy_file(TARE_IDENTITY_BASE, copy, std::filesystem::copy_options::overwrite_existing);
  const auto base = identified(TARE_IDENTITY_BASE, tools);
  const auto same = identified(copy.string(), tools);
  std::filesystem::remove(copy);
  ASSERT_FALSE(base.functions.empty());
  const auto* mix = function_named(base, kMixRounds);
  ASSERT_NE(mix, nullptr) << "functions: " << base.functions.size();
  EXPECT_EQ(mix->digest.size(), 16u);
  EXPECT_GT(mix->instructions, 5u);
  EXPECT_EQ(base.hot_function, kMixRounds);  // 64 rounds: the loop is where the instructions go
  ASSERT_TRUE(base.hot_loop_address);
  EXPECT_GT(*base.hot_loop_address, mix->address);
  const auto match = tare::compare::match_code(base, same);
  EXPECT_TRUE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_TRUE(match.changed.empty());
  EXPECT_EQ(match.base_loop_offset, match.candidate_loop_offset);
}

TEST(TimedCodeIdentity, AnUnrelatedFunctionLinkedInMovesTheSameCode) {
  if (const auto why = identity_skip_reason()) GTEST_SKIP() << *why;
  const auto tools = *identity_tools();
  const auto base = identified(TARE_IDENTITY_BASE, tools);
  const auto unrelated = identified(TARE_IDENTITY_UNRELATED, tools);
  const auto match = tare::compare::match_code(base, unrelated);
  EXPECT_TRUE(match.same) << "changed: " << (match.changed.empty() ? "" : match.changed.front());
  EXPECT_TRUE(match.changed.empty());
  // The new function sits before the benchmark's in the same file: its code moved.
  const auto* before = function_named(base, kMixRounds);
  const auto* after = function_named(unrelated, kMixRounds);
  ASSERT_TRUE(before && after);
  EXPECT_NE(before->address, after->address);
  EXPECT_TRUE(match.moved);
  EXPECT_TRUE(match.base_loop_offset && match.candidate_loop_offset);
}

TEST(TimedCodeIdentity, AChangedConstantInTheTimedBodyIsAChangedFunctionByName) {
  if (const auto why = identity_skip_reason()) GTEST_SKIP() << *why;
  const auto tools = *identity_tools();
  const auto base = identified(TARE_IDENTITY_BASE, tools);
  const auto changed = identified(TARE_IDENTITY_CHANGED, tools);
  const auto match = tare::compare::match_code(base, changed);
  EXPECT_FALSE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_EQ(match.changed, std::vector<std::string>{kMixRounds});
}

TEST(TimedCodeIdentity, PerInstructionCountsChangeNoCount) {
  if (const auto why = identity_skip_reason()) GTEST_SKIP() << *why;
  const auto tools = *identity_tools();
  tare::runner::CallgrindDirectory directory;
  tare::runner::CallgrindPlan plan;
  plan.valgrind = tools.valgrind;
  plan.output_directory = directory.path();
  plan.invocations = kIdentityBatch;
  const auto plain = tare::runner::run_callgrind_fork(identity_target(TARE_IDENTITY_BASE), plan).counts;
  plan.dump_instructions = true;
  const auto per_instruction = tare::runner::run_callgrind_fork(identity_target(TARE_IDENTITY_BASE), plan).counts;
  EXPECT_EQ(plain.body_n, per_instruction.body_n);
  EXPECT_EQ(plain.body_2n, per_instruction.body_2n);
  EXPECT_EQ(plain.empty_n, per_instruction.empty_n);
  EXPECT_EQ(plain.empty_2n, per_instruction.empty_2n);
}

TEST(TimedCodeIdentity, AMultiThreadedBenchmarkIsRefusedSayingWhy) {
  const tare::runner::HotCodeTools tools{"/nonexistent/valgrind", "/nonexistent/objdump"};
  auto target = identity_target(TARE_IDENTITY_BASE);
  target.worker.threads = 2;
  try {
    tare::runner::identify_timed_code(target, tools, 60);
    ADD_FAILURE() << "identified";
  } catch (const tare::runner::WorkerFailure& e) {
    EXPECT_NE(std::string(e.what()).find("single-threaded benchmarks only"), std::string::npos) << e.what();
  }
}

}  // namespace
#endif
