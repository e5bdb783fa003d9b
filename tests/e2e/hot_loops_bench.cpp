// Hot code of known shape and size, for --prof asm and --prof instructions (asm_test.cpp,
// instructions_test.cpp): loops of exactly 200 and 600 instructions, and an operation of
// two rep-prefixed string instructions of known lengths. Inline assembly: the shapes do not
// depend on the compiler.
#include <tare/tare.hpp>

#define TARE_TEXT(x) #x
#define TARE_NUMBER_TEXT(x) TARE_TEXT(x)

// A loop of INSTRUCTIONS instructions (INSTRUCTIONS - 2 adds, the counter's dec, the
// branch back), run 16 times an operation: the loop is the hot region, whole.
#define TARE_HOT_LOOP(INSTRUCTIONS)                                                   \
  [] {                                                                                \
    unsigned long sum = 0;                                                            \
    asm volatile("mov $16, %%ecx\n"                                                   \
                 "1:\n"                                                               \
                 ".rept " TARE_NUMBER_TEXT(INSTRUCTIONS) " - 2\n"                     \
                 "add $1, %0\n"                                                       \
                 ".endr\n"                                                            \
                 "dec %%ecx\n"                                                        \
                 "jnz 1b\n"                                                           \
                 : "+r"(sum)                                                          \
                 :                                                                    \
                 : "rcx", "cc");                                                      \
    return sum;                                                                       \
  }

namespace {
char zeroed[4096];
char copied[4096];
}  // namespace

TARE_BENCHMARKS {
  tare::bench("loop.200", TARE_HOT_LOOP(200));
  tare::bench("loop.600", TARE_HOT_LOOP(600));
  // rep stosb of 1000 bytes and rep movsb of 500: callgrind counts each iteration, and once
  // more where each ends, 1001 + 501 = 1502 counts an operation at rep-prefixed instructions.
  tare::bench("rep.strings", [] {
    void* to = zeroed;
    unsigned long count = 1000;
    asm volatile("rep stosb" : "+D"(to), "+c"(count) : "a"(0) : "memory");
    void* from = zeroed;
    to = copied;
    count = 500;
    asm volatile("rep movsb" : "+D"(to), "+S"(from), "+c"(count) : : "memory");
  });
}
