# Builds `source` once per "name:work" variant, as the executable <prefix><name> compiled
# with <define>=<work>: builds of one benchmark that differ by a known amount of work.
function(tare_work_variants prefix source define link)
  foreach(variant ${ARGN})
    string(REPLACE ":" ";" parts ${variant})
    list(GET parts 0 name)
    list(GET parts 1 work)
    add_executable(${prefix}${name} ${source})
    target_link_libraries(${prefix}${name} PRIVATE ${link})
    target_compile_definitions(${prefix}${name} PRIVATE ${define}=${work})
  endforeach()
endfunction()
