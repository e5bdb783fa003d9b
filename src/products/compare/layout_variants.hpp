// One side of a comparison may be several builds of the same code that differ only in where
// the linker put each function (tare_layout_variants in CMake: a directory of binaries), or
// the results files of such builds. Placement moves the timing of unchanged code by several
// percent, so a comparison that wants to see past it treats the variant as the top level
// of its design (variant -> process -> sample). What a side's argument names, resolved.
#pragma once

#include <string>
#include <vector>

namespace tare::compare {

/// The benchmark binaries `path` names, as absolute paths (a worker may be started under
/// valgrind, which searches PATH for a bare name): the file itself, or, for a directory, every
/// executable regular file in it (the layout variants of one build), in natural name order
/// ("2" before "10"). A path that is not a directory is returned as it is (absolute when it
/// exists), for whoever opens it to say what is wrong with it. Throws UsageError naming a
/// directory that holds no executable.
std::vector<std::string> side_binaries(const std::string& path);

/// The results files `path` names: the file itself, or, for a directory, every "*.json" file
/// in it (one run of each layout variant), in natural name order. A path that is not a
/// directory is returned as it is. Throws UsageError naming a directory that holds no such
/// file.
std::vector<std::string> side_results_files(const std::string& path);

/// Natural order of file names: runs of digits compare as numbers ("v2" < "v10").
bool natural_less(const std::string& a, const std::string& b);

}  // namespace tare::compare
