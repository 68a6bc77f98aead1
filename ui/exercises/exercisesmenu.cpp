#include "exercises/exercisesmenu.h"

#include "exercises/bundledcourses.h"
#include "exercises/packloader.h"
#include "window/backgroundtask.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace Sandpit::Ui {

namespace {
const auto kLastPackKey = QStringLiteral("exercises/lastPack");

using TitledFolders = QList<std::pair<QString, QString>>;

/// Each bundled course's title and folder: read on a worker thread (a pack is files on disk).
TitledFolders bundledTitles()
{
    TitledFolders titled;
    const Core::PackLoader loader({}); // bundled courses are folders: nothing to unpack
    for (const QString &folder : Core::bundledCourseFolders()) {
        const auto course = loader.load(folder);
        titled.append({course ? course->title : QFileInfo(folder).fileName(), folder});
    }
    return titled;
}
} // namespace

ExercisesMenu::ExercisesMenu(QWidget *parent)
    : QMenu(QStringLiteral("Exerc&ises"), parent)
{
    setObjectName(QStringLiteral("exercisesMenu"));
    m_bundledEnd = addSeparator();
    addAction(QStringLiteral("Open Exercise Pack &Folder…"), this, [this] { choose(false); });
    addAction(QStringLiteral("Open &Zipped Exercise Pack…"), this, [this] { choose(true); });
    runInBackground<TitledFolders>(this, bundledTitles, [this](const TitledFolders &titled) { addBundled(titled); });
}

void ExercisesMenu::addBundled(const TitledFolders &titledFolders)
{
    for (const auto &[title, folder] : titledFolders) {
        auto *action = new QAction(title, this);
        action->setToolTip(QDir::toNativeSeparators(folder));
        connect(action, &QAction::triggered, this, [this, path = folder] { Q_EMIT packChosen(path); });
        insertAction(m_bundledEnd, action);
    }
}

void ExercisesMenu::choose(bool zipped)
{
    const QString start = QFileInfo(lastPack()).absolutePath();
    const QString path = zipped
        ? QFileDialog::getOpenFileName(parentWidget(), QStringLiteral("Open Zipped Exercise Pack"), start,
                                       QStringLiteral("Exercise packs (*.zip)"))
        : QFileDialog::getExistingDirectory(parentWidget(), QStringLiteral("Open Exercise Pack Folder"), start);
    if (!path.isEmpty())
        Q_EMIT packChosen(path);
}

QString ExercisesMenu::lastPack()
{
    return QSettings().value(kLastPackKey).toString();
}

void ExercisesMenu::rememberPack(const QString &path)
{
    QSettings().setValue(kLastPackKey, path);
}

} // namespace Sandpit::Ui
