#include "sandboxes/sandboxname.h"

#include <QRegularExpression>

namespace Sandpit::Core {

Expected<void> checkSandboxName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$"));
    if (pattern.match(name).hasMatch())
        return {};
    return makeError(RunError::Code::BadRequest,
                     QStringLiteral("\"%1\" cannot name a sandbox: use up to 63 letters, digits, '_', '.' and '-', "
                                    "starting with a letter or digit.")
                         .arg(name));
}

} // namespace Sandpit::Core
