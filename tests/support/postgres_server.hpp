// A PostgreSQL server of the tests' own, never one assumed to be running: initdb'd into a
// scratch folder, listening on 127.0.0.1 at a free port and on a socket in that folder,
// run as the postgres user when the tests run as root (PostgreSQL refuses root), stopped
// and removed when the test program ends (a GoogleTest environment), or killed with it when
// it dies (the parent-death signal). One per test program, started on first use: a test
// asks PostgresServer::shared() for it, and for a database of its own (fresh_database).
// Needs libpq and the server's binaries (Debian's postgresql, in /usr/lib/postgresql/N/bin,
// or TARE_TEST_POSTGRESQL_BIN).
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/scratch_dir.hpp"

namespace tare::test {

class PostgresServer {
 public:
  /// The program's server, started on first use. Throws std::runtime_error (with the
  /// server's log) when it cannot be started within a minute.
  static PostgresServer& shared() {
    instance().start_once();
    return instance();
  }
  /// The program's server, started or not (stop() stops it when it was).
  static PostgresServer& instance() {
    static PostgresServer server;
    return server;
  }

  int port() const { return port_; }
  /// postgresql://USER@127.0.0.1:PORT/DATABASE (over TCP, as a team's server is reached).
  std::string url(const std::string& database, const std::string& user = "postgres") const {
    return "postgresql://" + user + "@127.0.0.1:" + std::to_string(port_) + "/" + database;
  }
  /// A new, empty database of the test's own; its URL.
  std::string fresh_database() {
    const std::string name = "tare_test_" + std::to_string(++databases_);
    sql("postgres", "CREATE DATABASE " + name);
    return url(name);
  }
  /// Runs `statements` in `database` as the superuser; throws std::runtime_error on failure.
  /// The first row's first value, when there is one.
  std::string sql(const std::string& database, const std::string& statements) const {
    PGconn* conn = PQconnectdb(url(database).c_str());
    std::string value, error;
    if (PQstatus(conn) != CONNECTION_OK) {
      error = PQerrorMessage(conn);
    } else {
      PGresult* result = PQexec(conn, statements.c_str());
      const auto status = PQresultStatus(result);
      if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) error = PQerrorMessage(conn);
      else if (PQntuples(result) > 0 && PQnfields(result) > 0) value = PQgetvalue(result, 0, 0);
      PQclear(result);
    }
    PQfinish(conn);
    if (!error.empty()) throw std::runtime_error(statements + ": " + error);
    return value;
  }
  /// Stops the server (a fast shutdown: open transactions rolled back) and removes its folder.
  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGINT);
    if (!exited_within(pid_, std::chrono::seconds(30))) {
      ::kill(pid_, SIGKILL);
      exited_within(pid_, std::chrono::seconds(30));
    }
    pid_ = 0;
    dir_.reset();
  }
  ~PostgresServer() { stop(); }

 private:
  PostgresServer() = default;

  void start_once() {
    if (pid_ > 0) return;
    if (!failure_.empty()) throw std::runtime_error(failure_);
    try {
      start();
    } catch (const std::exception& e) {
      failure_ = e.what();
      throw;
    }
  }

  void start() {
    dir_ = std::make_unique<ScratchDir>("tare-postgres");
    data_ = dir_->path() / "data";
    log_ = dir_->path() / "server.log";
    become_ = server_user();
    if (become_) own(dir_->path());
    if (run_and_wait({bin("initdb"), "-D", data_, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync",
                      "--no-instructions"}) != 0)
      throw std::runtime_error("initdb failed: " + log());
    write_access_rules();
    // A port another program takes between our choosing it and the server's binding it: the
    // server exits, and another is chosen.
    for (int attempt = 0; attempt < 5 && pid_ <= 0; ++attempt) {
      port_ = free_port();
      pid_ = launch({bin("postgres"), "-D", data_, "-p", std::to_string(port_), "-k", dir_->path().string(), "-c",
                     "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
                     "full_page_writes=off", "-c", "max_connections=40", "-c", "shared_buffers=16MB"},
                    true);
      if (!ready_within(std::chrono::seconds(60))) {
        if (!exited_within(pid_, std::chrono::seconds(0))) {
          ::kill(pid_, SIGKILL);
          exited_within(pid_, std::chrono::seconds(30));
        }
        pid_ = 0;
      }
    }
    if (pid_ <= 0) throw std::runtime_error("the test PostgreSQL server did not start: " + log());
  }

  static std::string bin(const std::string& program) {
    if (const char* dir = std::getenv("TARE_TEST_POSTGRESQL_BIN"); dir && *dir) return std::string(dir) + "/" + program;
    for (int version = 20; version >= 10; --version) {
      const std::string path = "/usr/lib/postgresql/" + std::to_string(version) + "/bin/" + program;
      if (::access(path.c_str(), X_OK) == 0) return path;
    }
    return program;  // on the PATH
  }

  struct User {
    std::string name;
    uid_t uid;
    gid_t gid;
  };

  // As root, the server and initdb run as postgres (nobody else may own the data folder).
  static std::unique_ptr<User> server_user() {
    if (::geteuid() != 0) return nullptr;
    const passwd* user = ::getpwnam("postgres");
    if (!user) throw std::runtime_error("running as root, and there is no postgres user to run the server as");
    return std::make_unique<User>(User{user->pw_name, user->pw_uid, user->pw_gid});
  }

  void own(const std::filesystem::path& path) const {
    if (::chown(path.c_str(), become_->uid, become_->gid) != 0)
      throw std::runtime_error("cannot give " + path.string() + " to postgres");
  }

  // Trust on the loopback for every role but one, which must give its password: the tests
  // of a wrong password use it.
  void write_access_rules() const {
    const auto rules = data_ / "pg_hba.conf";
    std::ofstream(rules) << "local all all trust\n"
                         << "host all tare_password 127.0.0.1/32 scram-sha-256\n"
                         << "host all all 127.0.0.1/32 trust\n";
    if (become_) own(rules);
  }

 public:
  /// A port on 127.0.0.1 that nothing listens on (as it was a moment ago).
  static int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
      if (fd >= 0) ::close(fd);
      throw std::runtime_error("no free port on 127.0.0.1");
    }
    ::close(fd);
    return ntohs(address.sin_port);
  }
 private:


  // Starts `argv` as the server's user, its output appended to the log. `server`: killed
  // when this process dies, so that a crashed test program leaves no server behind.
  pid_t launch(const std::vector<std::string>& argv, bool server) const {
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    const int log = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log < 0 || ::dup2(log, 1) < 0 || ::dup2(log, 2) < 0) ::_exit(126);
    if (become_ && (::initgroups(become_->name.c_str(), become_->gid) != 0 || ::setgid(become_->gid) != 0 ||
                    ::setuid(become_->uid) != 0))
      ::_exit(126);
    // Set after the change of user, which clears it.
    if (server && (::prctl(PR_SET_PDEATHSIG, SIGQUIT) != 0 || ::getppid() != parent)) ::_exit(126);
    std::vector<char*> args;
    for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }

  int run_and_wait(const std::vector<std::string>& argv) const {
    const pid_t pid = launch(argv, false);
    int status = 0;
    if (::waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  // Polls the server's answer until it takes connections, it exits, or the deadline passes.
  bool ready_within(std::chrono::seconds limit) const {
    const std::string conninfo = "host=127.0.0.1 port=" + std::to_string(port_) + " user=postgres dbname=postgres";
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      if (PQping(conninfo.c_str()) == PQPING_OK) return true;
      if (exited_within(pid_, std::chrono::seconds(0))) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  static bool exited_within(pid_t pid, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    do {
      int status = 0;
      const pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid || done < 0) return true;
      if (limit.count() == 0) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < deadline);
    return false;
  }

  std::string log() const {
    std::ifstream in(log_);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return text.size() > 2000 ? text.substr(text.size() - 2000) : text;
  }

  std::unique_ptr<ScratchDir> dir_;
  std::filesystem::path data_, log_;
  std::unique_ptr<User> become_;
  pid_t pid_ = 0;
  int port_ = 0;
  int databases_ = 0;
  std::string failure_;
};

/// Stops the program's server, when one was started, as the tests end.
class PostgresServerEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { PostgresServer::instance().stop(); }
};

inline ::testing::Environment* const kPostgresServerEnvironment =
    ::testing::AddGlobalTestEnvironment(new PostgresServerEnvironment);

}  // namespace tare::test
