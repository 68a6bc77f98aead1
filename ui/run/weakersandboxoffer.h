#pragma once

#include "model/runerror.h"
#include "model/runresult.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>

class QWidget;

namespace Sandpit::Ui {

/// When a run was refused because this host cannot give it a full sandbox, asks the user
/// whether to run with a weaker one, saying plainly what the program could then reach. The
/// default answer keeps refusing: a weaker sandbox is only ever the user's informed choice.
class WeakerSandboxOffer final : public QObject
{
    Q_OBJECT
public:
    explicit WeakerSandboxOffer(QWidget *window);

    /// The question, open; null when none is asked.
    QMessageBox *question() const { return m_question; }

    /// The sentences a user reads before choosing `level` (Partial or None).
    static QString whatItCanReach(Core::IsolationReport::Level level);

public Q_SLOTS:
    /// Asks, without blocking the window, if `error` is a refusal for want of a sandbox.
    void offerFor(const Sandpit::Core::RunError &error);

Q_SIGNALS:
    /// The user allowed runs down to `level`; `remember`: in later sessions too.
    void weakerAllowed(Sandpit::Core::IsolationReport::Level level, bool remember);

private:
    QWidget *m_window;
    QPointer<QMessageBox> m_question;
};

} // namespace Sandpit::Ui
