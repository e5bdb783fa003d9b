#include "fiber.hpp"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <system_error>
#include <utility>

#if defined(__SANITIZE_ADDRESS__)
#define TARE_FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TARE_FIBER_ASAN 1
#endif
#endif
#ifdef TARE_FIBER_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

// Under valgrind (--prof instructions, tare ab's code check) the stack is registered, so
// that a switch to it is not taken for a runaway stack pointer. Optional: valgrind's header
// is there only where valgrind is installed.
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define TARE_FIBER_VALGRIND 1
#endif

namespace tare::gbench {
namespace {

// As much stack as the thread it stands in for would have: the soft limit of the main
// thread's stack (8 MiB by default), within reason. Untouched pages cost nothing.
std::size_t stack_bytes() {
  constexpr std::size_t kDefault = std::size_t{8} << 20, kMost = std::size_t{256} << 20;
  rlimit limit{};
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kDefault;
  return std::clamp<std::size_t>(static_cast<std::size_t>(limit.rlim_cur), kDefault, kMost);
}

std::size_t page_bytes() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

}  // namespace

Fiber::Fiber(std::function<void()> body) : body_(std::move(body)) {
  const std::size_t usable = stack_bytes(), guard = page_bytes();
  mapped_bytes_ = usable + guard;
  stack_ = mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                -1, 0);
  if (stack_ == MAP_FAILED) throw std::system_error(errno, std::generic_category(), "a benchmark call's stack");
  // The lowest page stays unmapped for reading and writing: an overflow faults there.
  mprotect(stack_, guard, PROT_NONE);
  if (getcontext(&own_) != 0) throw std::system_error(errno, std::generic_category(), "getcontext");
  own_.uc_stack.ss_sp = static_cast<char*>(stack_) + guard;
  own_.uc_stack.ss_size = usable;
  own_.uc_link = nullptr;  // the body never returns off the end: run_body switches back
  const auto self = reinterpret_cast<std::uintptr_t>(this);
  makecontext(&own_, reinterpret_cast<void (*)()>(&Fiber::entry), 2, static_cast<unsigned>(self),
              static_cast<unsigned>(self >> 32));
#ifdef TARE_FIBER_VALGRIND
  valgrind_stack_id_ = VALGRIND_STACK_REGISTER(own_.uc_stack.ss_sp, static_cast<char*>(own_.uc_stack.ss_sp) + usable);
#endif
}

Fiber::~Fiber() {
#ifdef TARE_FIBER_VALGRIND
  VALGRIND_STACK_DEREGISTER(valgrind_stack_id_);
#endif
  munmap(stack_, mapped_bytes_);
}

void Fiber::entry(unsigned low, unsigned high) {
  auto* self = reinterpret_cast<Fiber*>(static_cast<std::uintptr_t>(low) | (static_cast<std::uintptr_t>(high) << 32));
  self->run_body();
}

void Fiber::run_body() {
#ifdef TARE_FIBER_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &caller_bottom_, &caller_size_);
#endif
  // Nothing may unwind past the fiber's first frame: what the body throws is carried over
  // to the resume() that ran it.
  try {
    body_();
  } catch (...) {
    failure_ = std::current_exception();
  }
  finished_ = true;
#ifdef TARE_FIBER_ASAN
  __sanitizer_start_switch_fiber(nullptr, caller_bottom_, caller_size_);  // leaving for good
#endif
  setcontext(&caller_);
}

void Fiber::resume() {
  if (finished_) throw std::logic_error("a finished fiber was resumed");
#ifdef TARE_FIBER_ASAN
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(&fake_stack, own_.uc_stack.ss_sp, own_.uc_stack.ss_size);
#endif
  swapcontext(&caller_, &own_);
#ifdef TARE_FIBER_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void Fiber::yield() {
#ifdef TARE_FIBER_ASAN
  __sanitizer_start_switch_fiber(&fake_stack_, caller_bottom_, caller_size_);
#endif
  swapcontext(&own_, &caller_);
#ifdef TARE_FIBER_ASAN
  __sanitizer_finish_switch_fiber(fake_stack_, &caller_bottom_, &caller_size_);
#endif
}

}  // namespace tare::gbench
