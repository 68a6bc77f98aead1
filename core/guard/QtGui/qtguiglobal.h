// This folder is first on the include path of sandpit_core and sandpit_docker. Every QtGui
// header includes this file, so any QtGui include in the engine fails here: the engine links
// Qt Core, never Qt Gui or Qt Widgets.
#error "sandpit_core must not use QtGui: put user-interface code in ui/ (sandpit_ui)"
