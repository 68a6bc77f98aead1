#include "run/inputsetpackmaker.h"

#include "exercises/packwriter.h"
#include "run/inputsetpackdialog.h"
#include "window/backgroundtask.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

#include <expected>

namespace Sandpit::Ui {

InputSetPackMaker::InputSetPackMaker(QWidget *dialogParent)
    : QObject(dialogParent)
    , m_dialogParent(dialogParent)
{
}

void InputSetPackMaker::make(const QString &program, const QString &languageId, const Core::InputSets &sets)
{
    if (m_dialog)
        m_dialog->close();
    m_program = program;
    m_languageId = languageId;
    m_sets = sets;
    const QFileInfo info(program);
    // Beside the program, named for it: the folder an author looks in first.
    m_dialog = new InputSetPackDialog(
        info.fileName(), info.absolutePath() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral("-exercise"),
        m_dialogParent);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &InputSetPackDialog::packRequested, this, &InputSetPackMaker::write);
    m_dialog->open();
}

void InputSetPackMaker::write(const QString &folder, const QString &title)
{
    using Written = std::expected<QString, QString>;
    const QString program = m_program;
    const QString languageId = m_languageId;
    const Core::InputSets sets = m_sets;
    runInBackground<Written>(
        this,
        [folder, title, languageId, program, sets] {
            return Core::PackWriter::writeInputSetsPack(folder, title, languageId, program, sets);
        },
        [this](const Written &written) {
            if (!written) {
                if (m_dialog)
                    m_dialog->showProblem(written.error());
                return;
            }
            if (m_dialog)
                m_dialog->accept();
            offerToOpen(*written);
        });
}

void InputSetPackMaker::offerToOpen(const QString &folder)
{
    Q_EMIT message(QStringLiteral("Made the exercise pack in %1.").arg(folder));
    // Window-modal and non-blocking, as every question of the window.
    auto *box = new QMessageBox(QMessageBox::Question, QStringLiteral("Exercise pack made"),
                                QStringLiteral("The pack is in %1. Open it now, to check the program against "
                                               "its tests?")
                                    .arg(folder),
                                QMessageBox::NoButton, m_dialogParent);
    box->setObjectName(QStringLiteral("openPackQuestion"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *open = box->addButton(QStringLiteral("&Open Pack"), QMessageBox::AcceptRole);
    open->setObjectName(QStringLiteral("openPackButton"));
    box->addButton(QStringLiteral("&Not Now"), QMessageBox::RejectRole);
    connect(open, &QPushButton::clicked, this,
            [this, folder, program = m_program] { Q_EMIT packOpenRequested(folder, program); });
    box->open();
}

} // namespace Sandpit::Ui
