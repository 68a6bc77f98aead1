# sandpit_add_test(NAME SOURCES files... LIBRARIES libs... LABELS labels... [GUI])
# One Qt Test executable per class, registered with CTest under its labels. GUI tests run on
# the offscreen platform so they need no display.
function(sandpit_add_test name)
    cmake_parse_arguments(ARG "GUI" "TIMEOUT" "SOURCES;LIBRARIES;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBRARIES})
    # Shared test code is included as "support/…", from tests/support/.
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
    target_compile_definitions(${name} PRIVATE
        SANDPIT_FIXTURES_DIR="${PROJECT_SOURCE_DIR}/tests/fixtures"
        SANDPIT_BIN_DIR="${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
    sandpit_set_warnings(${name})
    add_test(NAME ${name} COMMAND ${name})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT})
    if(ARG_GUI)
        set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT QT_QPA_PLATFORM=offscreen)
    endif()
    # Tests must not read or write the developer's own settings.
    set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT
        XDG_CONFIG_HOME=${CMAKE_BINARY_DIR}/test-home/config
        XDG_DATA_HOME=${CMAKE_BINARY_DIR}/test-home/data)
endfunction()
