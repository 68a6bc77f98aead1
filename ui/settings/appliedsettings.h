#pragma once

#include "output/outputsettings.h"
#include "settings/enginesettings.h"
#include "settings/historysettings.h"

#include <QFont>
#include <QString>

namespace Sandpit::Ui {

/// What the settings dialog saved, as the program will read it: each part loaded back through
/// its own load() with the environment, so a SANDPIT_* variable still wins here.
struct AppliedSettings {
    Core::EngineSettings engine; ///< backend and limits for the next run; Docker images at the next start
    Core::HistorySettings history;
    OutputSettings output;
    QString theme;                       ///< view/theme: system, light, dark or high-contrast
    QFont editorFont;                    ///< editor/font
    bool keptWorkspaceByDefault = false; ///< workspace/kept_by_default, for programs not yet set
};

} // namespace Sandpit::Ui

Q_DECLARE_METATYPE(Sandpit::Ui::AppliedSettings)
