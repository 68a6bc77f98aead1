#include "packages/requirementset.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace Sandpit::Core {

namespace {
// PEP 508's name, optional extras, then the rest (versions, markers, a URL) as written.
const QRegularExpression &requirementPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[([^\]]*)\])?\s*(.*)$)"));
    return pattern;
}

QString withoutComment(const QString &line)
{
    // requirements.txt: a comment starts at "#" at the line's start or after whitespace.
    static const QRegularExpression comment(QStringLiteral(R"((^|\s)#.*$)"));
    return QString(line).remove(comment).simplified();
}

Expected<QString> normalised(const QString &line, const QString &origin)
{
    if (line.startsWith(QLatin1Char('-')))
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("%1 has the pip option \"%2\": Sandpit installs packages from its wheelhouse "
                                        "(Settings), so list only the packages.")
                             .arg(origin, line));
    const auto match = requirementPattern().match(line);
    if (!match.hasMatch())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("%1 has \"%2\", which does not name a package.").arg(origin, line));
    QString result = RequirementSet::canonicalName(match.captured(1));
    if (match.hasCaptured(2) && !match.captured(2).trimmed().isEmpty()) {
        QStringList extras;
        for (const QString &extra : match.captured(2).split(QLatin1Char(','), Qt::SkipEmptyParts))
            extras << RequirementSet::canonicalName(extra.trimmed());
        extras.sort();
        extras.removeDuplicates();
        result += QLatin1Char('[') + extras.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    // Whitespace means nothing in a version specifier (">= 2" is ">=2"); a marker keeps its
    // words apart, and a URL is kept as written.
    const QString rest = match.captured(3).trimmed();
    if (rest.startsWith(QLatin1Char('@')))
        return result + QLatin1Char(' ') + rest;
    const qsizetype marker = rest.indexOf(QLatin1Char(';'));
    result += QString(rest.left(marker)).remove(QLatin1Char(' '));
    if (marker >= 0)
        result += QStringLiteral(" ; ") + rest.mid(marker + 1).trimmed();
    return result;
}
} // namespace

QString RequirementSet::canonicalName(const QString &name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
}

QString RequirementSet::nameOf(const QString &requirement)
{
    const auto match = requirementPattern().match(requirement.trimmed());
    return match.hasMatch() ? canonicalName(match.captured(1)) : requirement.trimmed();
}

Expected<RequirementSet> RequirementSet::fromLines(const QStringList &lines, const QString &origin)
{
    RequirementSet set;
    set.origin = origin;
    for (const QString &raw : lines) {
        const QString line = withoutComment(raw);
        if (line.isEmpty())
            continue;
        auto requirement = normalised(line, origin);
        if (!requirement)
            return std::unexpected(requirement.error());
        set.requirements << *requirement;
    }
    set.requirements.sort();
    set.requirements.removeDuplicates();
    return set;
}

QString RequirementSet::hash(const QString &interpreterTag) const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(interpreterTag.toUtf8());
    hash.addData(QByteArrayView("\n\n"));
    hash.addData(requirements.join(QLatin1Char('\n')).toUtf8());
    // 128 bits name an environment without a collision in any one user's data folder.
    return QString::fromLatin1(hash.result().toHex().left(32));
}

} // namespace Sandpit::Core
