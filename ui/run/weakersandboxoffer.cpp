#include "run/weakersandboxoffer.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>

namespace Sandpit::Ui {

WeakerSandboxOffer::WeakerSandboxOffer(QWidget *window)
    : QObject(window)
    , m_window(window)
{
}

QString WeakerSandboxOffer::whatItCanReach(Core::IsolationReport::Level level)
{
    if (level == Core::IsolationReport::Level::Partial) {
        return QStringLiteral("With partial isolation the program runs as an unprivileged user with no special rights, "
                              "in a process namespace of its own: it cannot stop your other programs, and nothing it "
                              "starts outlives the run. But it can read and change every file your user can (your "
                              "home folder, your documents, your SSH keys), use the network and the internet, and "
                              "see the names of your other programs.");
    }
    return QStringLiteral("With no isolation the program runs as an unprivileged user with no special rights, and "
                          "nothing else: it can read and change every file your user can, use the network and the "
                          "internet, and see and signal your other programs. Sandpit stops what it leaves running by "
                          "walking its process tree, which a program that forks fast enough can escape.");
}

void WeakerSandboxOffer::offerFor(const Core::RunError &error)
{
    if (error.code != Core::RunError::Code::SandboxUnavailable || m_question)
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, QStringLiteral("No sandbox on this computer"),
                                QStringLiteral("<b>Sandpit did not run the program</b>: this computer cannot give it a "
                                               "full sandbox, so it could reach your files."),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("weakerSandboxQuestion"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    // The bold line above says what the message's first sentence says.
    QString why = error.message;
    if (const qsizetype end = why.indexOf(QLatin1String(". "));
        why.startsWith(QLatin1String("Sandpit did not run")) && end > 0)
        why = why.mid(end + 2);
    box->setInformativeText(QStringLiteral("%1\n\n%2\n\n%3")
                                .arg(why, whatItCanReach(Core::IsolationReport::Level::Partial),
                                     whatItCanReach(Core::IsolationReport::Level::None)));
    QPushButton *refuse = box->addButton(QStringLiteral("Keep Refusing"), QMessageBox::RejectRole);
    refuse->setObjectName(QStringLiteral("keepRefusing"));
    QPushButton *partial = box->addButton(QStringLiteral("Run With Partial Isolation"), QMessageBox::AcceptRole);
    partial->setObjectName(QStringLiteral("runWithPartial"));
    QPushButton *none = box->addButton(QStringLiteral("Run With No Isolation"), QMessageBox::DestructiveRole);
    none->setObjectName(QStringLiteral("runWithNone"));
    box->setDefaultButton(refuse);
    box->setEscapeButton(refuse);
    auto *remember = new QCheckBox(QStringLiteral("Also after Sandpit restarts (Settings › Running can undo it)"), box);
    remember->setObjectName(QStringLiteral("rememberWeaker"));
    box->setCheckBox(remember);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, partial, none, remember](QAbstractButton *button) {
        if (button == partial || button == none) {
            Q_EMIT weakerAllowed(button == partial ? Core::IsolationReport::Level::Partial
                                                   : Core::IsolationReport::Level::None,
                                 remember->isChecked());
        }
        box->close();
    });
    m_question = box;
    box->open(); // window-modal, and the event loop goes on
}

} // namespace Sandpit::Ui
