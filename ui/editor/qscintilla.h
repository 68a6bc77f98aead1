#pragma once
// QScintilla's headers spell `signals:` and `slots:` as bare keywords, but core makes the whole
// project build with QT_NO_KEYWORDS (so Qt's macros never clash with other libraries). Map the
// keywords back only while those headers are read. Include QScintilla through this file only.

#ifndef signals
#define signals Q_SIGNALS
#define SANDPIT_QSCI_UNDEF_SIGNALS
#endif
#ifndef slots
#define slots Q_SLOTS
#define SANDPIT_QSCI_UNDEF_SLOTS
#endif

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>
#include <Qsci/qscilexerbash.h>
#include <Qsci/qscilexercpp.h>
#include <Qsci/qscilexerjava.h>
#include <Qsci/qscilexerjavascript.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

#ifdef SANDPIT_QSCI_UNDEF_SIGNALS
#undef signals
#undef SANDPIT_QSCI_UNDEF_SIGNALS
#endif
#ifdef SANDPIT_QSCI_UNDEF_SLOTS
#undef slots
#undef SANDPIT_QSCI_UNDEF_SLOTS
#endif
