#include "run/weakersandboxbadge.h"

#include "model/typeids.h"
#include "run/weakersandboxoffer.h"

namespace Sandpit::Ui {

WeakerSandboxBadge::WeakerSandboxBadge(QWidget *parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("weakerSandboxBadge"));
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    // A warning colour that holds on the light, dark and high-contrast toolbars alike.
    setStyleSheet(
        QStringLiteral("QToolButton { color: white; background: #b71c1c; border-radius: 3px; padding: 2px 6px; }"));
    connect(this, &QToolButton::clicked, this, &WeakerSandboxBadge::fullIsolationRequired);
    showAllowed(Core::IsolationReport::Level::Full);
}

void WeakerSandboxBadge::showAllowed(Core::IsolationReport::Level weakest)
{
    setVisible(weakest != Core::IsolationReport::Level::Full);
    if (weakest == Core::IsolationReport::Level::Full)
        return;
    setText(QStringLiteral("⚠ Weaker sandbox allowed: %1").arg(Core::isolationLevelId(weakest)));
    setToolTip(QStringLiteral("Where this computer cannot give a program a full sandbox, Sandpit runs it anyway. %1\n\n"
                              "Click to require a full sandbox again.")
                   .arg(WeakerSandboxOffer::whatItCanReach(weakest)));
}

} // namespace Sandpit::Ui
