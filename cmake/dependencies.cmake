# Third-party packages, each looked for only when something being built uses it.
#
# The libraries: Threads and fmt are linked (the static libtare carries fmt to its users'
# link, so tareConfig.cmake finds both); nlohmann_json, CLI11 (the runner's command line)
# and Boost (statistics) are header-only and needed to build tare, never by its users.
find_package(Threads REQUIRED)
find_package(fmt REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Boost 1.74 REQUIRED)

# zlib compresses the HdrHistogram interval logs of `tare stream run --hdr-log`. Without it
# everything else builds and works, and that one flag says it is unavailable. The test suite
# checks those logs byte for byte, so it needs zlib.
set(TARE_HAVE_ZLIB OFF)
if(TARE_WITH_STREAM)
  if(TARE_BUILD_TESTS OR TARE_FUZZ)
    find_package(ZLIB REQUIRED)
  else()
    find_package(ZLIB)
  endif()
  if(ZLIB_FOUND)
    set(TARE_HAVE_ZLIB ON)
  else()
    message(STATUS "tare: zlib not found; `tare stream run --hdr-log` will be unavailable")
  endif()
endif()

# librdkafka carries the stream benchmarks over Kafka: `tare stream broker` (its mock cluster)
# and `--kafka` on run, sustainable and sut. Optional: without it (or with TARE_KAFKA=OFF)
# everything else builds and works, and those say in one line that this build has no Kafka.
# Found with pkg-config; the Kafka room (src/products/stream/kafka) is linked into the tare
# command only, so libtare's and tare_stream's users never need it.
set(TARE_HAVE_KAFKA OFF)
if(TARE_WITH_STREAM)
  find_package(PkgConfig)
  if(PkgConfig_FOUND)
    pkg_check_modules(RDKAFKA IMPORTED_TARGET rdkafka)
  endif()
  option(TARE_KAFKA "Build the Kafka transport and `tare stream broker` (needs librdkafka)" ${RDKAFKA_FOUND})
  if(TARE_KAFKA AND NOT RDKAFKA_FOUND)
    message(FATAL_ERROR "TARE_KAFKA is ON but librdkafka (pkg-config rdkafka) was not found: install librdkafka-dev")
  endif()
  if(TARE_KAFKA)
    set(TARE_HAVE_KAFKA ON)
  else()
    message(STATUS "tare: built without Kafka; `tare stream broker` and `--kafka` will be unavailable")
  endif()
endif()

# libpfm4 turns event names into what perf_event_open counts for `--prof perf:EVENTS`: the
# names of this machine's PMU ("INST_RETIRED:ANY_P") and libpfm's spellings of the generic
# ones ("perf::PAGE-FAULTS"). Without it the kernel's generic names ("cycles",
# "page-faults", "L1-dcache-load-misses") still work and other names are refused saying why.
# libtare is a static archive: users link libpfm too (tareConfig.cmake, tare.pc).
set(TARE_HAVE_LIBPFM OFF)
find_path(TARE_LIBPFM_INCLUDE_DIR perfmon/pfmlib_perf_event.h)
find_library(TARE_LIBPFM_LIBRARY pfm)
if(TARE_LIBPFM_INCLUDE_DIR AND TARE_LIBPFM_LIBRARY)
  set(TARE_HAVE_LIBPFM ON)
else()
  message(STATUS "tare: libpfm4 not found; `--prof perf` takes the kernel's generic event names only")
endif()

# SQLite keeps the results history (src/core/store: every run, its benchmarks and the
# machine's speed readings, read back by `tare history` and by the next run's interval
# across runs). Without it the benchmark binaries keep the speed history alone, in JSON
# lines, as before, and a history file that is not .jsonl is refused saying why.
option(TARE_HISTORY_SQLITE "Keep the results history in SQLite (libsqlite3-dev) when it is found" ON)
set(TARE_HAVE_SQLITE OFF)
if(TARE_HISTORY_SQLITE)
  find_package(SQLite3)
  if(SQLite3_FOUND)
    set(TARE_HAVE_SQLITE ON)
  else()
    message(STATUS "tare: SQLite not found; runs keep the speed history alone (JSON lines), no results history")
  endif()
endif()

# libpq keeps a results history on a PostgreSQL server, for a team (--history
# postgresql://...): the same store as SQLite's behind store/database.hpp. Without it a
# history URL is refused in one line saying so.
option(TARE_HISTORY_POSTGRESQL "Keep results histories on PostgreSQL servers too (libpq-dev) when it is found" ON)
set(TARE_HAVE_POSTGRESQL OFF)
if(TARE_HISTORY_POSTGRESQL)
  find_package(PostgreSQL QUIET)
  if(PostgreSQL_FOUND)
    set(TARE_HAVE_POSTGRESQL ON)
  else()
    message(STATUS "tare: libpq not found; a postgresql:// history is refused (built without PostgreSQL)")
  endif()
endif()
