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
  EXPECT_EQ(markdown_code_cell("bad \xff name"), "`bad \xEF\xBF\xBD name`");
}

}  // namespace
}  // namespace tare::tool
