#pragma once
// A function the optimiser may neither inline nor see through: gcc's noipa also stops it
// learning the function's effects across the call. clang has no such analysis to turn off
// (and warns about the unknown attribute), so noinline is all it needs.
#if defined(__clang__)
#define TARE_TEST_OPAQUE_FUNCTION __attribute__((noinline))
#else
#define TARE_TEST_OPAQUE_FUNCTION __attribute__((noinline, noipa))
#endif
