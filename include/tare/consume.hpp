// Defences against the compiler deleting or folding the measured work.
//
// consume(x): x escapes to an opaque sink, so the computation producing it cannot be
//             removed as dead code. Costs zero instructions beyond materialising x.
// opaque(x):  returns x, but the compiler must assume it may have changed, so work that
//             depends on it cannot be constant-folded or hoisted out of the timed loop.
// clobber():  a compiler-only barrier: all memory may have been read and written.
//
// The asm idioms follow Google Benchmark's: the input-only consume
// takes the value by reference to a non-const lvalue where possible (a const reference
// lets the optimiser assume it unchanged and hoist invariant work), GCC gets "+m,r" only
// for small trivially copyable types (avoiding copies of large objects) and "+m"
// otherwise, and clang gets "+r,m" (it treats "rm" as "m" and spills).
#pragma once

#include <type_traits>

namespace tare {

#if defined(__GNUC__) || defined(__clang__)

namespace detail {
template <class T>
inline constexpr bool fits_register_v =
    std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(void*) && !std::is_floating_point_v<T>;
// float and double live in SSE registers on x86: "+x" keeps them there (a "+r" would move
// them through a general register, and a multi-alternative "+x,m" is rejected by GCC).
#if defined(__x86_64__) || defined(__i386__)
template <class T>
inline constexpr bool sse_float_v = std::is_same_v<T, float> || std::is_same_v<T, double>;
#else
template <class T>
inline constexpr bool sse_float_v = false;
#endif
}  // namespace detail

/// Makes `value` observable: the work that produced it cannot be deleted.
template <class T>
inline __attribute__((always_inline)) void consume(T&& value) noexcept {
  using U = std::remove_reference_t<T>;
  if constexpr (std::is_const_v<U>) {
    asm volatile("" : : "r,m"(value) : "memory");
  } else {
#if defined(__clang__)
    asm volatile("" : "+r,m"(value) : : "memory");
#else
    if constexpr (detail::fits_register_v<U>) {
      asm volatile("" : "+m,r"(value) : : "memory");
    } else if constexpr (detail::sse_float_v<U>) {
      asm volatile("" : "+x"(value) : : "memory");
    } else {
      asm volatile("" : "+m"(value) : : "memory");
    }
#endif
  }
}

/// Returns `value` such that the compiler cannot know what it is: use it on benchmark
/// inputs so that the computation is not folded at compile time or hoisted out of the loop.
template <class T>
[[nodiscard]] inline __attribute__((always_inline)) T opaque(T value) noexcept {
#if defined(__clang__)
  asm volatile("" : "+r,m"(value) : :);
#else
  if constexpr (detail::fits_register_v<T>) {
    asm volatile("" : "+m,r"(value) : :);
  } else if constexpr (detail::sse_float_v<T>) {
    asm volatile("" : "+x"(value) : :);
  } else {
    asm volatile("" : "+m"(value) : :);
  }
#endif
  return value;
}

#else
#error "tare needs GCC or Clang (it relies on their inline-asm barriers)"
#endif

/// Compiler barrier: memory may have been read or written by someone the compiler cannot
/// see. Emits no instruction (it is not a CPU fence). The builtin is what
/// std::atomic_signal_fence(std::memory_order_acq_rel) compiles to, without <atomic>.
inline void clobber() noexcept { __atomic_signal_fence(__ATOMIC_ACQ_REL); }

}  // namespace tare
