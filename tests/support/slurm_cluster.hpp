// A real Slurm cluster on this machine started by a test program, all of it in a scratch
// folder of its own: a munge key and munged (its own socket, pid file, log and seed),
// slurmctld and a slurmd per node with the slurm.conf below (loopback ports of their own,
// the state and spools in the folder), SLURM_CONF set in this process so that every Slurm
// command it starts (and tare's, through it) talks to this cluster and no other. One node
// is named as this machine; several are "<host>-1", "<host>-2"..., each its own slurmd on a
// port of its own, all of them this machine. Started once, it is ready when sinfo says
// every node is idle (polled, with a deadline); stopped by killing its daemons by their
// pids, and its folder removed. Needs root (the daemons run as root) and the packages
// slurm-wlm and munge. docs/slurm.md tells what each setting is for.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "process.hpp"
#include "process_exit.hpp"
#include "scratch_dir.hpp"

namespace tare_test {

class SlurmCluster {
 public:
  /// Starts the cluster and waits (up to `ready_within`) for its node to be idle; ready()
  /// says whether it came up, problem() why not.
  explicit SlurmCluster(int nodes = 1, std::chrono::seconds ready_within = std::chrono::seconds(60))
      : dir_("tare-slurm") {
    try {
      start(nodes, ready_within);
    } catch (const std::exception& e) {
      problem_ = e.what();
    }
  }
  ~SlurmCluster() { stop(); }
  SlurmCluster(const SlurmCluster&) = delete;
  SlurmCluster& operator=(const SlurmCluster&) = delete;

  bool ready() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  /// The nodes' names, and the slurm.conf SLURM_CONF points at.
  const std::vector<std::string>& nodes() const { return nodes_; }
  std::filesystem::path conf() const { return dir_.path() / "slurm.conf"; }
  std::filesystem::path folder() const { return dir_.path(); }

  /// A slurm.conf like this cluster's whose controller is on a port nobody listens on.
  std::string unreachable_conf() const { return conf_text(dead_port_); }

  /// Kills node i's slurmd (its running steps go on: slurmstepd is a process of its own).
  void stop_node(std::size_t i) { end_daemon(slurmd_[i]); }
  /// Starts it again and waits (up to `within`) for every node to be idle; false if not.
  bool restart_node(std::size_t i, std::chrono::seconds within = std::chrono::seconds(60)) {
    slurmd_[i] = start_slurmd(i);
    try {
      wait_for([&] { return nodes_idle(); }, std::chrono::steady_clock::now() + within, "not idle again");
      return true;
    } catch (const std::runtime_error&) {
      return false;
    }
  }

  /// Runs a Slurm command (found in /usr/bin) against this cluster.
  static ProcessResult command(const std::vector<std::string>& args) {
    std::vector<std::string> full = args;
    full[0] = "/usr/bin/" + full[0];
    return run_process(full, std::chrono::seconds(30));
  }

 private:
  void start(int nodes, std::chrono::seconds ready_within) {
    const auto deadline = std::chrono::steady_clock::now() + ready_within;
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    host_ = host;
    for (int i = 1; i <= nodes; ++i) nodes_.push_back(nodes == 1 ? host_ : host_ + "-" + std::to_string(i));
    for (const char* sub : {"munge", "state", "spool", "log"}) std::filesystem::create_directories(dir_.path() / sub);
    for (const auto& node : nodes_) std::filesystem::create_directories(dir_.path() / "spool" / node);
    // munged refuses a folder others may write to.
    for (const char* sub : {"", "munge"}) chmod((dir_.path() / sub).c_str(), 0700);
    write_munge_key();
    pick_ports(nodes);
    std::ofstream(conf()) << conf_text(ctld_port_);
    ::setenv("SLURM_CONF", conf().c_str(), 1);
    const auto munge = dir_.path() / "munge";
    munged_ = daemon({"/usr/sbin/munged", "--foreground", "--force", "--socket=" + (munge / "munge.socket").string(),
                      "--key-file=" + (munge / "munge.key").string(), "--log-file=" + (munge / "munged.log").string(),
                      "--pid-file=" + (munge / "munged.pid").string(), "--seed-file=" + (munge / "munged.seed").string()},
                     "munged.out");
    wait_for([&] { return std::filesystem::exists(munge / "munge.socket"); }, deadline, "munged made no socket");
    slurmctld_ = daemon({"/usr/sbin/slurmctld", "-D", "-i", "-f", conf().string()}, "slurmctld.out");
    for (std::size_t i = 0; i < nodes_.size(); ++i) slurmd_.push_back(start_slurmd(i));
    wait_for([&] { return nodes_idle(); }, deadline, "the nodes were not idle in time");
  }

  pid_t start_slurmd(std::size_t i) const {
    return daemon({"/usr/sbin/slurmd", "-D", "-N", nodes_[i], "-f", conf().string()}, ("slurmd-" + nodes_[i] + ".out").c_str());
  }

