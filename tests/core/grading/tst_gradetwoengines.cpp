// Grading spread over two real Docker engines: this machine's daemon and the one
// scripts/start-tls-dockerd.sh starts (TCP with mutual TLS, a private /tmp: nothing of ours is
// on its disk). The class (good, wrong and hostile hand-ins) must come out student for student
// as the local sandbox grades it, with both engines grading, and still so when the second
// daemon is killed part way through the batch. The killed daemon is started again whatever
// the test's outcome, for the tests after it.

#include "support/gradeharness.h"
#include "support/runharness.h"
#include "support/tlsengine.h"

#include <QDir>
#include <QLoggingCategory>
#include <QMutex>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
constexpr int kBatchTimeoutMs = 300000;
const QString kExercise = QStringLiteral("02-max-of-three-c");
const QString kHostEngine = QStringLiteral("unix:///var/run/docker.sock");

/// One student's grade as a user compares two of them: the score, the error, and each test's
/// name and whether it passed.
QStringList gist(const StudentGrade &grade)
{
    QStringList said{QString::number(grade.report.score), grade.error};
    for (const TestOutcome &test : grade.report.tests)
        said << test.testName
                + (test.verdict == Verdict::Passed ? QStringLiteral(": passed") : QStringLiteral(": failed"));
    return said;
}

QMap<QString, QStringList> gists(const GradeSummary &summary)
{
    QMap<QString, QStringList> all;
    for (const StudentGrade &grade : summary.grades)
        all.insert(grade.student, gist(grade));
    return all;
}

/// summary.csv's engine column, by student.
QMap<QString, QString> enginesInCsv(const GradeSummary &summary)
{
    QFile csv(summary.summaryCsvPath);
    if (!csv.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines.value(0).split(',');
    const qsizetype column = header.indexOf("engine");
    QMap<QString, QString> engines;
    for (qsizetype i = 1; i < lines.size() && column >= 0; ++i) {
        const QList<QByteArray> fields = lines.at(i).split(',');
        engines.insert(QString::fromUtf8(fields.value(0)), QString::fromUtf8(fields.value(column)));
    }
    return engines;
}

/// The Docker pool's takes of containers (DockerPool logs each as "warm HOST" or "cold HOST"),
/// from the engines' threads.
struct PoolTakes {
    QMutex mutex;
    QHash<QString, int> counts;
    QtMessageHandler next = nullptr;

    static PoolTakes &instance()
    {
        static PoolTakes takes;
        return takes;
    }
    static void handle(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        PoolTakes &takes = instance();
        if (qstrcmp(context.category, "sandpit.core.docker.pool") == 0) {
            const QMutexLocker lock(&takes.mutex);
            ++takes.counts[message];
            return;
        }
        takes.next(type, context, message);
    }
    int count(const QString &message)
    {
        const QMutexLocker lock(&mutex);
        return counts.value(message);
    }
    void clear()
    {
        const QMutexLocker lock(&mutex);
        counts.clear();
    }
};

/// Kills `engine`'s daemon, as a machine that crashes, once the engine has graded its first
/// student and has another under way: work of its own is lost mid-batch.
class EngineKiller
{
public:
    EngineKiller(GradeBatch &batch, const QString &engine, pid_t daemon)
    {
        QObject::connect(&batch, &GradeBatch::studentStarted, &m_context,
                         [this, engine, daemon](const QString &student, const QString &on) {
                             if (on == engine)
                                 m_underWay << student;
                             killWhenDue(daemon);
                         });
        QObject::connect(&batch, &GradeBatch::studentFinished, &m_context,
                         [this, engine, daemon](const StudentGrade &grade) {
                             m_underWay.remove(grade.student);
                             if (grade.engine == engine && m_first.isEmpty())
                                 m_first = grade.student;
                             killWhenDue(daemon);
                         });
    }
    bool killed() const { return m_killed; }
    QString firstStudent() const { return m_first; }

private:
    void killWhenDue(pid_t daemon)
    {
        if (m_killed || m_first.isEmpty() || m_underWay.isEmpty())
            return;
        m_killed = ::kill(daemon, SIGKILL) == 0;
    }

    QObject m_context;
    QSet<QString> m_underWay; ///< its students started and not finished
    QString m_first;
    bool m_killed = false;
};

bool copyFixture(const QString &from, const QString &to)
{
    return QDir().mkpath(QFileInfo(to).path()) && QFile::copy(fixturesDir() + QStringLiteral("/grading/") + from, to);
}
} // namespace

class TestGradeTwoEngines : public QObject
{
    Q_OBJECT

    QProcessEnvironment m_tls;
    QString m_tlsEngine;
    QTemporaryDir m_students;
    QStringList m_class;
    QMap<QString, QStringList> m_local; ///< the local sandbox's grades, by student

    GradeRequest request(const QString &outDir, const QStringList &engines) const
    {
        GradeRequest request;
        request.packPath = fixturesDir() + QStringLiteral("/grading/pack");
        request.exerciseId = kExercise;
        request.submissionsPath = m_students.path();
        request.outDir = outDir;
        request.jobs = 1;
        request.engines = engines;
        if (engines.isEmpty())
            request.backend = QStringLiteral("local");
        return request;
    }

