# What makes Sandpit a desktop citizen once installed: the desktop entry, AppStream metainfo,
# MIME globs and icons (for the window's binary only), and for whichever program is installed
# the man page, made from its own help, and bash completion. Included by packaging/, so paths
# below are relative to packaging/ and every file lands under GNUInstallDirs paths that the
# package picks up.
include(GNUInstallDirs)

if(SANDPIT_GUI)
    set(sandpit_installed_program sandpit)
else()
    set(sandpit_installed_program sandpit-cli)
endif()
set(sandpit_desktop_id io.github.sandpit.Sandpit)

if(SANDPIT_GUI)
    install(FILES desktop/${sandpit_desktop_id}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES desktop/${sandpit_desktop_id}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
    install(FILES desktop/sandpit-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME sandpit.xml)
    foreach(size 16 22 24 32 48 64 128 256)
        install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/hicolor/${size}x${size}/apps/sandpit.png
                DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
    endforeach()
    install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/sandpit.svg
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

# The man page is generated from the built program's help at build time, so it needs help2man;
# a build without it can turn the page off rather than ship one that may be wrong.
option(SANDPIT_MAN_PAGE "Build the man page from the program's help (needs help2man)" ON)
if(SANDPIT_MAN_PAGE)
    find_program(SANDPIT_HELP2MAN help2man)
    if(NOT SANDPIT_HELP2MAN)
        message(FATAL_ERROR "help2man is missing (apt install help2man), or configure with -DSANDPIT_MAN_PAGE=OFF")
    endif()
    set(man_dir ${CMAKE_CURRENT_BINARY_DIR}/man)
    set(man_page ${man_dir}/${sandpit_installed_program}.1)
    add_custom_command(
        OUTPUT ${man_page} ${man_page}.gz
        COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/man/make-man-page.sh $<TARGET_FILE:${sandpit_installed_program}>
                ${sandpit_installed_program} ${man_dir}
        DEPENDS ${sandpit_installed_program} man/make-man-page.sh man/help-to-roff.awk man/sandpit.h2m
        COMMENT "Making the man page ${sandpit_installed_program}(1) from its help"
        VERBATIM)
    add_custom_target(sandpit_man_page ALL DEPENDS ${man_page}.gz)
    install(FILES ${man_page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# Bash completion reads commands and options from the program's help when it runs; what the
# help does not say (the language ids, the extensions of programs) comes from the languages
# the program is built with.
set(languages_json ${PROJECT_SOURCE_DIR}/resources/languages/languages.json)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${languages_json})
file(READ ${languages_json} languages)
string(JSON language_count LENGTH "${languages}" languages)
math(EXPR last_language "${language_count} - 1")
set(SANDPIT_LANGUAGE_IDS)
set(SANDPIT_PROGRAM_EXTENSIONS)
foreach(i RANGE ${last_language})
    string(JSON id GET "${languages}" languages ${i} id)
    list(APPEND SANDPIT_LANGUAGE_IDS ${id})
    string(JSON extension_count LENGTH "${languages}" languages ${i} extensions)
    math(EXPR last_extension "${extension_count} - 1")
    foreach(j RANGE ${last_extension})
        string(JSON extension GET "${languages}" languages ${i} extensions ${j})
        list(APPEND SANDPIT_PROGRAM_EXTENSIONS ${extension})
    endforeach()
endforeach()
list(JOIN SANDPIT_LANGUAGE_IDS " " SANDPIT_LANGUAGE_IDS)
list(JOIN SANDPIT_PROGRAM_EXTENSIONS " " SANDPIT_PROGRAM_EXTENSIONS)
configure_file(completion/sandpit.in ${CMAKE_CURRENT_BINARY_DIR}/completion/sandpit @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/completion/sandpit
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${sandpit_installed_program})
