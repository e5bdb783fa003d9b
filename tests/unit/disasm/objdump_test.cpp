// Running objdump: the program found on PATH, a real listing of a real binary (a function
// of this test program), and one line saying why when objdump fails.
#include "disasm/objdump.hpp"
#include "system/find_on_path.hpp"

#include <link.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>

namespace tare::disasm {
namespace {

TEST(Objdump, ProgramsAreFoundOnThePath) {
  const auto shell = tare::system::find_on_path("sh");
  ASSERT_TRUE(shell);
  EXPECT_EQ(::access(shell->c_str(), X_OK), 0) << *shell;
  EXPECT_FALSE(tare::system::find_on_path("tare-no-such-program"));
}

TEST(Objdump, FailuresSayWhyInOneLine) {
  const auto objdump = tare::system::find_on_path("objdump");
  if (!objdump) GTEST_SKIP() << "needs objdump (binutils)";
  try {
    disassemble(*objdump, "/nonexistent/binary", 0x1000, 0x1100, std::chrono::seconds(60));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("objdump on /nonexistent/binary: exit status", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

extern "C" __attribute__((noinline)) int objdump_test_target(int x) { return x * 3 + 1; }

TEST(Objdump, ListsARealFunctionOfARealBinary) {
  const auto objdump = tare::system::find_on_path("objdump");
  if (!objdump) GTEST_SKIP() << "needs objdump (binutils)";
  // The program's addresses in its file are its run-time ones less its load bias (0 unless
  // it is position-independent): what callgrind writes, too. The first object listed is
  // the program itself.
  std::uintptr_t bias = 0;
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        *static_cast<std::uintptr_t*>(out) = info->dlpi_addr;
        return 1;
      },
      &bias);
  const auto start = reinterpret_cast<std::uintptr_t>(&objdump_test_target) - bias;
  // objdump's own /proc/self/exe would be objdump: the path of this program's file.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const auto listing = disassemble(*objdump, self, start, start + 8, std::chrono::seconds(60));
  ASSERT_FALSE(listing.empty());
  EXPECT_EQ(listing.front().address, start);
  EXPECT_EQ(listing.front().symbol, "objdump_test_target");
  EXPECT_TRUE(std::all_of(listing.begin(), listing.end(), [&](const auto& i) { return i.address < start + 8; }));
}

TEST(Objdump, AnEmptyRangeListsNothing) {
  const auto objdump = tare::system::find_on_path("objdump");
  if (!objdump) GTEST_SKIP() << "needs objdump (binutils)";
  // This test program: a real ELF file, where a range before any code is empty.
  const auto listing =
      disassemble(*objdump, std::filesystem::read_symlink("/proc/self/exe").string(), 0x0, 0x1, std::chrono::seconds(60));
  EXPECT_TRUE(listing.empty());
}

}  // namespace
}  // namespace tare::disasm