    /// Good and wrong programs (some twice, under other names, so that the batch is long
    /// enough to kill a daemon in), a fork bomb, a zip with `..` and a hand-in with no program.
    bool makeClass()
    {
        const QString dir = m_students.path();
        const QString pack = QStringLiteral("pack/") + kExercise;
        const QList<std::pair<QString, QString>> copies{
            {QStringLiteral("students/ada/largest.c"), QStringLiteral("ada/largest.c")},
            {QStringLiteral("students/ada/largest.c"), QStringLiteral("fay/largest.c")},
            {QStringLiteral("students/bob/main.c"), QStringLiteral("bob/main.c")},
            {QStringLiteral("students/bob/main.c"), QStringLiteral("gus/main.c")},
            {pack + QStringLiteral("/wrong/forgets_c.c"), QStringLiteral("hal/largest.c")},
            {pack + QStringLiteral("/solution/largest.c"), QStringLiteral("ivy/largest.c")},
            {QStringLiteral("students/cy.zip"), QStringLiteral("cy.zip")},
            {QStringLiteral("students/forkbomb/largest.c"), QStringLiteral("forkbomb/largest.c")},
            {QStringLiteral("students/dotdot.zip"), QStringLiteral("dotdot.zip")},
            {QStringLiteral("students/eve/notes.txt"), QStringLiteral("eve/notes.txt")},
        };
        for (const auto &[from, to] : copies) {
            if (!copyFixture(from, dir + QLatin1Char('/') + to))
                return false;
            m_class << to.section(QLatin1Char('/'), 0, 0).remove(QStringLiteral(".zip"));
        }
        m_class.sort();
        return true;
    }

    void expectTheLocalGrades(const GradeSummary &summary)
    {
        QVERIFY(summary.left.isEmpty());
        QStringList students;
        for (const StudentGrade &grade : summary.grades)
            students << grade.student;
        QCOMPARE(students, m_class); // each once: the summary is sorted by student
        const QMap<QString, QStringList> got = gists(summary);
        for (const QString &student : m_class)
            QCOMPARE(got.value(student), m_local.value(student));
        const QMap<QString, QString> csv = enginesInCsv(summary);
        for (const StudentGrade &grade : summary.grades)
            QCOMPARE(csv.value(grade.student), grade.engine);
    }

