#pragma once

#include "model/runerror.h"

#include <QString>

namespace Sandpit::Core {

/// The virtual environments Sandpit built, one folder per requirement set's hash under the
/// data folder's envs/, shared by every run that asks for the same packages. A folder is
/// only ever complete: it is assembled under a temporary name, its marker written last, then
/// renamed into place, so a crash mid-build leaves a temporary folder, never a half
/// environment under its hash.
class EnvCache final
{
public:
    /// `root` empty: defaultRoot().
    explicit EnvCache(QString root = {});
    /// The data folder's envs/ (QStandardPaths::AppDataLocation).
    static QString defaultRoot();
    /// The marker file in each environment: JSON with what it holds.
    static constexpr const char *kMarker = "sandpit-env.json";

    QString root() const { return m_root; }
    QString envPath(const QString &hash) const;
    /// The environment's interpreter; it exists once ready() is true.
    QString pythonOf(const QString &hash) const;
    /// True when the environment is complete. One without its marker or interpreter is
    /// removed, so that the next run builds it again rather than uses it.
    bool ready(const QString &hash) const;
    /// Moves (or, across file systems, copies) `built`, a finished environment, into the
    /// cache as `hash`, with `marker` as its marker. Another run that got there first wins;
    /// either way the environment is then in place.
    Expected<QString> adopt(const QString &built, const QString &hash, const QByteArray &marker) const;

private:
    QString m_root;
};

} // namespace Sandpit::Core
