#include "system/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace tare::system {
namespace {

[[noreturn]] void cannot_write(const std::string& path, int error) {
  throw std::runtime_error(path + ": cannot write (" + std::strerror(error) + ")");
}

}  // namespace

std::string temporary_path_for(const std::string& path) { return path + ".tmp" + std::to_string(getpid()); }

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string temporary = temporary_path_for(path);
  try {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) cannot_write(path, errno);
    write(out);
    // Flushed and closed before the rename: the rename publishes only complete text.
    out.close();
    if (!out) cannot_write(path, errno ? errno : EIO);
  } catch (...) {
    std::remove(temporary.c_str());
    throw;
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    cannot_write(path, error);
  }
}

}  // namespace tare::system
