// Whether two files hold the same bytes: `tare ab` given two byte-identical binaries (the
// same file twice, or a copy) knows their code is the same at the same addresses without
// running either under callgrind.
#pragma once

#include <string>

namespace tare::ab {

/// True when `a` and `b` are the same file or hold the same bytes; false when they differ
/// or either cannot be read (nothing is claimed of what cannot be read).
bool identical_files(const std::string& a, const std::string& b);

}  // namespace tare::ab
