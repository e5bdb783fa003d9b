// Benchmarks whose names hold what a name should not: quotes, a backslash, a pipe,
// backticks, a line break, a tab, a control character, bytes that are not UTF-8 and markup; and one
// that fails with such bytes in its error text. Every results file, --list-json and the
// markdown of `tare compare` and the HTML of `tare report` must stay valid and keep each name
// recognisable.
#include <tare/tare.hpp>

#include <cstdint>
#include <stdexcept>

namespace {

struct Text {
  std::uint64_t calls = 0;
  explicit Text(const tare::Params&) {}
};

}  // namespace

TARE_BENCHMARKS {
  tare::group<Text>("odd")
      .param("text", {"\"quoted\" back\\slash", "pipe|`tick`", "line\nbreak\ttab\x01", "bad \xff\xfe utf8",
                      "<script>alert(1)</script>"})
      .bench("name", [](Text& t) { return ++t.calls; });
  tare::bench("fails", []() -> int { throw std::runtime_error("bytes \xc3\x28 that are not UTF-8"); });
}
