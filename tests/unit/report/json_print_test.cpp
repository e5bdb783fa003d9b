// The results printer: indent 2, one line per flat leaf value, and always the same JSON.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report/json_print.hpp"

namespace tare::report::detail {
namespace {

using Json = nlohmann::ordered_json;

std::string printed(const Json& j) {
  std::ostringstream out;
  print_json(j, out);
  return out.str();
}

TEST(JsonPrint, FlatLeavesOnOneLineTheRestIndentedByTwo) {
  const Json doc = Json::parse(R"({"name": "x", "samples": [{"ops": 1, "ns": 2.5, "counters": [1, 2]}, {"ops": 3, "ns": null}],
                                   "empty": [], "none": {}, "words": ["a", "b"]})");
  EXPECT_EQ(printed(doc),
            "{\n"
            "  \"name\": \"x\",\n"
            "  \"samples\": [\n"
            "    {\"ops\": 1, \"ns\": 2.5, \"counters\": [1, 2]},\n"
            "    {\"ops\": 3, \"ns\": null}\n"
            "  ],\n"
            "  \"empty\": [],\n"
            "  \"none\": {},\n"
            "  \"words\": [\n"
            "    \"a\",\n"
            "    \"b\"\n"
            "  ]\n"
            "}");
}

TEST(JsonPrint, LongTextObjectsAreBrokenNumberOnlyOnesAreNot) {
  const Json doc = {{"text", {{"model", std::string(90, 'm')}, {"cores", 2}}},
                    {"numbers", {{"a", 1111111111}, {"b", 2222222222}, {"c", 3333333333}, {"d", 4444444444},
                                 {"e", 5555555555}, {"f", 6666666666}, {"g", 7777777777}}}};
  const std::string text = printed(doc);
  EXPECT_NE(text.find("  \"text\": {\n    \"model\": \"mmm"), std::string::npos) << text;
  EXPECT_NE(text.find("  \"numbers\": {\"a\": 1111111111, \"b\""), std::string::npos) << text;
}

TEST(JsonPrint, ParsesBackToTheSameValueWithEscapes) {
  const Json doc = Json::parse(R"({"k\"ey": {"tab\there": "line\nbreak", "u": "中文"}, "n": [0.1, -0.0, 1e300]})");
  EXPECT_EQ(Json::parse(printed(doc)), doc);
}

TEST(JsonPrint, InvalidUtf8BecomesReplacementCharacter) {
  EXPECT_EQ(printed(Json{{"e", "bad \xff"}}), "{\"e\": \"bad \xEF\xBF\xBD\"}");
}

}  // namespace
}  // namespace tare::report::detail
