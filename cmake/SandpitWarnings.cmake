# sandpit_set_warnings(target): the project's warning set, fatal when SANDPIT_WERROR is on.
function(sandpit_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
        -Wnon-virtual-dtor -Wcast-align -Wunused -Woverloaded-virtual -Wformat=2)
    if(SANDPIT_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
