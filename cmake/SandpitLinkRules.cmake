# sandpit_forbid_links(TARGET REGEX): fail configuration if TARGET links anything matching
# REGEX. The layering (core without Gui, Widgets or Docker's libraries; the command line
# without Widgets) is kept by the build, not by review.
function(sandpit_forbid_links target pattern)
    get_target_property(_links ${target} LINK_LIBRARIES)
    foreach(_lib IN LISTS _links)
        if(_lib MATCHES "${pattern}")
            message(FATAL_ERROR "${target} must not link ${_lib}")
        endif()
    endforeach()
endfunction()
