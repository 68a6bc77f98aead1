// Which failures of a student's Check are the engine's (the student goes to another engine)
// and which are the run's own (the student gets the error, and the batch goes on), and the
// engines a grading request names.

#include "grading/gradeengines.h"

#include <QTest>

using namespace Sandpit::Core;

class TestGradeEngines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void onlyALostEngineIsTheEnginesFailure_data()
    {
        QTest::addColumn<RunError::Code>("code");
        QTest::addColumn<bool>("engineLost");
        // A daemon that does not answer (or stopped answering mid-run: DockerRun then says
        // BackendUnavailable) is the one failure another engine would not have.
        QTest::newRow("backend-unavailable") << RunError::Code::BackendUnavailable << true;
        // The rest fail the same way on every engine with the same settings: an engine
        // dropped for them would leave the whole class ungraded.
        QTest::newRow("bad-request") << RunError::Code::BadRequest << false;
        QTest::newRow("missing-input-file") << RunError::Code::MissingInputFile << false;
        QTest::newRow("unknown-language") << RunError::Code::UnknownLanguage << false;
        QTest::newRow("missing-toolchain") << RunError::Code::MissingToolchain << false;
        QTest::newRow("missing-image") << RunError::Code::MissingImage << false;
        QTest::newRow("setup-failed") << RunError::Code::SetupFailed << false;
        QTest::newRow("sandbox-unavailable") << RunError::Code::SandboxUnavailable << false;
        QTest::newRow("internal") << RunError::Code::Internal << false;
    }
    void onlyALostEngineIsTheEnginesFailure()
    {
        QFETCH(RunError::Code, code);
        QFETCH(bool, engineLost);
        QCOMPARE(isEngineFailure(RunError{code, QStringLiteral("it failed.")}), engineLost);
    }

    // What grading drops an engine for: a lost engine, and one that cannot grade anyone (no
    // image, no toolchain, no sandbox): another engine may have them, and a student is never
    // written down for the grader's machine. The rest are the student's own.
    void anEngineThatCannotGradeIsDropped_data()
    {
        QTest::addColumn<RunError::Code>("code");
        QTest::addColumn<bool>("drop");
        QTest::newRow("backend-unavailable") << RunError::Code::BackendUnavailable << true;
        QTest::newRow("missing-toolchain") << RunError::Code::MissingToolchain << true;
        QTest::newRow("missing-image") << RunError::Code::MissingImage << true;
        QTest::newRow("sandbox-unavailable") << RunError::Code::SandboxUnavailable << true;
        QTest::newRow("bad-request") << RunError::Code::BadRequest << false;
        QTest::newRow("missing-input-file") << RunError::Code::MissingInputFile << false;
        QTest::newRow("setup-failed") << RunError::Code::SetupFailed << false;
        QTest::newRow("internal") << RunError::Code::Internal << false;
    }
    void anEngineThatCannotGradeIsDropped()
    {
        QFETCH(RunError::Code, code);
        QFETCH(bool, drop);
        QCOMPARE(engineCannotGrade(RunError{code, QStringLiteral("it failed.")}), drop);
    }

    void everyEndpointIsADockerEngineOfItsOwn()
    {
        EngineSettings settings;
        settings.backend = QStringLiteral("local");
        const QList<GradeEngine> engines = gradeEngines(
            {QStringLiteral("unix:///var/run/docker.sock"), QStringLiteral("tcp://127.0.0.1:23760")}, {}, settings);
        QCOMPARE(engines.size(), 2);
        QCOMPARE(engines.at(1).name, QStringLiteral("tcp://127.0.0.1:23760"));
        QCOMPARE(engines.at(1).endpoint, QStringLiteral("tcp://127.0.0.1:23760"));
        QCOMPARE(engines.at(1).backendId, QString(kDockerBackendId));
    }

    void withoutEndpointsThisMachinesBackendGrades()
    {
        EngineSettings settings;
        settings.backend = QStringLiteral("local");
        QCOMPARE(gradeEngines({}, {}, settings).at(0).name, QStringLiteral("local"));
        QCOMPARE(gradeEngines({}, QString(kDockerBackendId), settings).at(0).backendId, QString(kDockerBackendId));
        QVERIFY(gradeEngines({}, {}, settings).at(0).endpoint.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestGradeEngines)
#include "tst_gradeengines.moc"
