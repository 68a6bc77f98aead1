# FindQScintilla
# --------------
# Debian ships QScintilla for Qt 6 (libqscintilla2-qt6-dev) without a CMake package, so this
# module finds the header and library and offers the imported target QScintilla::QScintilla.
#
# Result variables: QScintilla_FOUND, QScintilla_INCLUDE_DIR, QScintilla_LIBRARY, QScintilla_VERSION.

find_package(Qt6 QUIET COMPONENTS Widgets)

find_path(QScintilla_INCLUDE_DIR
    NAMES Qsci/qsciscintilla.h
    HINTS ${Qt6Widgets_INCLUDE_DIRS} ${QT6_INSTALL_PREFIX}/include
    PATH_SUFFIXES qt6 x86_64-linux-gnu/qt6 aarch64-linux-gnu/qt6)

find_library(QScintilla_LIBRARY NAMES qscintilla2_qt6 qscintilla2-qt6)

if(QScintilla_INCLUDE_DIR AND EXISTS "${QScintilla_INCLUDE_DIR}/Qsci/qsciglobal.h")
    file(STRINGS "${QScintilla_INCLUDE_DIR}/Qsci/qsciglobal.h" _qsci_version_line
         REGEX "^#define QSCINTILLA_VERSION_STR +\"[^\"]+\"")
    string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" QScintilla_VERSION "${_qsci_version_line}")
    unset(_qsci_version_line)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(QScintilla
    REQUIRED_VARS QScintilla_LIBRARY QScintilla_INCLUDE_DIR
    VERSION_VAR QScintilla_VERSION)

if(QScintilla_FOUND AND NOT TARGET QScintilla::QScintilla)
    add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
    set_target_properties(QScintilla::QScintilla PROPERTIES
        IMPORTED_LOCATION "${QScintilla_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${QScintilla_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES Qt6::Widgets)
endif()

mark_as_advanced(QScintilla_INCLUDE_DIR QScintilla_LIBRARY)
