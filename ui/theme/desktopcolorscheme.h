#pragma once

#include <QObject>
#include <QPalette>

class QDBusVariant;

namespace Sandpit::Ui {

/// Whether the desktop prefers light or dark windows. Qt 6.4 has no QStyleHints::colorScheme
/// (6.5 added it), so this gathers what the desktop says, most specific first:
///  1. the freedesktop settings portal's org.freedesktop.appearance color-scheme, which GNOME
///     (42 and later: Debian 12 has 43) and KDE Plasma (5.24 and later) keep up to date, and
///     which tells us of a change with SettingChanged. It is the only place a GNOME session's
///     dark style shows at all: Qt 6.4's GNOME platform theme gives no palette;
///  2. GTK_THEME ending in ":dark", for a user who forces GTK's dark variant;
///  3. the lightness of the palette the platform theme gives Qt (KDE's colour scheme, qt6ct),
///     read before Sandpit sets its own.
/// QtDBus costs no new dependency: on Linux QtGui links it already.
class DesktopColorScheme final : public QObject
{
    Q_OBJECT
public:
    enum class Scheme { Unknown, Light, Dark };

    explicit DesktopColorScheme(QObject *parent = nullptr);

    Scheme scheme() const;

    /// Asks the portal on the session bus, without waiting, and follows its changes. Does
    /// nothing without a session bus or a portal.
    void watchPortal();

    /// The portal's answer: 0 no preference, 1 prefers dark, 2 prefers light.
    void setPortalValue(uint value);
    /// The palette the desktop gives Qt (before Sandpit sets its own).
    void setDesktopPalette(const QPalette &palette);
    /// The value of GTK_THEME ("Adwaita:dark"); read from the environment at construction.
    void setGtkTheme(const QString &theme);

    /// Light or Dark, from whether the window background is lighter than its text.
    static Scheme schemeOfPalette(const QPalette &palette);

Q_SIGNALS:
    void schemeChanged();

private Q_SLOTS:
    // A string-based slot: QDBusConnection::connect() takes nothing else.
    void onPortalSettingChanged(const QString &group, const QString &key, const QDBusVariant &value);

private:
    void update(Scheme &source, Scheme value);

    Scheme m_portal = Scheme::Unknown;
    Scheme m_gtk = Scheme::Unknown;
    Scheme m_palette = Scheme::Unknown;
};

} // namespace Sandpit::Ui