  // What the daemons need, and no more: authentication by this munged, processes tracked
  // without cgroups (none in a container), no task binding, no accounting, every path in the
  // folder, and the node as this machine is (slurmd -C would say the same).
  std::string conf_text(int ctld_port) const {
    const auto d = dir_.path().string();
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const long memory_mb = sysconf(_SC_PHYS_PAGES) / 1024 * sysconf(_SC_PAGE_SIZE) / 1024;
    return "ClusterName=tare-test\n"
           "SlurmctldHost=localhost(127.0.0.1)\n"
           "SlurmctldPort=" + std::to_string(ctld_port) + "\n"
           "SlurmUser=root\nSlurmdUser=root\n"
           "AuthType=auth/munge\nCredType=cred/munge\n"
           "AuthInfo=socket=" + d + "/munge/munge.socket\n"
           "StateSaveLocation=" + d + "/state\nSlurmdSpoolDir=" + d + "/spool/%n\n"
           "SlurmctldPidFile=" + d + "/slurmctld.pid\nSlurmdPidFile=" + d + "/slurmd.%n.pid\n"
           "SlurmctldLogFile=" + d + "/log/slurmctld.log\nSlurmdLogFile=" + d + "/log/slurmd.%n.log\n"
           "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
           "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n"
           "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n"
           "JobCompType=jobcomp/none\nMpiDefault=none\nSwitchType=switch/none\n"
           "ReturnToService=2\nMinJobAge=10\nKillWait=5\n" +
           node_lines(cpus, memory_mb * 9 / 10) + "PartitionName=tare Nodes=" + node_list() +
           " Default=YES MaxTime=INFINITE State=UP\n";
  }

  // Each node this machine, its slurmd on a port of its own.
  std::string node_lines(long cpus, long memory_mb) const {
    std::string lines;
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      lines += "NodeName=" + nodes_[i] + " NodeHostname=" + host_ + " NodeAddr=127.0.0.1 Port=" +
               std::to_string(slurmd_ports_[i]) + " CPUs=" + std::to_string(cpus) +
               " RealMemory=" + std::to_string(memory_mb) + " State=UNKNOWN\n";
    return lines;
  }

  std::string node_list() const {
    std::string list;
    for (const auto& node : nodes_) list += (list.empty() ? "" : ",") + node;
    return list;
  }

  void write_munge_key() const {
    const auto key = dir_.path() / "munge" / "munge.key";
    std::ifstream random("/dev/urandom", std::ios::binary);
    std::string bytes(1024, '\0');
    random.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::ofstream(key, std::ios::binary) << bytes;
    chmod(key.c_str(), 0400);
  }

  // Ports the kernel hands out as free, held until all are chosen so that they differ.
  void pick_ports(int nodes) {
    std::vector<int> sockets;
    std::vector<int> ports;
    for (int i = 0; i < nodes + 2; ++i) {
      const int s = socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      socklen_t size = sizeof address;
      if (s < 0 || bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
          getsockname(s, reinterpret_cast<sockaddr*>(&address), &size) != 0)
        throw std::runtime_error("no free loopback port");
      sockets.push_back(s);
      ports.push_back(ntohs(address.sin_port));
    }
    for (int s : sockets) close(s);
    ctld_port_ = ports[0];
    dead_port_ = ports[1];
    slurmd_ports_.assign(ports.begin() + 2, ports.end());
  }

  pid_t daemon(const std::vector<std::string>& args, const char* output) const {
    const auto out_path = dir_.path() / "log" / output;
    const pid_t pid = tare_test::start_logged(args, out_path, out_path);
    if (pid < 0) throw std::runtime_error("cannot start " + args[0]);
    return pid;
  }

  // sinfo's state of every node, one a line: all of them idle.
  bool nodes_idle() const {
    const auto r = command({"sinfo", "--noheader", "--Node", "--format=%T"});
    if (r.exit_code != 0) return false;
    std::istringstream states(r.out);
    std::size_t idle = 0;
    for (std::string state; std::getline(states, state);)
      if (state != "idle") return false;
      else ++idle;
    return idle == nodes_.size();
  }

  // Polls `done` until it holds or the deadline passes (then throws `what`, with the last
  // words of the daemons' logs).
  template <typename Done>
  void wait_for(Done done, std::chrono::steady_clock::time_point deadline, const std::string& what) const {
    while (!done()) {
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error(what + "; see " + folder().string());
      std::vector<pid_t> daemons = slurmd_;
      daemons.insert(daemons.end(), {munged_, slurmctld_});
      for (pid_t pid : daemons)
        if (pid > 0 && exits_by(pid, std::chrono::steady_clock::now()))
          throw std::runtime_error(what + ": a daemon exited; its log is in " + (folder() / "log").string());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // between two polls
    }
  }

  void stop() {
    if (slurmctld_ > 0) command({"scancel", "--partition=tare"});  // steps end with their jobs
    for (pid_t& pid : slurmd_) end_daemon(pid);
    end_daemon(slurmctld_);
    end_daemon(munged_);
    ::unsetenv("SLURM_CONF");
  }

  static void end_daemon(pid_t& pid) {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    if (!exits_by(pid, std::chrono::steady_clock::now() + std::chrono::seconds(10))) kill(-pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    pid = -1;
  }

  tare::test::ScratchDir dir_;
  std::string host_, problem_;
  std::vector<std::string> nodes_;
  int ctld_port_ = 0, dead_port_ = 0;
  std::vector<int> slurmd_ports_;
  pid_t munged_ = -1, slurmctld_ = -1;
  std::vector<pid_t> slurmd_;
};

}  // namespace tare_test
