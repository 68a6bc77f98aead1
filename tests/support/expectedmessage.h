#pragma once
// The message of a failed std::expected, for QVERIFY2.

#include <QByteArray>
#include <QString>

#include <expected>

namespace SandpitTest {

/// Empty when `e` holds a value. QVERIFY2 evaluates its message even when the check passes:
/// never call error() unguarded.
template<typename T>
QByteArray why(const std::expected<T, QString> &e)
{
    return e ? QByteArray() : e.error().toUtf8();
}

} // namespace SandpitTest
