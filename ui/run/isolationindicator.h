#pragma once

#include "local/sandboxcheck.h"
#include "model/runresult.h"

#include <QLabel>

namespace Sandpit::Ui {

/// A small badge beside the Run button: how isolated a run is here (full, partial, none), with
/// the details on hover. From the window's start it shows what the doctor's probe found; once a
/// program ran, what that run's report said. A click asks for Help › Check This Computer.
class IsolationIndicator final : public QLabel
{
    Q_OBJECT
public:
    explicit IsolationIndicator(QWidget *parent = nullptr);

    /// "full", "partial", "none", "checking…" (the probe runs) or "unknown" (it could not).
    QString levelText() const { return m_level; }

public Q_SLOTS:
    /// A run's own report, which from then on outranks the probe's.
    void showReport(const Sandpit::Core::IsolationReport &report);
    void showChecking();
    /// What the probe found; ignored once a run has reported.
    void showProbe(const Sandpit::Core::LocalSandboxCheck &check);

Q_SIGNALS:
    void detailsRequested();

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void paint(const QString &level, const QColor &colour, const QString &tip);
    void paintLevel(Core::IsolationReport::Level level, const QString &tip);

    QString m_level;
    bool m_haveRun = false;
};

} // namespace Sandpit::Ui
