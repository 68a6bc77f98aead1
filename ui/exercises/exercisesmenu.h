#pragma once

#include <QMenu>

namespace Sandpit::Ui {

/// File › Exercises: the courses shipped with Sandpit by title, the last pack opened, and ways
/// to open a pack folder or a zipped pack. The titles are read on a worker thread.
class ExercisesMenu final : public QMenu
{
    Q_OBJECT
public:
    explicit ExercisesMenu(QWidget *parent = nullptr);

    /// The pack opened last (remembered across restarts), or empty.
    static QString lastPack();
    static void rememberPack(const QString &path);

Q_SIGNALS:
    /// A pack to open: a course folder or a .zip.
    void packChosen(const QString &path);

private:
    void addBundled(const QList<std::pair<QString, QString>> &titledFolders);
    void choose(bool zipped);

    QAction *m_bundledEnd;
};

} // namespace Sandpit::Ui
