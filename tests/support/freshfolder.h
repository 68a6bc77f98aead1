#pragma once
// A test class's scratch folder, made anew before each test function, so that no test sees
// another's files; and the settings file the engine's and the history's settings are read from.

#include "support/expectedmessage.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace SandpitTest {

/// A test class derives from it privately, beside QObject, and calls makeFreshFolder() from
/// init().
class FreshFolder
{
protected:
    /// An empty folder of its own; the test function stops here if none can be made.
    void makeFreshFolder()
    {
        m_folder = std::make_unique<QTemporaryDir>();
        QVERIFY(m_folder->isValid());
    }
    QString pathIn(const QString &name) const { return m_folder->filePath(name); }
    QString iniPath() const { return pathIn(QStringLiteral("sandpit.ini")); }
    /// The settings file in it, as the window and the CLI read one.
    std::unique_ptr<QSettings> settings() const { return std::make_unique<QSettings>(iniPath(), QSettings::IniFormat); }

private:
    std::unique_ptr<QTemporaryDir> m_folder;
};

} // namespace SandpitTest
