#include "theme/desktopcolorscheme.h"

#include "theme/theme.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QLoggingCategory>

namespace Sandpit::Ui {

namespace {
Q_LOGGING_CATEGORY(lcScheme, "sandpit.ui.theme", QtWarningMsg)

const auto kPortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const auto kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const auto kSettingsInterface = QStringLiteral("org.freedesktop.portal.Settings");
const auto kAppearance = QStringLiteral("org.freedesktop.appearance");
const auto kColorScheme = QStringLiteral("color-scheme");

// Settings.Read wraps the value in one variant more than the interface says (ReadOne, which
// does not, is newer than Debian 12's portal).
QVariant unwrap(QVariant value)
{
    while (value.canConvert<QDBusVariant>() && value.userType() == qMetaTypeId<QDBusVariant>())
        value = value.value<QDBusVariant>().variant();
    return value;
}
} // namespace

DesktopColorScheme::DesktopColorScheme(QObject *parent)
    : QObject(parent)
{
    setGtkTheme(qEnvironmentVariable("GTK_THEME"));
}

DesktopColorScheme::Scheme DesktopColorScheme::scheme() const
{
    for (Scheme source : {m_portal, m_gtk, m_palette}) {
        if (source != Scheme::Unknown)
            return source;
    }
    return Scheme::Unknown;
}

void DesktopColorScheme::watchPortal()
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return;
    bus.connect(kPortalService, kPortalPath, kSettingsInterface, QStringLiteral("SettingChanged"), this,
                SLOT(onPortalSettingChanged(QString, QString, QDBusVariant)));
    QDBusMessage read
        = QDBusMessage::createMethodCall(kPortalService, kPortalPath, kSettingsInterface, QStringLiteral("Read"));
    read << kAppearance << kColorScheme;
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(read), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *call) {
        call->deleteLater();
        const QDBusPendingReply<QVariant> reply = *call;
        if (reply.isError()) {
            // No portal, or one without the appearance settings: the other sources decide.
            qCDebug(lcScheme) << "no colour scheme from the portal:" << reply.error().message();
            return;
        }
        setPortalValue(unwrap(reply.value()).toUInt());
    });
}

void DesktopColorScheme::onPortalSettingChanged(const QString &group, const QString &key, const QDBusVariant &value)
{
    if (group == kAppearance && key == kColorScheme)
        setPortalValue(unwrap(value.variant()).toUInt());
}

void DesktopColorScheme::setPortalValue(uint value)
{
    update(m_portal, value == 1 ? Scheme::Dark : value == 2 ? Scheme::Light : Scheme::Unknown);
}

void DesktopColorScheme::setDesktopPalette(const QPalette &palette)
{
    update(m_palette, schemeOfPalette(palette));
}

void DesktopColorScheme::setGtkTheme(const QString &theme)
{
    update(m_gtk, theme.endsWith(QLatin1String(":dark"), Qt::CaseInsensitive) ? Scheme::Dark : Scheme::Unknown);
}

DesktopColorScheme::Scheme DesktopColorScheme::schemeOfPalette(const QPalette &palette)
{
    return Theme::luminance(palette.color(QPalette::Window)) < Theme::luminance(palette.color(QPalette::WindowText))
        ? Scheme::Dark
        : Scheme::Light;
}

void DesktopColorScheme::update(Scheme &source, Scheme value)
{
    const Scheme before = scheme();
    source = value;
    if (scheme() != before)
        Q_EMIT schemeChanged();
}

} // namespace Sandpit::Ui
