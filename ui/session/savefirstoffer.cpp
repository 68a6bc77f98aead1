#include "session/savefirstoffer.h"

#include "session/documentfile.h"
#include "session/documenttab.h"

#include <QMessageBox>
#include <QPointer>
#include <QPushButton>

namespace Sandpit::Ui {

SaveFirstOffer::SaveFirstOffer(QWidget *window)
    : QObject(window)
    , m_window(window)
{
}

void SaveFirstOffer::whenSaved(DocumentTab *tab, const QString &why, std::function<void(const QString &path)> proceed)
{
    if (!tab->document()->path().isEmpty()) {
        proceed(tab->document()->path());
        return;
    }
    // Window-modal and non-blocking: a question must never stall the event loop (or a run).
    auto *box = new QMessageBox(QMessageBox::Question, QStringLiteral("Save the program first"),
                                QStringLiteral("%1 is not saved yet. %2").arg(tab->document()->displayName(), why),
                                QMessageBox::Cancel, m_window);
    box->setObjectName(QStringLiteral("saveFirstQuestion"));
    QPushButton *saveNow = box->addButton(QStringLiteral("&Save now…"), QMessageBox::AcceptRole);
    saveNow->setObjectName(QStringLiteral("saveNowButton"));
    box->setDefaultButton(saveNow);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this,
            [saveNow, tab = QPointer<DocumentTab>(tab), proceed = std::move(proceed)](QAbstractButton *clicked) {
                if (clicked != saveNow || !tab)
                    return;
                // After the question has gone: the Save dialog is the next window, not its child.
                QMetaObject::invokeMethod(
                    tab,
                    [tab, proceed] {
                        tab->save([tab, proceed] {
                            if (tab)
                                proceed(tab->document()->path());
                        });
                    },
                    Qt::QueuedConnection);
            });
    box->open();
}

} // namespace Sandpit::Ui
