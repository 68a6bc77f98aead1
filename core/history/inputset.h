#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace Sandpit::Core {

/// A named input for a program, kept beside its file for judge-style problems: what to send
/// to stdin, and optionally what stdout should then be.
struct InputSet {
    QString name;
    QByteArray stdinData;
    std::optional<QByteArray> expectedStdout; ///< none: the run is not checked

    friend bool operator==(const InputSet &, const InputSet &) = default;
};

using InputSets = QList<InputSet>;

} // namespace Sandpit::Core
