#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

/// One engine as someone wrote it, and where, for the error that names it: "--engine",
/// "engines.txt line 3", "line 2" (the Grade dialog's box).
struct EngineLine {
    QString text;
    QString where;
};

/// The lines of an engines file or of the Grade dialog's box, each named "`where` line N"
/// ("line N" when `where` is empty); blank lines and # comments are left out.
QList<EngineLine> engineLines(const QString &text, const QString &where = {});

/// The Docker engines a batch is spread over, checked before anything starts, so a typo is said
/// at once and not as an engine dropped mid-batch: unix:///absolute/socket or tcp://host[:port]
/// (TLS as the Docker CLI takes it, from the environment or a certificate folder). `sandpit
/// grade --engine/--engines` and Tools › Grade Submissions both read engines through this.
/// The URLs as DOCKER_HOST takes them, or why one is no engine, naming where it was written.
/// An engine given twice is refused: it would be two engines' lanes on one daemon, with two
/// names in the summary for one machine.
std::expected<QStringList, QString> parseEngines(const QList<EngineLine> &lines);

} // namespace Sandpit::Core
