#pragma once

#include "model/runresult.h"

#include <QToolButton>

namespace Sandpit::Ui {

/// Beside Run, for as long as it holds: the user allowed runs with weaker isolation than a
/// full sandbox. Hidden while Sandpit refuses to run without one (the default). Clicking it
/// asks for full isolation again.
class WeakerSandboxBadge final : public QToolButton
{
    Q_OBJECT
public:
    explicit WeakerSandboxBadge(QWidget *parent = nullptr);

public Q_SLOTS:
    void showAllowed(Sandpit::Core::IsolationReport::Level weakest);

Q_SIGNALS:
    void fullIsolationRequired();
};

} // namespace Sandpit::Ui
