// This folder is first on the include path of sandpit_core and sandpit_docker. Every QtWidgets
// header includes this file, so any QtWidgets include in the engine fails here: the engine links
// Qt Core, never Qt Gui or Qt Widgets.
#error "sandpit_core must not use QtWidgets: put user-interface code in ui/ (sandpit_ui)"
