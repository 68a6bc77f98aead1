# The Debian package, made by CPack from the install rules: `cmake --build BUILD --target package`
# (or `cpack -G DEB` in BUILD) writes BUILD/sandpit_VERSION_ARCH.deb. The build must be configured
# with -DCMAKE_INSTALL_PREFIX=/usr: the AppArmor profile's place (/etc/apparmor.d) and the
# engine's helper lookup (../libexec/sandpit beside /usr/bin) both follow from that prefix.
# Included last from the top-level CMakeLists.txt, after every install() rule.

set(SANDPIT_PACKAGE_MAINTAINER "Sandpit maintainers <maintainers@sandpit.invalid>"
    CACHE STRING "The Maintainer field of the Debian package")
set(SANDPIT_PACKAGE_HOMEPAGE "" CACHE STRING "The Homepage field of the Debian package (none when empty)")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sandpit)
set(CPACK_PACKAGE_VENDOR "Sandpit")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${SANDPIT_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "code playground that runs learners' programs in a sandbox")
# CPack makes the long description of the control file from this text: one paragraph per
# blank-line-separated block, each line indented as Debian's control format wants.
set(CPACK_PACKAGE_DESCRIPTION
    "Sandpit is a desktop code playground: type a program, press Run and watch
it work. It runs Python, C, C++, JavaScript, Java, Rust and shell programs in
a sandbox that stops runaway programs (time, memory, processes, output), says
in plain words why a run ended, shows what it cost and lists the files it made.

The sandbox uses user, pid, mount and network namespaces, a seccomp filter and
cgroups or resource limits; it refuses to run a program when the computer
cannot give full isolation, unless the user allows less. Programs can also run
in Docker containers. Without a display, the same runs are available from the
command line: sandpit run FILE.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# The engine finds its helpers by this layout; a package built for another prefix would not run.
set(CPACK_SANDPIT_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/packaging/deb/cpackprojectconfig.cmake)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
if(SANDPIT_PACKAGE_HOMEPAGE)
    set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${SANDPIT_PACKAGE_HOMEPAGE}")
endif()
# Depends comes from the binaries (dpkg-shlibdeps); the toolchains are only recommended, since
# each language needs its own and Docker images can stand in for all of them.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# python3-pip-whl and python3-setuptools-whl: the pip a program's packages are installed with (PipTools).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-pip-whl, python3-setuptools-whl, gcc, g++, nodejs, python3-matplotlib")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "docker.io")
# The maintainer scripts load and unload the helper's AppArmor profile (what dh_apparmor does
# for packages built with debhelper); conffiles keeps an administrator's edits to it.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/deb/postinst
    ${PROJECT_SOURCE_DIR}/packaging/deb/prerm
    ${PROJECT_SOURCE_DIR}/packaging/deb/postrm
    ${PROJECT_SOURCE_DIR}/packaging/deb/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
