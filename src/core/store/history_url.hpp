// A results history on a PostgreSQL server is named by its URL (postgresql://user@host:port/db,
// or postgres://), as libpq takes it. Pure text: telling a URL from a file name, and the URL
// as messages and results may show it, without its password.
#pragma once

#include <string>

namespace tare::store {

/// Whether `name` is a PostgreSQL URL (postgresql:// or postgres://) rather than a file.
bool is_postgresql_url(const std::string& name);

/// `url` without a password, in its user part (postgresql://user:secret@host) or among its
/// parameters (?password=secret): what a message or a results file may say.
std::string without_password(const std::string& url);

}  // namespace tare::store
