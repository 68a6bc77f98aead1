#include "session/sessionkeeper.h"

#include "editor/editorwidget.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

namespace Sandpit::Ui {

namespace {
const auto kRestoreKey = QStringLiteral("session/restore");
const auto kTabsKey = QStringLiteral("session/tabs");
} // namespace

SessionKeeper::SessionKeeper(DocumentTabs &tabs, QWidget *window)
    : QObject(window)
    , m_tabs(tabs)
    , m_window(window)
{
}

bool SessionKeeper::restoreEnabled(const QSettings &settings)
{
    return settings.value(kRestoreKey, true).toBool();
}

void SessionKeeper::restore()
{
    const QSettings settings;
    if (!restoreEnabled(settings))
        return;
    // Written by save() as JSON; anything else (an older or hand-edited value) is ignored.
    const QJsonObject session = QJsonDocument::fromJson(settings.value(kTabsKey).toByteArray()).object();
    const QJsonArray files = session.value(QStringLiteral("tabs")).toArray();
    for (const QJsonValue &value : files) {
        const QJsonObject tab = value.toObject();
        const QString path = tab.value(QStringLiteral("file")).toString();
        if (!path.isEmpty())
            m_tabs.openFile(path, tab.value(QStringLiteral("line")).toInt(),
                            tab.value(QStringLiteral("column")).toInt());
    }
    const int current = session.value(QStringLiteral("current")).toInt(-1);
    if (current >= 0 && current < m_tabs.count())
        m_tabs.setCurrentIndex(current);
}

void SessionKeeper::save() const
{
    QJsonArray files;
    int current = -1;
    for (DocumentTab *tab : m_tabs.tabs()) {
        const QString path = tab->document()->path();
        if (path.isEmpty())
            continue;
        if (tab == m_tabs.current())
            current = files.size();
        int line = 0;
        int column = 0;
        tab->editor()->getCursorPosition(&line, &column);
        files.append(QJsonObject{
            {QStringLiteral("file"), path}, {QStringLiteral("line"), line}, {QStringLiteral("column"), column}});
    }
    QSettings settings;
    settings.setValue(kTabsKey,
                      QJsonDocument(QJsonObject{{QStringLiteral("tabs"), files}, {QStringLiteral("current"), current}})
                          .toJson(QJsonDocument::Compact));
}

void SessionKeeper::confirmQuit(std::function<void()> quit)
{
    const QList<DocumentTab *> modified = m_tabs.modifiedTabs();
    if (modified.isEmpty()) {
        quit();
        return;
    }
    QStringList names;
    for (DocumentTab *tab : modified)
        names << tab->document()->displayName();
    auto *box
        = new QMessageBox(QMessageBox::Question, QStringLiteral("Unsaved changes"),
                          modified.size() == 1 ? QStringLiteral("%1 has changes that are not saved.").arg(names.first())
                                               : QStringLiteral("%1 programs have changes that are not saved: %2.")
                                                     .arg(modified.size())
                                                     .arg(names.join(QStringLiteral(", "))),
                          QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("quitQuestion"));
    box->setInformativeText(QStringLiteral("Save them before quitting?"));
    QPushButton *saveAll = box->addButton(modified.size() == 1 ? QStringLiteral("Save") : QStringLiteral("Save All"),
                                          QMessageBox::AcceptRole);
    saveAll->setObjectName(QStringLiteral("saveAllButton"));
    QPushButton *discard = box->addButton(QStringLiteral("Quit Without Saving"), QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardButton"));
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(saveAll);
    auto *reopen = new QCheckBox(QStringLiteral("Reopen my files next time"), box);
    reopen->setChecked(restoreEnabled(QSettings()));
    box->setCheckBox(reopen);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, saveAll, discard, reopen, modified, quit](int) {
        QSettings().setValue(kRestoreKey, reopen->isChecked());
        if (box->clickedButton() == discard)
            quit();
        else if (box->clickedButton() == saveAll)
            saveEach({modified.begin(), modified.end()}, quit);
    });
    box->open();
}

void SessionKeeper::saveEach(QList<QPointer<DocumentTab>> tabs, std::function<void()> then)
{
    // The window stays usable while saves run: a tab may be closed or saved meanwhile.
    while (!tabs.isEmpty() && (!tabs.first() || !tabs.first()->isModified()))
        tabs.removeFirst();
    if (tabs.isEmpty()) {
        // Typed while the saves ran: ask again rather than quit over it.
        if (!m_tabs.modifiedTabs().isEmpty())
            confirmQuit(then);
        else
            then();
        return;
    }
    DocumentTab *tab = tabs.takeFirst();
    m_tabs.setCurrentWidget(tab);
    // The next one is saved only once this one is on disk; a failed or cancelled save stops here.
    tab->save([this, tabs, then] { saveEach(tabs, then); });
}

} // namespace Sandpit::Ui
