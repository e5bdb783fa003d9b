#include "report/hot_code_block.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <string_view>

#include "report/text.hpp"

namespace tare::report::detail {
namespace {

constexpr std::size_t kTextColumns = 44;      // an instruction's text is padded to this
constexpr std::size_t kLongestText = 60;      // and cut beyond it
constexpr std::size_t kLongestFunction = 110;  // a template's name can run to thousands

// `text` cut to `columns` code points, an ellipsis marking the cut.
std::string shortened(std::string_view text, std::size_t columns) {
  if (display_width(text) <= columns) return std::string(text);
  std::string kept;
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size() && width + 1 < columns; ++i) {
    kept += text[i];
    const bool continues = i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80;
    if (!continues) ++width;
  }
  return kept + "…";
}

// "unsigned long tare::detail::timed_loop<X, Y>(void const*, void*, unsigned long)" ->
// "tare::detail::timed_loop<X, Y>", "tare::registry::NativeBody::run(...) const" ->
// "tare::registry::NativeBody::run": a demangled name without its parameters, qualifiers
// and return type (the JSON keeps the whole name).
std::string short_function_name(const std::string& name) {
  std::string_view text = name;
  // GCC's clones ("... [clone .isra.0]") keep their mark after the short name.
  std::string clone;
  if (const auto at = text.find(" [clone "); at != std::string_view::npos && text.back() == ']') {
    clone = std::string(text.substr(at));
    text = text.substr(0, at);
  }
  for (const std::string_view qualifier : {" const", " volatile", " &&", " &", " noexcept"})
    if (text.size() > qualifier.size() && text.substr(text.size() - qualifier.size()) == qualifier)
      text.remove_suffix(qualifier.size());
  if (!text.empty() && text.back() == ')') {
    int depth = 0;
    for (std::size_t i = text.size(); i-- > 0;) {
      if (text[i] == ')' || text[i] == '>') ++depth;
      if (text[i] == '(' || text[i] == '<') --depth;
      if (depth == 0) {
        text = text.substr(0, i);
        break;
      }
    }
  }
  int depth = 0;
  for (std::size_t i = text.size(); i-- > 0;) {
    if (text[i] == ')' || text[i] == '>') ++depth;
    if (text[i] == '(' || text[i] == '<') --depth;
    if (depth == 0 && text[i] == ' ') return std::string(text.substr(i + 1)) + clone;
  }
  return text.empty() ? name : std::string(text) + clone;
}

std::string percent(double share) {
  if (share == 0) return "";
  if (share < 0.0001) return "<0.01%";
  return fmt::format("{:.2f}%", share * 100);
}

std::string file_name(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "   19.62% ▌  1280  movslq (%rax),%r8              sum.cpp:7": the source position only
// where it changes.
std::string instruction_line(const results::AsmInstruction& i, std::string& last_source, bool color) {
  const std::string source = i.source == last_source ? "" : i.source;
  last_source = i.source;
  std::string line = fmt::format("  {:>8} {} {:>6x}  {}", percent(i.share), i.hot ? "▌" : " ", i.address,
                                 pad(shortened(i.text, kLongestText), kTextColumns, Align::left));
  if (!source.empty()) line += "  " + source;
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return i.hot ? paint(line, Style::bold, color) : line;
}

std::string elided_line(const results::AsmElided& elided, const char* where) {
  return fmt::format("  {:>8}   … {} instruction{} {}", percent(elided.share), elided.count, elided.count == 1 ? "" : "s",
                     where);
}

// The other functions, a line each with the share in the listing's column.
void add_other_functions(const results::AsmProfile& hot, std::vector<std::string>& lines) {
  if (hot.other_functions.empty() && hot.more_functions.count == 0) return;
  lines.push_back("  Elsewhere:");
  for (const auto& f : hot.other_functions)
    lines.push_back(fmt::format("  {:>8}   {} ({})", percent(f.share), shortened(short_function_name(f.function), 80),
                                file_name(f.object)));
  if (hot.more_functions.count > 0)
    lines.push_back(fmt::format("  {:>8}   {} more function{}", percent(hot.more_functions.share),
                                hot.more_functions.count, hot.more_functions.count == 1 ? "" : "s"));
}

double listed_share(const std::vector<results::AsmInstruction>& listing) {
  double sum = 0;
  for (const auto& instruction : listing) sum += instruction.share;
  return sum;
}

std::string title(const results::Benchmark& b, const results::AsmProfile& hot) {
  std::string text = fmt::format("Hot code of {} (--prof asm): shares of the {} instructions callgrind counted in the "
                                 "timed loop's batch",
                                 b.name, hot.instructions);
  if (hot.listing.empty()) return text;
  const double listed = listed_share(hot.listing);
  return text + fmt::format("; the {} listed hold {}", hot.listing.size(), listed == 0 ? "0%" : percent(listed));
}

// "a loop of 200 instructions", "the executed run of 12 instructions around the costliest".
std::string region_text(const results::AsmRegion& region) {
  const char* plural = region.instructions == 1 ? "" : "s";
  return region.loop ? fmt::format("a loop of {} instruction{}", region.instructions, plural)
                     : fmt::format("the executed run of {} instruction{} around the costliest", region.instructions, plural);
}

std::string region_line(const results::AsmRegion& region, const std::string& how_listed) {
  return fmt::format("  {:>8}   ▌ hottest region: {}{}", percent(region.share), region_text(region), how_listed);
}

// ", listed whole", or how much of a cut listing is there: the region line says what the
// marked lines add up to, and whether all of them are there.
std::string how_listed(const results::AsmProfile& hot) {
  if (!hot.listing_cut) return ", listed whole";
  const std::string listed = fmt::format("; the costliest {} of the function's instructions listed", hot.listing.size());
  if (!hot.listing_file.empty()) return listed;
  return listed + " (the whole listing could not be written: see the warnings)";
}

std::string rep_strings_line(const results::AsmProfile& hot) {
  return fmt::format("  {:>8}   of the batch's count is at rep-prefixed string instructions (rep stos, rep movs, …): "
                     "callgrind counts such an instruction once per iteration, and once more where it ends",
                     percent(static_cast<double>(hot.rep_string_instructions) / static_cast<double>(hot.instructions)));
}

}  // namespace

std::vector<std::string> hot_code_block(const results::Benchmark& b, bool color) {
  if (!b.hot_code) return {};
  const results::AsmProfile& hot = *b.hot_code;
  std::vector<std::string> lines;
  lines.push_back(paint(title(b, hot), Style::bold, color));
  if (hot.instructions == 0) {
    lines.push_back("  callgrind counted no instruction in the timed loop's batch");
    return lines;
  }
  lines.push_back(fmt::format("  {:>8}   {} ({})", percent(hot.function_share),
                              shortened(short_function_name(hot.function), kLongestFunction), file_name(hot.object)));
  if (hot.listing.empty()) lines.push_back("  (no disassembly: objdump cannot read that file)");
  if (!hot.listing.empty()) lines.push_back(region_line(hot.region, how_listed(hot)));
  if (!hot.listing_file.empty()) lines.push_back("  the whole listing, every instruction with its share: " + hot.listing_file);
  if (hot.before.count > 0) lines.push_back(elided_line(hot.before, "above"));
  std::string last_source;
  for (const auto& instruction : hot.listing) lines.push_back(instruction_line(instruction, last_source, color));
  if (hot.after.count > 0) lines.push_back(elided_line(hot.after, "below"));
  add_other_functions(hot, lines);
  if (hot.rep_string_instructions > 0) lines.push_back(rep_strings_line(hot));
  if (hot.optimized_away)
    lines.push_back(paint("  The work was optimized away: the hottest loop only counts its iterations (no memory read, "
                          "no store, no call, no arithmetic beyond its counter).",
                          Style::yellow, color));
  return lines;
}

std::vector<std::string> hot_code_listing(const results::Benchmark& b, const std::vector<results::AsmInstruction>& whole) {
  if (!b.hot_code) return {};
  const results::AsmProfile& hot = *b.hot_code;
  std::vector<std::string> lines;
  lines.push_back(fmt::format("Hot code of {} (--prof asm), the whole listing of {} ({}): shares of the {} "
                              "instructions callgrind counted in the timed loop's batch; its {} instructions here hold {}",
                              b.name, hot.function, hot.object, hot.instructions, whole.size(),
                              percent(listed_share(whole))));
  lines.push_back(region_line(hot.region, ""));
  std::string last_source;
  for (const auto& instruction : whole) lines.push_back(instruction_line(instruction, last_source, false));
  return lines;
}

}  // namespace tare::report::detail
