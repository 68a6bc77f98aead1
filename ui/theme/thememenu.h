#pragma once

#include <QMenu>

namespace Sandpit::Ui {

class ThemeController;

/// View › Theme: System, Light, Dark, High contrast, one checked: the setting view/theme.
class ThemeMenu final : public QMenu
{
    Q_OBJECT
public:
    explicit ThemeMenu(ThemeController &themes, QWidget *parent = nullptr);
};

} // namespace Sandpit::Ui
