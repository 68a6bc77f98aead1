#include "packages/scriptmetadata.h"

#include <QRegularExpression>

#include <toml++/toml.h>

#include <string>

namespace Sandpit::Core {

namespace {
struct Block {
    QByteArray toml;
    int line = 0; // of "# /// script", 1-based
};

// PEP 723's reference regex, line by line: a block opens with "# /// TYPE", every line up to
// "# ///" is "#" or "# " and its content, and only the "script" type is ours.
Expected<std::optional<Block>> findBlock(const QByteArray &source, const QString &fileName)
{
    static const QRegularExpression open(QStringLiteral(R"(^# /// ([a-zA-Z0-9-]+)$)"));
    const QList<QByteArray> lines = source.split('\n');
    std::optional<Block> found;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto match = open.match(QString::fromUtf8(lines[i]).remove(QLatin1Char('\r')));
        if (!match.hasMatch())
            continue;
        Block block{{}, int(i) + 1};
        qsizetype end = i + 1;
        for (; end < lines.size(); ++end) {
            const QByteArray line = QByteArray(lines[end]).replace('\r', "");
            if (line == "# ///")
                break;
            if (line != "#" && !line.startsWith("# "))
                end = lines.size();
            else
                block.toml += line.mid(2) + '\n';
        }
        if (end >= lines.size() || match.captured(1) != QLatin1String("script"))
            continue;
        if (found)
            return makeError(RunError::Code::BadRequest,
                             QStringLiteral("%1 has two `# /// script` blocks (lines %2 and %3); PEP 723 allows one.")
                                 .arg(fileName)
                                 .arg(found->line)
                                 .arg(block.line));
        found = std::move(block);
        i = end;
    }
    return found;
}

Expected<QStringList> dependenciesOf(const Block &block, const QString &fileName)
{
    const auto fail = [&](const QString &why, int line) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("%1, line %2: the script metadata %3").arg(fileName).arg(line).arg(why));
    };
    toml::table table;
    try {
        table = toml::parse(std::string_view(block.toml.constData(), size_t(block.toml.size())));
    } catch (const toml::parse_error &error) {
        return fail(QStringLiteral("is not valid TOML: %1.").arg(QString::fromUtf8(error.description())),
                    block.line + int(error.source().begin.line));
    }
    QStringList dependencies;
    const toml::node *node = table.get("dependencies");
    if (!node)
        return dependencies;
    const toml::array *array = node->as_array();
    const int at = block.line + int(node->source().begin.line);
    if (!array)
        return fail(QStringLiteral("has `dependencies` that is not a list of strings."), at);
    for (const toml::node &item : *array) {
        const auto text = item.value<std::string>();
        if (!text)
            return fail(QStringLiteral("has an item in `dependencies` that is not a string."), at);
        dependencies << QString::fromStdString(*text);
    }
    return dependencies;
}
} // namespace

Expected<std::optional<QStringList>> scriptDependencies(const QByteArray &source, const QString &fileName)
{
    const auto block = findBlock(source, fileName);
    if (!block)
        return std::unexpected(block.error());
    if (!*block)
        return std::optional<QStringList>();
    auto dependencies = dependenciesOf(**block, fileName);
    if (!dependencies)
        return std::unexpected(dependencies.error());
    return std::optional<QStringList>(std::move(*dependencies));
}

} // namespace Sandpit::Core
