# tare as a subproject of tests/subproject/parent, in one of three ways (MODE):
#   build             add_subdirectory, no build type: configures (the parent checks its
#                     cache and tare's targets), builds only the parent's benchmark (which
#                     links tare::main) and runs it; `cmake --install` of the parent installs
#                     nothing of tare's.
#   fetchcontent      FetchContent from a git repository (a local one, made here from tare's
#                     sources, with a tag), without zlib, then from a .tar.gz of the same
#                     sources with its SHA256: configure only.
#   cli_without_zlib  add_subdirectory with TARE_BUILD_CLI=ON and without zlib: configure
#                     only; the command is defined and says --hdr-log is unavailable.
# Inputs: -DMODE=... -DSOURCE_DIR=<tare's sources> -DWORK_DIR=<scratch> [-DGIT=<git>]
#         -DCXX=<the C++ compiler the parent of MODE build uses>
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(parent ${SOURCE_DIR}/tests/subproject/parent)

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_command.cmake)

function(expect_output pattern why)
  if(NOT last_all_output MATCHES "${pattern}")
    message(FATAL_ERROR "${why}:\n${last_all_output}")
  endif()
endfunction()

# tare's sources as they are (committed or not): the files a subproject's configure and
# build read, nothing else.
function(copy_sources destination)
  file(MAKE_DIRECTORY ${destination})
  file(COPY ${SOURCE_DIR}/CMakeLists.txt ${SOURCE_DIR}/README.md ${SOURCE_DIR}/cmake ${SOURCE_DIR}/include
       ${SOURCE_DIR}/src DESTINATION ${destination})
endfunction()

# A git repository of those sources, tagged v-test.
function(make_repository repository)
  copy_sources(${repository})
  set(git ${GIT} -C ${repository} -c user.name=tare-test -c user.email=tare-test@localhost)
  run(${git} init --quiet)
  run(${git} add --all)
  run(${git} commit --quiet -m "tare's sources")
  run(${git} tag v-test)
endfunction()

if(MODE STREQUAL "build")
  run(${CMAKE_COMMAND} -S ${parent} -B ${WORK_DIR}/build -DTARE_HOW=subdirectory -DTARE_SOURCE=${SOURCE_DIR}
      -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 -DCMAKE_CXX_COMPILER=${CXX})
  expect_output("parent: tare's libraries are here" "the parent's checks did not run")
  # One compiler at a time: ctest counts this test as one of the processors it was given.
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --target parent_bench -j1)
  run(${WORK_DIR}/build/parent_bench --forks 2 --max-forks 2 --measure-ms 2 --warmup-max-ms 20)
  expect_output("parent.concat" "the parent's benchmark did not report")
  # Its two layout variants (tare_layout_variants, where lld is): one more compile, two links.
  find_program(LD_LLD ld.lld)
  if(LD_LLD)
    run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --target parent_bench_layouts -j1)
    run(${WORK_DIR}/build/parent_bench.layouts/parent_bench-2 --list)
    expect_output("parent.concat" "the parent's second layout variant does not list its benchmark")
  endif()
  run(${CMAKE_COMMAND} --install ${WORK_DIR}/build --prefix ${WORK_DIR}/prefix)
  file(GLOB_RECURSE installed ${WORK_DIR}/prefix/*)
  if(installed)
    message(FATAL_ERROR "installing the parent installed tare's files: ${installed}")
  endif()
elseif(MODE STREQUAL "fetchcontent")
  make_repository(${WORK_DIR}/tare.git)
  run(${CMAKE_COMMAND} -S ${parent} -B ${WORK_DIR}/build -DTARE_HOW=fetchcontent
      -DTARE_GIT=${WORK_DIR}/tare.git -DTARE_TAG=v-test
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON)
  expect_output("parent: tare's libraries are here" "the parent's checks did not run")
  copy_sources(${WORK_DIR}/archive/tare)
  run(${CMAKE_COMMAND} -E chdir ${WORK_DIR}/archive ${CMAKE_COMMAND} -E tar czf ${WORK_DIR}/tare.tar.gz tare)
  file(SHA256 ${WORK_DIR}/tare.tar.gz sha256)
  run(${CMAKE_COMMAND} -S ${parent} -B ${WORK_DIR}/build_url -DTARE_HOW=fetchcontent_url
      -DTARE_URL=${WORK_DIR}/tare.tar.gz -DTARE_SHA256=${sha256} -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON)
  expect_output("parent: tare's libraries are here" "the parent's checks did not run")
elseif(MODE STREQUAL "cli_without_zlib")
  run(${CMAKE_COMMAND} -S ${parent} -B ${WORK_DIR}/build -DTARE_HOW=subdirectory -DTARE_SOURCE=${SOURCE_DIR}
      -DTARE_BUILD_CLI=ON -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON)
  expect_output("parent: tare's libraries are here" "the parent's checks did not run")
  expect_output("zlib not found; `tare stream run --hdr-log` will be unavailable"
                "configuring the command without zlib did not say what is unavailable")
else()
  message(FATAL_ERROR "MODE must be build, fetchcontent or cli_without_zlib, not '${MODE}'")
endif()
