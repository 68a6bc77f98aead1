#include "local/localcommand.h"

#include "languages/language.h"

#include <QFileInfo>

namespace Sandpit::Core {

Expected<QStringList> resolveLocalCommand(const QStringList &command, const QStringList &searchPath,
                                          const QString &installHint)
{
    Q_ASSERT(!command.isEmpty());
    const QString &program = command.first();
    std::optional<QString> found;
    if (program.startsWith(QLatin1Char('/'))) {
        if (QFileInfo(program).isExecutable())
            found = program;
    } else if (!program.contains(QLatin1Char('/'))) {
        found = findToolchain({program}, searchPath);
    }
    if (!found) {
        QString message = QStringLiteral("%1 is not installed: Sandpit looked for it in %2.")
                              .arg(program, searchPath.join(QStringLiteral(", ")));
        if (!installHint.isEmpty())
            message += QStringLiteral(" To install it: %1").arg(installHint);
        return makeError(RunError::Code::MissingToolchain, message);
    }
    QStringList resolved = command;
    resolved.first() = *found;
    return resolved;
}

} // namespace Sandpit::Core
