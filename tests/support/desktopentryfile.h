#pragma once
// Sandpit's desktop entry as the packaging tests read it. Needs SANDPIT_SOURCE_DIR.
#include <QFile>
#include <QString>

namespace SandpitTest {

inline QString desktopEntryPath()
{
    return QStringLiteral(SANDPIT_SOURCE_DIR "/packaging/desktop/io.github.sandpit.Sandpit.desktop");
}

/// The value of `key` in the entry; empty when the key is not there, "<missing>" without a file.
inline QString desktopEntryValue(const QString &key)
{
    QFile file(desktopEntryPath());
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("<missing>");
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(key.toUtf8() + '='))
            return QString::fromUtf8(line.mid(key.size() + 1));
    }
    return {};
}

} // namespace SandpitTest