    static void restartTlsEngine()
    {
        // Without the TLS engine's variables, which this test set for itself: the script
        // copies images from this machine's daemon with the Docker CLI.
        QProcess script;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name :
             {QStringLiteral("DOCKER_HOST"), QStringLiteral("DOCKER_TLS_VERIFY"), QStringLiteral("DOCKER_CERT_PATH")})
            environment.remove(name);
        script.setProcessEnvironment(environment);
        script.setProcessChannelMode(QProcess::ForwardedChannels);
        script.start(QStringLiteral(SANDPIT_SOURCE_DIR "/scripts/start-tls-dockerd.sh"), {QStringLiteral("start")});
        if (!script.waitForFinished(300000) || script.exitCode() != 0)
            qWarning("could not start the TLS engine again: scripts/start-tls-dockerd.sh start failed");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        auto tls = tlsEngineEnvironment();
        QVERIFY2(tls,
                 qPrintable(QStringLiteral("No TLS engine: %1 is missing. Start it with sudo "
                                           "scripts/start-tls-dockerd.sh.")
                                .arg(tlsEngineEnvFile())));
        m_tls = *tls;
        m_tlsEngine = m_tls.value(QStringLiteral("DOCKER_HOST"));
        // As the Docker CLI takes them: the engines' backends read them from the environment.
        for (const char *name : {"DOCKER_TLS_VERIFY", "DOCKER_CERT_PATH"})
            qputenv(name, m_tls.value(QString::fromLatin1(name)).toUtf8());
        qputenv("SANDPIT_DOCKER_IMAGE_C", "sandpit-offline/gcc:12");
        QLoggingCategory::setFilterRules(QStringLiteral("sandpit.core.docker.pool.debug=true"));
        PoolTakes::instance().next = qInstallMessageHandler(&PoolTakes::handle);
        QVERIFY(makeClass());
        QTemporaryDir out;
        GradeBatch batch;
        const GradeSummary local = gradeToEnd(batch, request(out.path(), {}), kBatchTimeoutMs);
        QCOMPARE(local.students, m_class.size());
        m_local = gists(local);
        // The class is what it says: good, wrong and hostile, graded and refused.
        QCOMPARE(m_local.value(QStringLiteral("ada")).value(0), QStringLiteral("4"));
        QCOMPARE(m_local.value(QStringLiteral("bob")).value(0), QStringLiteral("3"));
        QCOMPARE(m_local.value(QStringLiteral("forkbomb")).value(0), QStringLiteral("0"));
        QVERIFY(m_local.value(QStringLiteral("dotdot")).value(1).startsWith(QStringLiteral("refused ")));
    }

    void bothEnginesGradeAsTheLocalSandboxDoes()
    {
        PoolTakes::instance().clear();
        QTemporaryDir out;
        GradeBatch batch;
        QSignalSpy dropped(&batch, &GradeBatch::engineDropped);
        const GradeSummary summary
            = gradeToEnd(batch, request(out.path(), {kHostEngine, m_tlsEngine}), kBatchTimeoutMs);
        expectTheLocalGrades(summary);
        QVERIFY2(dropped.isEmpty(), qPrintable(dropped.value(0).value(1).toString()));
        QSet<QString> engines;
        for (const StudentGrade &grade : summary.grades)
            if (!grade.report.tests.isEmpty())
                engines << grade.engine;
        QCOMPARE(engines, (QSet<QString>{kHostEngine, m_tlsEngine}));
        // The remote engine's pool: each test compiles and runs in a container of its own, and
        // only its first test's two waited for theirs; every later one was made ahead.
        int tlsTests = 0;
        for (const StudentGrade &grade : summary.grades)
            tlsTests += grade.engine == m_tlsEngine ? int(grade.report.tests.size()) : 0;
        PoolTakes &takes = PoolTakes::instance();
        const int warm = takes.count(QStringLiteral("warm ") + m_tlsEngine);
        const int cold = takes.count(QStringLiteral("cold ") + m_tlsEngine);
        qInfo("%s: %d tests, %d containers warm, %d cold", qPrintable(m_tlsEngine), tlsTests, warm, cold);
        QCOMPARE(warm + cold, 2 * tlsTests);
        QCOMPARE(cold, 2);
    }

    // An engine without the language's image cannot grade anyone: it is dropped with the reason
    // (another engine that has the image would take its students), and with no engine left the
    // students are left for the next run, not written down as the students' own errors.
    void anEngineWithoutTheImageIsDroppedAndItsStudentsLeft()
    {
        const QByteArray image = qgetenv("SANDPIT_DOCKER_IMAGE_C");
        const auto restore = qScopeGuard([image] { qputenv("SANDPIT_DOCKER_IMAGE_C", image); });
        qputenv("SANDPIT_DOCKER_IMAGE_C", "sandpit-offline/no-such-image:1");
        QTemporaryDir out;
        GradeBatch batch;
        QSignalSpy dropped(&batch, &GradeBatch::engineDropped);
        const GradeSummary summary = gradeToEnd(batch, request(out.path(), {kHostEngine}), kBatchTimeoutMs);
        QCOMPARE(dropped.size(), 1);
        QVERIFY2(dropped.at(0).at(1).toString().contains(QStringLiteral("sandpit-offline/no-such-image:1")),
                 qPrintable(dropped.at(0).at(1).toString()));
        QCOMPARE(summary.graded, 0);
        QVERIFY(!summary.left.isEmpty());
        for (const QString &student : summary.left) {
            QVERIFY2(m_local.value(student).value(1).isEmpty(), qPrintable(student)); // one with a program
            QVERIFY(!QFile::exists(studentResultsPath(out.path(), student)));
        }
        QCOMPARE(int(summary.grades.size() + summary.left.size()), int(m_class.size()));
    }

    void aDaemonKilledMidBatchLosesNoStudent()
    {
        const auto restart = qScopeGuard(&restartTlsEngine);
        bool ok = false;
        const pid_t daemon = [&] {
            QFile pidFile(m_tls.value(QStringLiteral("SANDPIT_TLS_DOCKERD_PIDFILE")));
            return pidFile.open(QIODevice::ReadOnly) ? pid_t(pidFile.readAll().trimmed().toInt(&ok)) : 0;
        }();
        QVERIFY2(ok && daemon > 0, "the TLS engine's pid file is not readable");
        QTemporaryDir out;
        GradeBatch batch;
        QSignalSpy dropped(&batch, &GradeBatch::engineDropped);
        QStringList finished;
        connect(&batch, &GradeBatch::studentFinished, this,
                [&](const StudentGrade &grade) { finished << grade.student; });
        const EngineKiller killer(batch, m_tlsEngine, daemon);
        const GradeSummary summary
            = gradeToEnd(batch, request(out.path(), {kHostEngine, m_tlsEngine}), kBatchTimeoutMs);
        QVERIFY(killer.killed());
        QCOMPARE(dropped.count(), 1);
        QCOMPARE(dropped.at(0).at(0).toString(), m_tlsEngine);
        finished.sort();
        QCOMPARE(finished, m_class); // every student finished once, none twice
        expectTheLocalGrades(summary);
        for (const StudentGrade &grade : summary.grades) {
            if (grade.student != killer.firstStudent())
                QVERIFY2(grade.engine != m_tlsEngine || grade.report.tests.isEmpty(), qPrintable(grade.student));
        }
    }
};

QTEST_GUILESS_MAIN(TestGradeTwoEngines)
#include "tst_gradetwoengines.moc"
