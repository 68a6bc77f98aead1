#pragma once

#include "exercises/testoutcome.h"
#include "model/runlimits.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace Sandpit::Core {

/// One batch of submissions to grade against one exercise.
struct GradeRequest {
    QString packPath; ///< folder or zip
    QString exerciseId;
    QString submissionsPath; ///< a folder holding one folder or .zip per student
    QString outDir;
    int jobs = 1; ///< students graded at once, per engine
    /// Docker endpoints in DOCKER_HOST form (unix://, tcp://); empty: this machine.
    QStringList engines;
    /// TLS for the tcp:// engines: DOCKER_CERT_PATH with DOCKER_TLS_VERIFY, as the Docker CLI
    /// reads them; empty: this process's own DOCKER_TLS* variables and DOCKER_CERT_PATH.
    QString tlsCertFolder;
    QString backend;    ///< "local"/"docker" when engines is empty; empty: the settings' default
    QString languageId; ///< empty: the exercise's only language, or detected per student
    bool includeSecret = false;
    bool force = false; ///< grade again students that already have results
    QStringList formats = {QStringLiteral("gradescope"), QStringLiteral("junit"), QStringLiteral("csv")};
    Limits baseLimits;
};

/// What became of one student.
struct StudentGrade {
    QString student; ///< the folder or zip name, without .zip
    QString engine;  ///< "local" or the endpoint that graded it
    /// A per-student error (zip bomb, `..` path, missing entry file, ambiguous language);
    /// empty when graded.
    QString error;
    bool skipped = false; ///< already graded before (resume), read back from its results.json
    CheckReport report;
    qint64 executionMs = 0;
    QString resultsPath; ///< its results.json
};

struct GradeSummary {
    int students = 0, graded = 0, skipped = 0, failed = 0;
    QList<StudentGrade> grades;
    QString summaryCsvPath;
    QString junitPath;
    /// Students not graded because the batch was stopped or every engine failed; nothing was
    /// written for them, so the next run grades them.
    QStringList left;
    bool stopped = false; ///< cancel() ended it, rather than the engines
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::GradeRequest)
Q_DECLARE_METATYPE(Sandpit::Core::StudentGrade)
Q_DECLARE_METATYPE(Sandpit::Core::GradeSummary)
