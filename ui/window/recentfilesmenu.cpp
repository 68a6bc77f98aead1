#include "window/recentfilesmenu.h"

#include "window/backgroundtask.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace Sandpit::Ui {

namespace {
// Absolute and clean without touching the disk; symlinks are resolved later, in refresh().
QString absoluteClean(const QString &path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

QStringList withoutDuplicates(const QStringList &files)
{
    QStringList kept;
    for (const QString &file : files) {
        if (!file.isEmpty() && !kept.contains(file))
            kept << file;
    }
    return kept.mid(0, RecentFilesMenu::kMaxFiles);
}

// "a&b.py" would otherwise show as "ab.py" with b underlined.
QString escapedForMenu(QString text)
{
    return text.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

struct Looked {
    QStringList canonical; ///< same order as asked; a missing file keeps its path
    QSet<QString> missing;
};
} // namespace

RecentFilesMenu::RecentFilesMenu(QWidget *parent, const QString &settingsFile)
    : QMenu(QStringLiteral("Open &Recent"), parent)
    , m_settings(settingsFile.isEmpty() ? new QSettings(this) : new QSettings(settingsFile, QSettings::IniFormat, this))
{
    setObjectName(QStringLiteral("recentFilesMenu"));
    setToolTipsVisible(true);
    QStringList stored;
    for (const QString &file : m_settings->value(QLatin1String(kSettingsKey)).toStringList())
        stored << absoluteClean(file);
    m_files = withoutDuplicates(stored);
    connect(this, &QMenu::aboutToShow, this, &RecentFilesMenu::refresh);
    rebuild();
    refresh();
}

void RecentFilesMenu::add(const QString &path)
{
    if (path.isEmpty())
        return;
    const QString file = absoluteClean(path);
    m_missing.remove(file); // it was just opened or saved
    setFiles(QStringList{file} + m_files);
    refresh();
}

void RecentFilesMenu::clearFiles()
{
    ++m_serial; // a look still under way was at the files just cleared
    m_missing.clear();
    setFiles({});
}

void RecentFilesMenu::refresh()
{
    const quint64 serial = ++m_serial;
    const QStringList files = m_files;
    runInBackground<Looked>(
        this,
        [files] {
            Looked looked;
            for (const QString &file : files) {
                const QFileInfo info(file);
                if (!info.isFile()) {
                    looked.missing.insert(file);
                    looked.canonical << file;
                } else {
                    looked.canonical << info.canonicalFilePath();
                }
            }
            return looked;
        },
        [this, serial](const Looked &looked) {
            // An add() or clearFiles() since then asked again; its answer is the one to show.
            if (serial != m_serial)
                return;
            m_missing = looked.missing;
            setFiles(looked.canonical);
            Q_EMIT refreshed();
        });
}

void RecentFilesMenu::setFiles(const QStringList &files)
{
    const QStringList kept = withoutDuplicates(files);
    const bool changed = kept != m_files;
    m_files = kept;
    if (changed || !m_settings->contains(QLatin1String(kSettingsKey)))
        m_settings->setValue(QLatin1String(kSettingsKey), m_files);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    // Later, not now: rebuild() may run inside one of these actions' triggered() (Clear, or a
    // window that calls add() as soon as a file is chosen).
    for (QAction *action : actions()) {
        removeAction(action);
        action->deleteLater();
    }
    for (int i = 0; i < m_files.size(); ++i) {
        const QString file = m_files.at(i);
        const QFileInfo info(file); // names only: QFileInfo reads the disk only when asked about the file
        const bool missing = m_missing.contains(file);
        // &1 … &9, then &0 for the tenth, as keyboard shortcuts in the open menu.
        QString text = QStringLiteral("&%1 %2 — %3")
                           .arg((i + 1) % 10)
                           .arg(escapedForMenu(info.fileName()), escapedForMenu(QDir::toNativeSeparators(info.path())));
        if (missing)
            text += QStringLiteral(" (missing)");
        QAction *action = addAction(text);
        action->setObjectName(QStringLiteral("recentFile%1").arg(i));
        action->setData(file);
        action->setEnabled(!missing);
        action->setToolTip(
            missing ? QStringLiteral("%1 is no longer there: it was moved, renamed or deleted.").arg(file) : file);
        action->setStatusTip(action->toolTip());
        connect(action, &QAction::triggered, this, [this, file] { Q_EMIT fileChosen(file); });
    }
    if (m_files.isEmpty())
        addAction(QStringLiteral("No recent files"))->setEnabled(false);
    addSeparator();
    QAction *clearAction = addAction(QStringLiteral("&Clear Recent Files"));
    clearAction->setObjectName(QStringLiteral("actionClearRecentFiles"));
    clearAction->setEnabled(!m_files.isEmpty());
    connect(clearAction, &QAction::triggered, this, &RecentFilesMenu::clearFiles);
}

} // namespace Sandpit::Ui
