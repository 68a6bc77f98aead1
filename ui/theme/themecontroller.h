#pragma once

#include "theme/theme.h"

#include <QObject>

namespace Sandpit::Ui {

class DesktopColorScheme;

/// Which Theme the window shows, and the application palette that goes with it. The setting
/// view/theme is "system" (the default: light or dark as the desktop prefers), "light",
/// "dark", "high-contrast" or "high-contrast-dark"; presentation mode shows the
/// high-contrast theme of the same lightness for a while (Theme::forPresentation).
class ThemeController final : public QObject
{
    Q_OBJECT
public:
    static inline const QString kSystem = QStringLiteral("system");

    /// Reads view/theme and sets the application palette at once. Construct it before
    /// anything else sets the application palette: the palette it finds is the desktop's.
    explicit ThemeController(QObject *parent = nullptr);

    /// "system", "light", "dark" or "high-contrast".
    QString preference() const { return m_preference; }
    /// The theme shown now.
    const Theme &theme() const { return m_theme; }
    DesktopColorScheme &desktop() const { return *m_desktop; }

    /// Follows the desktop while the preference is "system": followPlatformChanges(), and the
    /// settings portal asked and listened to (DesktopColorScheme::watchPortal()).
    void watchDesktop();
    /// Rereads the desktop's palette when the platform theme changes (QEvent::ThemeChange) or
    /// something else sets the application palette (QEvent::ApplicationPaletteChange).
    void followPlatformChanges();

public Q_SLOTS:
    /// Shows and saves `preference`; an unknown value means "system".
    void setPreference(const QString &preference);
    /// While presenting, the theme wanted is swapped for Theme::forPresentation() of it; the
    /// desktop is still followed ("system" on a desktop turning dark turns dark).
    void setPresenting(bool presenting);

Q_SIGNALS:
    /// The theme shown changed; the application palette is already set.
    void themeChanged(const Sandpit::Ui::Theme &theme);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    Theme::Kind wantedKind() const;
    /// Sets the palette when the theme changes, or always with `setPalette`.
    void apply(bool setPalette = false);
    void followDesktop();

    DesktopColorScheme *m_desktop;
    QString m_preference;
    bool m_presenting = false;
    Theme m_theme;
    bool m_settingPalette = false;
    bool m_followPending = false;
    bool m_themeChanged = false;
};

} // namespace Sandpit::Ui
