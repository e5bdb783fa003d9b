# Components: the folders of src/core and src/products. Included by src/ and by the test that
# shows a core component refused a product (tests/layering).
#
# A component is two targets: tare_<name>_headers, the include path it compiles with, and
# tare_<name>, the object library of its sources. The include path holds tare's public headers,
# this one folder and the folders of the components it names in USES: no more. A folder is
# linked under its path below src/core or src/products, so sources write "stats/..." and a
# component of a product split into rooms (FOLDER stream/driver, named stream_driver) is
# included as "stream/driver/...": the include says which room a header is in. Permission is never inherited: a component that
# includes a header of B, which includes one of C, names both B and C. A folder not named is
# not on the path, so including it fails to compile. A core component may use only core
# components; that is checked below, when it is declared. DEPENDS are third-party libraries
# (those of the components it uses come with them: a header of theirs may include them).
if(NOT TARE_INCLUDE_VIEWS)
  set(TARE_INCLUDE_VIEWS ${PROJECT_BINARY_DIR}/include_views)
endif()

# The view of `name`: a folder holding only a link to `folder` (a path below the current
# source directory) at the path `folder` has below src/core or src/products.
function(tare_component_view name folder)
  set(source ${CMAKE_CURRENT_SOURCE_DIR}/${folder})
  set(linked ${folder})
  foreach(half_dir ${PROJECT_SOURCE_DIR}/src/core ${PROJECT_SOURCE_DIR}/src/products)
    cmake_path(IS_PREFIX half_dir ${source} NORMALIZE below)
    if(below)
      file(RELATIVE_PATH linked ${half_dir} ${source})
    endif()
  endforeach()
  set(view ${TARE_INCLUDE_VIEWS}/${name})
  cmake_path(GET linked PARENT_PATH parent)
  file(MAKE_DIRECTORY ${view}/${parent})
  if(NOT EXISTS ${view}/${linked})
    file(CREATE_LINK ${source} ${view}/${linked} SYMBOLIC)
  endif()
endfunction()

# FOLDER: the component's folder below the current source directory (default: its name).
function(tare_component name half)
  cmake_parse_arguments(ARG "" "FOLDER" "USES;DEPENDS" ${ARGN})
  if(NOT ARG_FOLDER)
    set(ARG_FOLDER ${name})
  endif()
  get_property(core GLOBAL PROPERTY TARE_CORE_COMPONENTS)
  get_property(declared GLOBAL PROPERTY TARE_COMPONENTS)
  set(views ${PROJECT_SOURCE_DIR}/include ${TARE_INCLUDE_VIEWS}/${name})
  set(depends ${ARG_DEPENDS})
  foreach(used ${ARG_USES})
    if(NOT used IN_LIST declared)
      message(FATAL_ERROR "component ${name} uses ${used}, which is not declared before it")
    endif()
    if(half STREQUAL "core" AND NOT used IN_LIST core)
      message(FATAL_ERROR "core component ${name} may not use ${used}: it is a product")
    endif()
    list(APPEND views ${TARE_INCLUDE_VIEWS}/${used})
    get_property(used_depends GLOBAL PROPERTY TARE_DEPENDS_${used})
    list(APPEND depends ${used_depends})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY TARE_COMPONENTS ${name})
  if(half STREQUAL "core")
    set_property(GLOBAL APPEND PROPERTY TARE_CORE_COMPONENTS ${name})
  endif()
  set_property(GLOBAL PROPERTY TARE_DEPENDS_${name} ${ARG_DEPENDS})
  tare_component_view(${name} ${ARG_FOLDER})
  add_library(tare_${name}_headers INTERFACE)
  list(TRANSFORM views PREPEND "$<BUILD_INTERFACE:" OUTPUT_VARIABLE interface_views)
  list(TRANSFORM interface_views APPEND ">")
  target_include_directories(tare_${name}_headers INTERFACE ${interface_views})
  target_link_libraries(tare_${name}_headers INTERFACE ${depends})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${ARG_FOLDER}/*.cpp)
  if(NOT sources)
    return()
  endif()
  add_library(tare_${name} OBJECT ${sources})
  tare_own_code(tare_${name})
  set_target_properties(tare_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  tare_precompiled(tare_${name})
  target_link_libraries(tare_${name} PUBLIC tare_${name}_headers)
endfunction()

# For a target that is not a component folder (the Google Benchmark layer, the tare command):
# the include path of exactly the components named, as a component's USES gives it.
function(tare_uses target)
  foreach(used ${ARGN})
    target_include_directories(${target} PRIVATE $<BUILD_INTERFACE:${TARE_INCLUDE_VIEWS}/${used}>)
    get_property(used_depends GLOBAL PROPERTY TARE_DEPENDS_${used})
    # For the build only: an installed static library would otherwise name them in its link
    # interface, and its users need not have them.
    foreach(dependency ${used_depends})
      target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:${dependency}>)
    endforeach()
  endforeach()
endfunction()

macro(tare_core_component name)
  tare_component(${name} core ${ARGN})
endmacro()
macro(tare_product_component name)
  tare_component(${name} product ${ARGN})
endmacro()

