#include "html/escape.hpp"

#include <gtest/gtest.h>

namespace {

TEST(HtmlEscape, MarkupInANameBecomesText) {
  EXPECT_EQ(tare::html::escape("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
}

TEST(HtmlEscape, QuotesAndAmpersandsAreSafeInAttributes) {
  EXPECT_EQ(tare::html::escape(R"(a "b" & 'c')"), "a &quot;b&quot; &amp; &#39;c&#39;");
}

TEST(HtmlEscape, BytesThatAreNotUtf8BecomeTheReplacementCharacter) {
  EXPECT_EQ(tare::html::escape("size=\xff"), "size=\xEF\xBF\xBD");
  EXPECT_EQ(tare::html::escape("µs ±"), "µs ±");
}

}  // namespace
