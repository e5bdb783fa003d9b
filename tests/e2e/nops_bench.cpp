// A benchmark whose operation is a block of exactly TARE_NOPS no-op instructions, built
// with two counts: known instruction counts for --prof instructions and for `tare compare`
// and `tare ab` with --metric instructions (tests/e2e/instructions_test.cpp).
#include <tare/tare.hpp>

#define TARE_TEXT(x) #x
#define TARE_NUMBER_TEXT(x) TARE_TEXT(x)

TARE_BENCHMARKS {
  // .rept repeats the line in the assembler: the block is TARE_NOPS instructions whatever
  // the compiler does around it.
  tare::bench("nops.block", [] { asm volatile(".rept " TARE_NUMBER_TEXT(TARE_NOPS) "\n\tnop\n\t.endr"); });
}
