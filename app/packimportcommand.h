#pragma once

#include <QStringList>

namespace Sandpit::App {

/// Runs `sandpit pack import KIND PATH -o DIR [--id ID] [--force]`: a Kattis problem package,
/// a GitHub Classroom autograding.json or a folder of CP Editor / CPH tests, written as a
/// Sandpit pack that loads. Prints the files written and a warning for each field that could
/// not be mapped. Exit status: 0 written (warnings or not), 2 bad usage, 3 could not convert.
int runPackImport(const QStringList &arguments);

} // namespace Sandpit::App
