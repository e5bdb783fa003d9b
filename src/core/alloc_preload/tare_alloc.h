/* The C interface of libtare_alloc.so, the allocation counter `--prof alloc` preloads into
 * a worker. The worker looks these functions up with dlsym(RTLD_DEFAULT, ...) by the names
 * below, so libtare never links against the library: without the preload they are simply
 * absent. Counting is off until tare_alloc_start; the totals cover every thread. */
#ifndef TARE_ALLOC_H
#define TARE_ALLOC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the counter saw while it was on. Blocks of every allocation function count: malloc,
 * calloc, realloc, reallocarray, the aligned ones, and so operator new, which calls malloc. */
struct tare_alloc_totals {
  uint64_t allocations;     /* blocks handed out (a realloc that moves or resizes: one) */
  uint64_t frees;           /* blocks given back (free of a null pointer: none) */
  uint64_t bytes;           /* bytes asked for by those allocations */
  uint64_t peak_live_bytes; /* most usable bytes held at once, per thread, summed over threads */
};

#define TARE_ALLOC_START "tare_alloc_start"
#define TARE_ALLOC_STOP "tare_alloc_stop"
#define TARE_ALLOC_RESET "tare_alloc_reset"
#define TARE_ALLOC_READ "tare_alloc_read"
#define TARE_ALLOC_ASIDE "tare_alloc_aside"
#define TARE_ALLOC_BACK "tare_alloc_back"

/* Counting on and off, for every thread at once. */
void tare_alloc_start(void);
void tare_alloc_stop(void);
/* The calling thread alone stops counting (aside) and counts again (back), whether counting
 * is on or not: for what a thread runs that is not the measured operation. Not nested: one
 * call of back undoes any number of asides. */
void tare_alloc_aside(void);
void tare_alloc_back(void);
/* Zeroes the totals; call it while counting is off. */
void tare_alloc_reset(void);
void tare_alloc_read(struct tare_alloc_totals* totals);

#ifdef __cplusplus
}
#endif

#endif
