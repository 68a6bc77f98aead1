#include "theme/thememenu.h"

#include "theme/themecontroller.h"

#include <QActionGroup>

namespace Sandpit::Ui {

ThemeMenu::ThemeMenu(ThemeController &themes, QWidget *parent)
    : QMenu(QStringLiteral("&Theme"), parent)
{
    setObjectName(QStringLiteral("themeMenu"));
    auto *group = new QActionGroup(this);
    const std::pair<QString, QString> choices[] = {
        {ThemeController::kSystem, QStringLiteral("&System (follow the desktop)")},
        {Theme::id(Theme::Kind::Light), QStringLiteral("&Light")},
        {Theme::id(Theme::Kind::Dark), QStringLiteral("&Dark")},
        {Theme::id(Theme::Kind::HighContrast), QStringLiteral("&High contrast")},
        {Theme::id(Theme::Kind::HighContrastDark), QStringLiteral("High contrast, d&ark")},
    };
    for (const auto &[id, text] : choices) {
        QAction *action = addAction(text);
        action->setObjectName(QStringLiteral("theme-%1").arg(id));
        action->setCheckable(true);
        action->setChecked(themes.preference() == id);
        group->addAction(action);
        connect(action, &QAction::triggered, &themes, [&themes, id = id] { themes.setPreference(id); });
    }
}

} // namespace Sandpit::Ui
