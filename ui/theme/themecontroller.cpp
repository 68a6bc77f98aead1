#include "theme/themecontroller.h"

#include "theme/desktopcolorscheme.h"

#include <QApplication>
#include <QSettings>
#include <QTimer>
#include <QToolTip>

#include <utility>

namespace Sandpit::Ui {

namespace {
const auto kThemeKey = QStringLiteral("view/theme");
} // namespace

ThemeController::ThemeController(QObject *parent)
    : QObject(parent)
    , m_desktop(new DesktopColorScheme(this))
{
    m_desktop->setDesktopPalette(QGuiApplication::palette());
    const QString saved = QSettings().value(kThemeKey, kSystem).toString();
    m_preference = Theme::kindFromId(saved) ? saved : kSystem;
    connect(m_desktop, &DesktopColorScheme::schemeChanged, this, [this] { apply(); });
    apply(true);
}

void ThemeController::watchDesktop()
{
    followPlatformChanges();
    m_desktop->watchPortal();
}

void ThemeController::followPlatformChanges()
{
    qApp->installEventFilter(this);
}

void ThemeController::setPreference(const QString &preference)
{
    m_preference = Theme::kindFromId(preference) ? preference : kSystem;
    QSettings().setValue(kThemeKey, m_preference);
    apply();
}

void ThemeController::setPresenting(bool presenting)
{
    m_presenting = presenting;
    apply();
}

Theme::Kind ThemeController::wantedKind() const
{
    Theme::Kind kind = m_desktop->scheme() == DesktopColorScheme::Scheme::Dark ? Theme::Kind::Dark : Theme::Kind::Light;
    if (const auto chosen = Theme::kindFromId(m_preference))
        kind = *chosen;
    return m_presenting ? Theme::forPresentation(kind) : kind;
}

void ThemeController::apply(bool setPalette)
{
    const Theme::Kind kind = wantedKind();
    const bool changed = kind != m_theme.kind;
    if (!changed && !setPalette)
        return;
    m_theme = Theme::ofKind(kind);
    m_settingPalette = true;
    QApplication::setPalette(m_theme.palette);
    // Tooltips keep the platform's tooltip palette unless told.
    QToolTip::setPalette(m_theme.palette);
    m_settingPalette = false;
    if (changed)
        Q_EMIT themeChanged(m_theme);
}

bool ThemeController::eventFilter(QObject *watched, QEvent *event)
{
    // ThemeChange reaches every window, ApplicationPaletteChange the application and every
    // widget: one look after the events settle is enough.
    const bool themeChange = event->type() == QEvent::ThemeChange;
    const bool paletteChange
        = event->type() == QEvent::ApplicationPaletteChange && watched == qApp && !m_settingPalette;
    if (themeChange || paletteChange) {
        m_themeChanged = m_themeChanged || themeChange;
        if (!std::exchange(m_followPending, true))
            QTimer::singleShot(0, this, &ThemeController::followDesktop);
    }
    return QObject::eventFilter(watched, event);
}

void ThemeController::followDesktop()
{
    m_followPending = false;
    m_settingPalette = true;
    if (std::exchange(m_themeChanged, false)) {
        // Sandpit's palette hides the desktop's; a palette with no roles set brings the
        // platform theme's back for a moment. No paint happens in between.
        QApplication::setPalette(QPalette());
    }
    m_settingPalette = false;
    m_desktop->setDesktopPalette(QGuiApplication::palette());
    apply(true);
}

} // namespace Sandpit::Ui
