#pragma once

#include <QMenu>
#include <QSet>
#include <QStringList>

class QSettings;

namespace Sandpit::Ui {

/// File > Open Recent: the last files opened or saved, most recent first, kept in the setting
/// files/recent. Whether each still exists is looked up off the GUI thread when the list
/// changes and when the menu is about to show; a missing one stays listed, disabled, marked
/// "(missing)", until Clear Recent Files or until it falls off the end.
class RecentFilesMenu final : public QMenu
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 10;
    static constexpr const char *kSettingsKey = "files/recent";

    /// `settingsFile` empty: the application's own settings; else that INI file (for tests).
    explicit RecentFilesMenu(QWidget *parent = nullptr, const QString &settingsFile = QString());

    /// Absolute paths, most recent first.
    QStringList files() const { return m_files; }
    bool isMissing(const QString &path) const { return m_missing.contains(path); }

public Q_SLOTS:
    /// `path` was opened or saved: it moves to the top.
    void add(const QString &path);
    void clearFiles();
    /// Looks again, in the background, at which files exist and where symlinks lead.
    void refresh();

Q_SIGNALS:
    void fileChosen(const QString &path);
    /// A refresh() has finished and the menu shows its result.
    void refreshed();

private:
    void setFiles(const QStringList &files);
    void rebuild();

    QSettings *m_settings;
    QStringList m_files;
    QSet<QString> m_missing;
    quint64 m_serial = 0;
};

} // namespace Sandpit::Ui
