#pragma once

// For the theme tests: settings in a folder of the test's own, cleared before each test, and
// the palette the desktop gave at start put back. A theme controller takes the palette it
// finds as the desktop's, so an earlier test's dark one would make "system" dark.

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QTemporaryDir>

class ThemeTestSettings
{
public:
    /// In initTestCase(): names the application and moves its settings to a scratch folder.
    bool setUp(const char *applicationName)
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
        QCoreApplication::setApplicationName(QString::fromLatin1(applicationName));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        m_startPalette = QGuiApplication::palette();
        return m_dir.isValid();
    }

    /// In init(): no settings, and the desktop's palette as it was at start.
    void reset() const
    {
        QSettings().clear();
        restorePalette();
    }

    void restorePalette() const { QApplication::setPalette(m_startPalette); }

private:
    QTemporaryDir m_dir;
    QPalette m_startPalette;
};
