#pragma once

// Where a test that starts Sandpit's own programs finds them and its fixtures, in the build
// tree and in the unprivileged pass (scripts/run-unprivileged-tests.sh), which copies the
// binaries and the fixtures to a folder an ordinary user can enter.
#include <QCoreApplication>
#include <QString>

inline QString binDir()
{
    // The unprivileged pass copies the binaries elsewhere: everything is beside this test.
    return QCoreApplication::applicationDirPath();
}

inline QString fixture(const QString &name)
{
    return qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR)) + QLatin1Char('/') + name;
}
