// Reads the pixels of a PNG file (8-bit RGB or RGBA, not interlaced: what Chromium's
// screenshots are), so a test can tell a drawn page from a blank one.
#pragma once

#include <zlib.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace tare_test {

struct Image {
  std::uint32_t width = 0, height = 0;
  std::vector<std::array<std::uint8_t, 3>> pixels;  ///< row by row, RGB
};

namespace png_detail {

inline std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  return (std::uint32_t(std::uint8_t(bytes[at])) << 24) | (std::uint32_t(std::uint8_t(bytes[at + 1])) << 16) |
         (std::uint32_t(std::uint8_t(bytes[at + 2])) << 8) | std::uint32_t(std::uint8_t(bytes[at + 3]));
}

inline std::uint8_t paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return std::uint8_t(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

// Undoes the per-row filters (PNG spec, section 9) in place; `stride` bytes per row.
inline bool unfilter(std::vector<std::uint8_t>& data, std::size_t rows, std::size_t stride, std::size_t bpp) {
  std::vector<std::uint8_t> previous(stride, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    std::uint8_t* row = &data[r * (stride + 1)];
    const std::uint8_t filter = row[0];
    std::uint8_t* x = row + 1;
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= bpp ? x[i - bpp] : 0, b = previous[i], c = i >= bpp ? previous[i - bpp] : 0;
      switch (filter) {
        case 0: break;
        case 1: x[i] = std::uint8_t(x[i] + a); break;
        case 2: x[i] = std::uint8_t(x[i] + b); break;
        case 3: x[i] = std::uint8_t(x[i] + (a + b) / 2); break;
        case 4: x[i] = std::uint8_t(x[i] + paeth(a, b, c)); break;
        default: return false;
      }
    }
    previous.assign(x, x + stride);
  }
  return true;
}

}  // namespace png_detail

/// The image in `bytes` (a PNG file's contents); nullopt for anything else.
inline std::optional<Image> read_png(const std::string& bytes) {
  using png_detail::big_endian;
  if (bytes.size() < 33 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return std::nullopt;
  Image image;
  int color_type = -1;
  std::string compressed;
  for (std::size_t at = 8; at + 8 <= bytes.size();) {
    const std::uint32_t length = big_endian(bytes, at);
    const std::string type = bytes.substr(at + 4, 4);
    if (at + 12 + length > bytes.size()) return std::nullopt;
    if (type == "IHDR") {
      image.width = big_endian(bytes, at + 8);
      image.height = big_endian(bytes, at + 12);
      const int depth = std::uint8_t(bytes[at + 16]);
      color_type = std::uint8_t(bytes[at + 17]);
      if (depth != 8 || (color_type != 2 && color_type != 6) || bytes[at + 20] != 0) return std::nullopt;
    } else if (type == "IDAT") {
      compressed += bytes.substr(at + 8, length);
    }
    at += 12 + length;
  }
  if (color_type < 0 || image.width == 0 || image.height == 0) return std::nullopt;
  const std::size_t bpp = color_type == 6 ? 4 : 3, stride = image.width * bpp;
  std::vector<std::uint8_t> data(image.height * (stride + 1));
  uLongf size = data.size();
  if (uncompress(data.data(), &size, reinterpret_cast<const Bytef*>(compressed.data()), compressed.size()) != Z_OK ||
      size != data.size() || !png_detail::unfilter(data, image.height, stride, bpp))
    return std::nullopt;
  for (std::size_t r = 0; r < image.height; ++r)
    for (std::size_t c = 0; c < image.width; ++c) {
      const std::uint8_t* p = &data[r * (stride + 1) + 1 + c * bpp];
      image.pixels.push_back({p[0], p[1], p[2]});
    }
  return image;
}

}  // namespace tare_test
