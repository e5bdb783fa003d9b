// Names in tare compare's markdown: one cell, one line, valid UTF-8, whatever they hold.
#include <gtest/gtest.h>

#include <string>

#include "tools/tare/markdown_text.hpp"

namespace tare::tool {
namespace {

TEST(MarkdownText, AnOrdinaryNameIsCode) {
  EXPECT_EQ(markdown_code_cell("lookup.binary/size=1024"), "`lookup.binary/size=1024`");
  EXPECT_EQ(markdown_code_cell("sort/text=\"a\" b\\c"), "`sort/text=\"a\" b\\c`");
}

TEST(MarkdownText, BackticksGetALongerFence) {
  EXPECT_EQ(markdown_code_cell("a`b``c"), "```a`b``c```");
  EXPECT_EQ(markdown_code_cell("`edge`"), "`` `edge` ``");
}

TEST(MarkdownText, ControlCharactersAreWrittenOut) {
  EXPECT_EQ(markdown_code_cell("line\nbreak\r\ttab\x01\x7f"), "`line\\nbreak\\r\\ttab\\x01\\x7F`");
}

TEST(MarkdownText, APipeMakesEscapedText) {
  EXPECT_EQ(markdown_code_cell("a|b"), "a\\|b");
  EXPECT_EQ(markdown_code_cell("x\\|*_`[<&!#~"), "x\\\\\\|\\*\\_\\`\\[\\<\\&\\!\\#\\~");
}

TEST(MarkdownText, BytesThatAreNotUtf8BecomeReplacementCharacters) {
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
}  // namespace tare::tool
