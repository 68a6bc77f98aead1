// Journaled autosave: what one journal pass costs the GUI thread, for buffers of 10 KB, 1 MB
// and 10 MB, against the baseline of writing the same text synchronously with QSaveFile on
// the GUI thread (what an autosave without a writer thread would cost it, and so the stall a
// learner would feel every few seconds).
//
// Measured for each size, in alternating trials:
//   - baseline: QSaveFile open, write of the UTF-8 text, commit, on the calling thread;
//   - Sandpit, GUI thread: AutosaveSession::journalNow() after a one-character edit, which
//     copies the buffer out of the editor and hands it to the journal's thread;
//   - Sandpit, until on disk: from journalNow() until AutosaveSession::journaled arrives.
// Each trial checks that the journal holds the edited text.
//
// Usage: bench_autosave [TRIALS]   (default 9; QT_QPA_PLATFORM defaults to offscreen)

#include "benchstats.h"

#include "editor/editorwidget.h"
#include "history/bufferjournal.h"
#include "languages/languageregistry.h"
#include "session/autosavesession.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Sandpit;
using namespace SandpitBench;

namespace {

/// Python-looking lines, `bytes` long in all.
QString program(qsizetype bytes)
{
    const QString line = QStringLiteral("total = sum(value * value for value in range(1000))  # a line of code\n");
    QString text;
    text.reserve(bytes + line.size());
    while (text.size() < bytes)
        text += line;
    text.truncate(bytes);
    return text;
}

double baselineWrite(const QString &path, const QString &text)
{
    QElapsedTimer timer;
    timer.start();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit())
        qFatal("baseline: cannot write %s", qPrintable(path));
    return double(timer.nsecsElapsed()) / 1e6;
}

/// The text the journal holds for `bufferId`, as the next start would read it.
QString journaledText(const QString &root, const QString &bufferId)
{
    // The session is alive, so findAbandoned would skip it: read its folder as a dead one's.
    const QDir journal(root);
    for (const QString &session : journal.entryList({QStringLiteral("session-*")}, QDir::Dirs)) {
        QTemporaryDir copy;
        const QString to = copy.filePath(session);
        QDir().mkpath(to);
        const QDir from(journal.filePath(session));
        for (const QString &name : from.entryList(QDir::Files))
            QFile::copy(from.filePath(name), to + QLatin1Char('/') + name);
        QFile owner(to + QStringLiteral("/owner"));
        if (owner.open(QIODevice::WriteOnly | QIODevice::Truncate))
            owner.write("999999999");
        owner.close();
        for (const auto &entry : Core::BufferJournal::findAbandoned(copy.path()).entries) {
            if (entry.bufferId == bufferId)
                return entry.text;
        }
    }
    return {};
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    const int trials = argc > 1 ? std::max(1, atoi(argv[1])) : 9;
    const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();

    printHeader();
    bool ok = true;
    for (const qsizetype bytes : {qsizetype(10) * 1024, qsizetype(1024) * 1024, qsizetype(10) * 1024 * 1024}) {
        QTemporaryDir dir;
        Ui::DocumentTabs tabs(languages);
        tabs.newTab();
        Ui::DocumentTab *tab = tabs.current();
        tab->editor()->setText(program(bytes));
        const QString root = dir.filePath(QStringLiteral("journal"));
        Ui::AutosaveSession autosave(root, tabs);
        QSignalSpy journaled(&autosave, &Ui::AutosaveSession::journaled);
        autosave.start();
        autosave.journalNow(); // the first entry, and the journal's folder, untimed
        if (!journaled.wait(60000))
            qFatal("the first journal entry never arrived");

        Samples baseline, gui, onDisk;
        for (int i = 0; i < trials; ++i) {
            baseline.ms << baselineWrite(dir.filePath(QStringLiteral("baseline.py")), tab->editor()->text());

            tab->editor()->insertAt(QString::number(i % 10), 0, 0);
            journaled.clear();
            QElapsedTimer timer;
            timer.start();
            autosave.journalNow();
            gui.ms << double(timer.nsecsElapsed()) / 1e6;
            if (!journaled.wait(60000))
                qFatal("a journal entry never arrived");
            onDisk.ms << double(timer.nsecsElapsed()) / 1e6;
            if (journaledText(root, tab->bufferId()) != tab->editor()->text()) {
                std::fprintf(stderr, "the journal does not hold the edited text (%lld bytes)\n", qlonglong(bytes));
                ok = false;
            }
        }
        const QByteArray size = bytes >= 1024 * 1024 ? QByteArray::number(bytes / (1024 * 1024)) + " MB"
                                                     : QByteArray::number(bytes / 1024) + " KB";
        printRow(("QSaveFile on the GUI thread, " + size + " (baseline)").constData(), baseline, baseline.median());
        printRow(("journalNow on the GUI thread, " + size).constData(), gui, baseline.median());
        printRow(("journalNow until on disk, " + size).constData(), onDisk, baseline.median());
    }
    return ok ? 0 : 1;
}
