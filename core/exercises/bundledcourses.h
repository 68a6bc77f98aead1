#pragma once

#include <QStringList>

namespace Sandpit::Core {

/// The folders of the courses shipped with Sandpit (File › Exercises): share/sandpit/exercises/*
/// beside the binary's ../ (installed in /usr/share/sandpit/exercises, copied into the build
/// tree by the build), or below $SANDPIT_EXERCISES_DIR when set.
QStringList bundledCourseFolders();

} // namespace Sandpit::Core
