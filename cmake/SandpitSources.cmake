# sandpit_add_folders(TARGET folder... [EXCEPT file...])
# Adds every .cpp and .h of each folder (relative to the calling CMakeLists.txt) to TARGET,
# but the files named after EXCEPT (which another target builds). A folder is a subsystem, so
# a file belongs to the target of the folder it is in: a new file joins by being put there.
# CONFIGURE_DEPENDS, as tests/ globs its fixtures, so that adding or removing a file
# reconfigures the build by itself.
function(sandpit_add_folders target)
    cmake_parse_arguments(ARG "" "" "EXCEPT" ${ARGN})
    list(TRANSFORM ARG_EXCEPT PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
    foreach(folder IN LISTS ARG_UNPARSED_ARGUMENTS)
        file(GLOB sources CONFIGURE_DEPENDS
            ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.h)
        if(ARG_EXCEPT)
            list(REMOVE_ITEM sources ${ARG_EXCEPT})
        endif()
        target_sources(${target} PRIVATE ${sources})
    endforeach()
endfunction()
