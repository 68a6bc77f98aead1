#pragma once

#include "model/runerror.h"
#include "model/runresult.h"

#include <QByteArray>
#include <QHash>
#include <QStringList>

namespace Sandpit::Core {

/// The report sandpit-helper writes when a run ends (see core/helper/protocol.h).
class HelperReport final
{
public:
    static HelperReport parse(const QByteArray &text);

    QString value(const char *key) const { return m_values.value(QLatin1String(key)); }
    qint64 number(const char *key) const { return value(key).toLongLong(); }
    bool has(const char *key) const { return m_values.contains(QLatin1String(key)); }
    const QStringList &isolation() const { return m_isolation; }

    /// Fills the facts of `result`: exit status, reason, times, memory and isolation.
    /// Fails when the report is missing what every report has.
    Expected<void> applyTo(RunResult &result) const;
    /// The error for a report that says the sandbox could not be set up.
    RunError setupError() const;

private:
    QHash<QString, QString> m_values;
    QStringList m_isolation;
    QStringList m_unavailable;
};

} // namespace Sandpit::Core
