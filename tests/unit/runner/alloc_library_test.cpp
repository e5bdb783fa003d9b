// Where --prof alloc finds its allocation counter, and the one-line refusals when it cannot.
#include "runner/alloc_library.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "input/usage_error.hpp"

namespace {

using tare::runner::AllocLibraryPlaces;
using tare::runner::find_alloc_library;

std::string alloc_refusal(const AllocLibraryPlaces& places) {
  try {
    find_alloc_library(places);
  } catch (const tare::input::UsageError& e) {
    return e.what();
  }
  return "";
}

std::string a_real_library_file() {
  const auto path = std::filesystem::temp_directory_path() / ("tare_alloc_test_" + std::to_string(getpid()) + ".so");
  std::ofstream(path) << "x";
  return path.string();
}

TEST(AllocLibrary, TheOverrideWinsAndAMissingOneIsNamed) {
  const std::string real = a_real_library_file();
  AllocLibraryPlaces places;
  places.override_path = real;
  places.defaults = {"/nonexistent/build/libtare_alloc.so"};
  EXPECT_EQ(find_alloc_library(places), real);
  places.override_path = "/nonexistent/override.so";
  places.defaults = {real};  // found there, but the override said otherwise
  EXPECT_EQ(alloc_refusal(places),
            "--prof alloc: TARE_ALLOC_LIBRARY=/nonexistent/override.so: no such file (the allocation counter, "
            "libtare_alloc.so)");
  std::filesystem::remove(real);
}

TEST(AllocLibrary, TheFirstDefaultThatExistsElseOneLineNamingWhereItLooked) {
  const std::string real = a_real_library_file();
  AllocLibraryPlaces places;
  places.defaults = {"/nonexistent/build/libtare_alloc.so", real};
  EXPECT_EQ(find_alloc_library(places), real);
  places.defaults = {"/nonexistent/build/libtare_alloc.so", "/nonexistent/lib/tare/libtare_alloc.so"};
  const std::string message = alloc_refusal(places);
  EXPECT_EQ(message,
            "--prof alloc: the allocation counter libtare_alloc.so is in none of /nonexistent/build/libtare_alloc.so, "
            "/nonexistent/lib/tare/libtare_alloc.so; name it with TARE_ALLOC_LIBRARY=PATH");
  EXPECT_EQ(message.find('\n'), std::string::npos);
  std::filesystem::remove(real);
}

TEST(AllocLibrary, AnAddressSanitizerBuildRefusesWhateverItFinds) {
  AllocLibraryPlaces places;
  places.override_path = a_real_library_file();
  places.address_sanitizer = true;
  const std::string message = alloc_refusal(places);
  EXPECT_NE(message.find("AddressSanitizer"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
  std::filesystem::remove(*places.override_path);
}

TEST(AllocLibrary, ThisBuildLooksInItsBuildTreeThenItsInstallLocationsInOrder) {
  const auto places = tare::runner::alloc_library_places();
  ASSERT_GE(places.defaults.size(), 2u);
  EXPECT_TRUE(std::filesystem::exists(places.defaults[0])) << places.defaults[0];  // this build's, built with it
  for (std::size_t i = 1; i < places.defaults.size(); ++i)
    EXPECT_NE(places.defaults[i].find("/tare/libtare_alloc.so"), std::string::npos) << places.defaults[i];
  EXPECT_EQ(places.defaults.back().rfind("/usr/", 0), 0u) << places.defaults.back();  // the .deb's, or /usr itself
}

TEST(AllocLibrary, APreloadAlreadySetIsKeptAfterTheCounter) {
  using tare::runner::preload_variable;
  EXPECT_EQ(preload_variable("/b/libtare_alloc.so", nullptr), "LD_PRELOAD=/b/libtare_alloc.so");
  EXPECT_EQ(preload_variable("/b/libtare_alloc.so", ""), "LD_PRELOAD=/b/libtare_alloc.so");
  EXPECT_EQ(preload_variable("/b/libtare_alloc.so", "/x/libother.so"), "LD_PRELOAD=/b/libtare_alloc.so:/x/libother.so");
}

}  // namespace
