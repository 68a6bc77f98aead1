#include "window/examplesmenu.h"

#include "languages/languageregistry.h"

#include <QDir>
#include <QFile>

namespace Sandpit::Ui {

namespace {
// "# Plot with matplotlib: a plot saved…" → "Plot with matplotlib"
QString titleOf(const QString &code, const QString &fileName)
{
    QString first = code.section(QLatin1Char('\n'), 0, 0).trimmed();
    for (const QString &marker : {QStringLiteral("#"), QStringLiteral("//")}) {
        if (first.startsWith(marker))
            first = first.mid(marker.size()).trimmed();
    }
    first = first.section(QLatin1Char(':'), 0, 0).trimmed();
    return first.isEmpty() ? fileName : first;
}
} // namespace

ExamplesMenu::ExamplesMenu(const Core::LanguageRegistry &languages, QWidget *parent)
    : QMenu(QStringLiteral("E&xamples"), parent)
{
    setObjectName(QStringLiteral("examplesMenu"));
    const QDir examples(QStringLiteral(":/sandpit/examples"));
    for (const QString &fileName : examples.entryList(QDir::Files, QDir::Name)) {
        // Resources are in memory: reading them here touches no disk.
        QFile file(examples.filePath(fileName));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString code = QString::fromUtf8(file.readAll());
        // Most examples come in Python and in C, under the same title.
        const Core::Language *language = languages.forFileName(fileName);
        QAction *action = addAction(language ? QStringLiteral("%1 (%2)").arg(titleOf(code, fileName), language->name)
                                             : titleOf(code, fileName));
        action->setObjectName(QStringLiteral("example:") + fileName);
        action->setToolTip(fileName);
        connect(action, &QAction::triggered, this, [this, fileName, code] { Q_EMIT exampleChosen(fileName, code); });
    }
}

} // namespace Sandpit::Ui
