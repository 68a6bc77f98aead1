// This folder is first on sandpit_core's include path. Every QtGui header includes this file,
// so any QtGui include in the core fails here: sandpit_core links Qt Core and libseccomp only.
#error "sandpit_core must not use QtGui: put user-interface code in ui/ (sandpit_ui)"
