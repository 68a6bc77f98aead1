#pragma once
// Shared by the grading tests: a GradeBatch run to its end.

#include "grading/gradebatch.h"

#include <QSignalSpy>
#include <QTest>

namespace SandpitTest {

/// `batch` run on `request` to its end; empty (and a warning) when it failed, and the calling
/// test fails when it never ended.
inline Sandpit::Core::GradeSummary gradeToEnd(Sandpit::Core::GradeBatch &batch,
                                              const Sandpit::Core::GradeRequest &request, int timeoutMs)
{
    using namespace Sandpit::Core;
    QSignalSpy finished(&batch, &GradeBatch::batchFinished);
    QSignalSpy failed(&batch, &GradeBatch::batchFailed);
    batch.start(request);
    [&] { QTRY_VERIFY_WITH_TIMEOUT(finished.count() + failed.count() == 1, timeoutMs); }();
    if (failed.count() == 1)
        qWarning("batch failed: %s", qPrintable(failed.at(0).at(0).value<RunError>().message));
    return finished.isEmpty() ? GradeSummary{} : finished.at(0).at(0).value<GradeSummary>();
}

} // namespace SandpitTest
