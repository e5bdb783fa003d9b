#include "input/output_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace tare::input {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& flag, const std::string& why) {
  throw UsageError(flag + " " + path + ": " + why);
}

// Creates and removes a file in `directory`: permissions, a read-only file system and a
// full inode table all say no here, where access() would miss some of them.
void try_new_file(const std::string& directory, const std::string& path, const std::string& flag) {
  std::string name = directory + "/.tare-write-check-XXXXXX";
  const int fd = mkstemp(name.data());
  if (fd < 0) refuse(path, flag, "cannot create a file in " + directory + " (" + std::strerror(errno) + ")");
  close(fd);
  unlink(name.c_str());
}

}  // namespace

void check_output_path(const std::string& path, const std::string& flag) {
  if (path.empty()) return;
  struct stat info {};
  if (stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) refuse(path, flag, "is a directory, not a file");
    if (access(path.c_str(), W_OK) != 0) refuse(path, flag, std::string("cannot write (") + std::strerror(errno) + ")");
  }
  const auto parent = std::filesystem::path(path).parent_path();
  const std::string directory = parent.empty() ? std::string(".") : parent.string();
  if (stat(directory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    refuse(path, flag, "no such directory: " + directory);
  try_new_file(directory, path, flag);
}

}  // namespace tare::input
