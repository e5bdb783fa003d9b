// A function run on a stack of its own, which can stop part-way and be resumed later on the
// same thread: how one call of a Google Benchmark function serves many samples. The call
// stops at the end of each batch (yield), the worker answers the sample, and the next sample
// resumes it where it stopped, with its locals as they were. Everything stays on the
// benchmark's own thread: its CPU clock, its scheduler statistics and thread_index() are
// those of the thread that runs the call.
#pragma once

#include <ucontext.h>

#include <cstddef>
#include <exception>
#include <functional>

namespace tare::gbench {

class Fiber {
 public:
  /// Does not start `body`: the first resume() does.
  explicit Fiber(std::function<void()> body);
  /// A fiber that has not finished is abandoned: its stack is freed without unwinding it.
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  /// Runs the body until it yields or returns; rethrows what it threw. Not after finished().
  void resume();
  /// From inside the body: back to the resume() that ran it.
  void yield();
  bool finished() const { return finished_; }

 private:
  static void entry(unsigned low, unsigned high);
  void run_body();

  std::function<void()> body_;
  void* stack_ = nullptr;        // the mapping, guard page included
  std::size_t mapped_bytes_ = 0;
  ucontext_t caller_{}, own_{};
  std::exception_ptr failure_;
  bool finished_ = false;
  unsigned valgrind_stack_id_ = 0;
  // AddressSanitizer's view of the stacks being switched (unused without it).
  void* fake_stack_ = nullptr;
  const void* caller_bottom_ = nullptr;
  std::size_t caller_size_ = 0;
};

}  // namespace tare::gbench
