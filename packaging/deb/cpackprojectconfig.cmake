# Read by cpack before it packs (CPACK_PROJECT_CONFIG_FILE). A .deb installs under /usr, and the
# files it holds are those `cmake --install` puts under the build's own prefix: refuse a build
# configured for another one rather than ship /usr/local/etc/apparmor.d or the like.
if(NOT CPACK_SANDPIT_INSTALL_PREFIX STREQUAL "/usr")
    message(FATAL_ERROR "sandpit: the Debian package needs a build configured with -DCMAKE_INSTALL_PREFIX=/usr "
                        "(this one has ${CPACK_SANDPIT_INSTALL_PREFIX})")
endif()
