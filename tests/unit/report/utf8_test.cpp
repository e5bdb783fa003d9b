// valid_utf8: well-formed UTF-8 kept, every other byte one U+FFFD (Unicode table 3-7).
#include <gtest/gtest.h>

#include <string>

#include "report/utf8.hpp"

namespace tare::report {
namespace {

TEST(Utf8, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(valid_utf8("ok \xff\xfe end"), "ok " + fffd + fffd + " end");
  EXPECT_EQ(valid_utf8("\xC3\x28"), fffd + "(");                     // a lead byte without its continuation
  EXPECT_EQ(valid_utf8("\xE0\x80\x80"), fffd + fffd + fffd);          // overlong
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), fffd + fffd + fffd);          // a surrogate
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd);  // above U+10FFFF
  EXPECT_EQ(valid_utf8("\xE4\xB8"), fffd + fffd);                     // cut short
  EXPECT_EQ(valid_utf8("µs 中 \xF0\x9F\x98\x80"), "µs 中 \xF0\x9F\x98\x80");
}

}  // namespace
}  // namespace tare::report
