# cmake -DFROM=resources/exercises -DTO=build/share/sandpit/exercises -P CopyExercises.cmake
# The bundled courses copied afresh into the build tree, so that a file removed from the source
# is gone from the copy too; an absent source gives an empty folder (a build without courses).
file(REMOVE_RECURSE "${TO}")
file(MAKE_DIRECTORY "${TO}")
if(EXISTS "${FROM}")
    file(COPY "${FROM}/" DESTINATION "${TO}")
endif()
