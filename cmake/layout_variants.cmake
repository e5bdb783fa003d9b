# tare_layout_variants(<target> <count>)
#
# Links <count> layout variants of the executable <target>: the same machine code, with the
# functions placed in a different order in each. Where the linker puts a function moves its
# timing (alignment of hot loops and branches against cache lines, the decoded-instruction
# cache, branch predictor aliasing), so one binary's score carries a placement effect no
# number of forks averages away; several layouts of one build turn it into a variance that
# an interval can include.
#
# The target's sources are compiled once more, with -ffunction-sections (every function in
# its own section), into the object library <target>_layout_objects, which carries the
# target's include directories, definitions, options and link libraries' usage
# requirements. The variants <target>_layout_1 ... <target>_layout_<count> link those objects
# with lld, each shuffling the .text sections with its own number as seed
# (--shuffle-sections=.text*=<seed>), and are written, alone, to
#   ${CMAKE_CURRENT_BINARY_DIR}/<target>.layouts/<target>-1 ... <target>-<count>
# The target <target>_layouts builds them all; anything else in that directory is removed
# at configure time. Call it after the target's sources and link libraries are set. Needs
# ld.lld (Debian: apt-get install lld), and GCC without link-time optimisation or Clang;
# costs one compile and <count> links.

# Every source of `target` as an absolute path (relative ones are relative to the
# directory that defined it); object files of other targets ($<TARGET_OBJECTS:...>) apart,
# in `linked_out`: an object library compiles sources, it cannot carry objects.
function(_tare_layout_sources target compiled_out linked_out)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(compiled)
  set(linked)
  foreach(source IN LISTS sources)
    if(source MATCHES "^\\$<TARGET_OBJECTS:")
      list(APPEND linked "${source}")
    elseif(source MATCHES "^\\$<")
      list(APPEND compiled "${source}")
    else()
      cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${source_dir}" OUTPUT_VARIABLE absolute)
      list(APPEND compiled "${absolute}")
    endif()
  endforeach()
  set(${compiled_out} "${compiled}" PARENT_SCOPE)
  set(${linked_out} "${linked}" PARENT_SCOPE)
endfunction()

# Copies the target properties named in ARGN, where the target sets them, from `from` to `to`.
function(_tare_layout_copy_properties from to)
  foreach(property IN LISTS ARGN)
    get_target_property(value ${from} ${property})
    if(NOT value STREQUAL "value-NOTFOUND")
      set_target_properties(${to} PROPERTIES ${property} "${value}")
    endif()
  endforeach()
endfunction()

function(_tare_layout_check target count)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "tare_layout_variants: there is no target '${target}'")
  endif()
  get_target_property(type ${target} TYPE)
  if(NOT type STREQUAL "EXECUTABLE")
    message(FATAL_ERROR "tare_layout_variants: '${target}' is a ${type}, not an executable")
  endif()
  get_target_property(imported ${target} IMPORTED)
  if(imported)
    message(FATAL_ERROR "tare_layout_variants: '${target}' is imported; its sources are not here to compile")
  endif()
  if(NOT count MATCHES "^[0-9]+$" OR count LESS 2)
    message(FATAL_ERROR "tare_layout_variants: the number of variants must be 2 or more, not '${count}'")
  endif()
  get_target_property(link_time_optimised ${target} INTERPROCEDURAL_OPTIMIZATION)
  if(link_time_optimised AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    message(FATAL_ERROR "tare_layout_variants: '${target}' has INTERPROCEDURAL_OPTIMIZATION, and lld "
                        "cannot link GCC's link-time optimised objects (Clang's it can)")
  endif()
  find_program(TARE_LD_LLD NAMES ld.lld DOC "lld, the linker tare_layout_variants shuffles sections with")
  if(NOT TARE_LD_LLD)
    message(FATAL_ERROR "tare_layout_variants: ld.lld not found; it links the layout variants "
                        "(Debian, Ubuntu: apt-get install lld)")
  endif()
endfunction()

# The object library: the target's sources, compiled as the target compiles them, with one
# section per function, so that the linker can place each function on its own. What the
# target links as objects of other targets is returned in `linked_out`.
function(_tare_layout_objects target objects linked_out)
  _tare_layout_sources(${target} compiled linked)
  add_library(${objects} OBJECT ${compiled})
  target_include_directories(${objects} PRIVATE $<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>)
  target_compile_definitions(${objects} PRIVATE $<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>)
  target_compile_options(${objects} PRIVATE $<TARGET_PROPERTY:${target},COMPILE_OPTIONS>
                         -ffunction-sections)
  get_target_property(libraries ${target} LINK_LIBRARIES)
  if(libraries)
    target_link_libraries(${objects} PRIVATE ${libraries})
  endif()
  _tare_layout_copy_properties(${target} ${objects} CXX_STANDARD CXX_STANDARD_REQUIRED CXX_EXTENSIONS
    C_STANDARD C_STANDARD_REQUIRED C_EXTENSIONS POSITION_INDEPENDENT_CODE INTERPROCEDURAL_OPTIMIZATION
    UNITY_BUILD EXCLUDE_FROM_ALL)
  set(${linked_out} "${linked}" PARENT_SCOPE)
endfunction()

# Variants a previous configure made with a larger <count> would still be in the directory,
# and whatever reads it takes every executable there for a variant of this build.
function(_tare_layout_remove_stale target count directory)
  set(expected)
  foreach(seed RANGE 1 ${count})
    list(APPEND expected ${target}-${seed})
  endforeach()
  file(GLOB present LIST_DIRECTORIES true ${directory}/*)
  set(stale)
  foreach(file IN LISTS present)
    get_filename_component(name ${file} NAME)
    if(NOT name IN_LIST expected)
      list(APPEND stale ${file})
    endif()
  endforeach()
  if(stale)
    file(REMOVE_RECURSE ${stale})
  endif()
endfunction()

function(tare_layout_variants target count)
  _tare_layout_check(${target} "${count}")
  set(objects ${target}_layout_objects)
  _tare_layout_objects(${target} ${objects} linked_objects)
  get_target_property(libraries ${target} LINK_LIBRARIES)
  # $<1:...> keeps multi-config generators from adding a per-configuration subdirectory:
  # the directory holds the variants and nothing else, wherever it is read from.
  set(directory ${CMAKE_CURRENT_BINARY_DIR}/${target}.layouts)
  _tare_layout_remove_stale(${target} ${count} ${directory})
  add_custom_target(${target}_layouts)
  foreach(seed RANGE 1 ${count})
    set(variant ${target}_layout_${seed})
    add_executable(${variant} $<TARGET_OBJECTS:${objects}> ${linked_objects})
    if(libraries)
      target_link_libraries(${variant} PRIVATE ${libraries})
    endif()
    target_link_options(${variant} PRIVATE $<TARGET_PROPERTY:${target},LINK_OPTIONS>
                        -fuse-ld=lld "-Wl,--shuffle-sections=.text*=${seed}")
    _tare_layout_copy_properties(${target} ${variant} POSITION_INDEPENDENT_CODE INTERPROCEDURAL_OPTIMIZATION
      EXCLUDE_FROM_ALL LINKER_LANGUAGE)
    set_target_properties(${variant} PROPERTIES OUTPUT_NAME ${target}-${seed}
      RUNTIME_OUTPUT_DIRECTORY $<1:${directory}>)
    add_dependencies(${target}_layouts ${variant})
  endforeach()
  set_target_properties(${target}_layouts PROPERTIES TARE_LAYOUT_DIRECTORY ${directory})
endfunction()
