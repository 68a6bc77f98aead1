// This folder is first on sandpit_core's include path. Every QtWidgets header includes this file,
// so any QtWidgets include in the core fails here: sandpit_core links Qt Core and libseccomp only.
#error "sandpit_core must not use QtWidgets: put user-interface code in ui/ (sandpit_ui)"
