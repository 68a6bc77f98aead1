#pragma once

#include "model/runresult.h"

#include <QString>

namespace Sandpit::Ui {

/// The mark on a file the program wrote outside output/ (beside its source, say), which a
/// learner may not know is kept too. ArtifactsPane explains it once, above the list.
inline constexpr QStringView kOutsideOutputMark = u"↗";

/// How a file is named in the Artifacts pane and its preview: its path, marked when it is
/// outside output/.
QString artifactLabel(const Core::Artifact &artifact);
/// Where the file was in the program's folder, in a few words for a tooltip.
QString artifactPlace(const Core::Artifact &artifact);

} // namespace Sandpit::Ui
