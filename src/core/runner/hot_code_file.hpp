// Where --prof asm writes a function's whole annotated listing when the console's is cut to
// the inline limit: beside the results, one file per benchmark.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace tare::runner {

/// The folder of whole listings: beside the results file and named after it
/// ("out/run.json" -> "out/run.asm"; the --json file's, else the --csv file's), or
/// "tare-asm" in the working directory when the run writes neither.
std::string listing_directory(const std::string& json_path, const std::string& csv_path);

/// A file name for a benchmark's listing: its name with every character other than a
/// letter, a digit, '.', '-', '_', '=' or ',' made '_' (at most 200 of them), then ".txt";
/// "-2", "-3", ... before ".txt" when `taken` has the name already. Adds the name to `taken`.
std::string listing_file_name(const std::string& benchmark, std::set<std::string>& taken);

/// Writes `lines` to `directory`/`name` (creating the folder), atomically; returns the path.
/// Throws std::runtime_error saying why it cannot.
std::string write_listing(const std::string& directory, const std::string& name, const std::vector<std::string>& lines);

}  // namespace tare::runner
