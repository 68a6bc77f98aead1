#include "artifacts/artifactlabel.h"

namespace Sandpit::Ui {

QString artifactLabel(const Core::Artifact &artifact)
{
    return artifact.inOutput ? artifact.path : artifact.path + QLatin1Char(' ') + kOutsideOutputMark.toString();
}

QString artifactPlace(const Core::Artifact &artifact)
{
    return artifact.inOutput ? artifact.workPath()
                             : QStringLiteral("%1, in the program's folder (not in output/)").arg(artifact.path);
}

} // namespace Sandpit::Ui
