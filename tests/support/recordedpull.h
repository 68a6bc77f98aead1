#pragma once

// The progress stream of a real `docker pull python:3.12-slim`, one JSON message a line,
// without the newlines.

#include <QFile>
#include <QList>

inline QList<QByteArray> recordedPull()
{
    QFile file(QStringLiteral(SANDPIT_FIXTURES_DIR "/docker/pull_python_slim.jsonl"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the recorded pull");
    QList<QByteArray> lines = file.readAll().split('\n');
    lines.removeAll(QByteArray());
    return lines;
}
