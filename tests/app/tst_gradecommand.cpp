// `sandpit grade` as an instructor runs it: the real binary grading tests/fixtures/grading's
// class (ten students, five of them hostile or broken) into a folder, the exit status, the
// lines it prints without a terminal, and a second run that resumes.

#include "clitest.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <csignal>

namespace {
constexpr int kGradeTimeoutMs = 240000;
constexpr int kUsage = 2;
constexpr int kNothingGraded = 3;
constexpr int kInterrupted = 130;
} // namespace

class TestGradeCommand : public CliTest
{
    Q_OBJECT

    Cli grade(const QStringList &arguments) const
    {
        return SandpitProcess::run(QStringList{QStringLiteral("grade")} + arguments, environment(), kGradeTimeoutMs);
    }

    QStringList classArguments() const
    {
        return {fixture(QStringLiteral("grading/pack")),
                QStringLiteral("02-max-of-three-c"),
                fixture(QStringLiteral("grading/students")),
                QStringLiteral("--out"),
                out(),
                QStringLiteral("--jobs"),
                QStringLiteral("2")};
    }

    QString out() const { return m_dir->filePath(QStringLiteral("grades")); }

private Q_SLOTS:
    void gradesTheClassAndWritesEveryFile()
    {
        const Cli cli = grade(classArguments());
        QCOMPARE(cli.exitCode, 0);
        const QString text = QString::fromUtf8(cli.out);
        QVERIFY2(text.contains(QStringLiteral(" ada: 4/4\n")), cli.out.constData());
        QVERIFY(text.contains(QStringLiteral(" bob: 3/4\n")));
        QVERIFY(text.contains(QStringLiteral("/10 dee: not graded: found a.c and b.c; expected largest.c\n")));
        QVERIFY(text.contains(QStringLiteral(" zipbomb: not graded: refused zipbomb.zip")));
        QVERIFY(text.contains(QStringLiteral("10 students: 5 graded, 0 graded before, 5 not graded\n")));
        const QDir dir(out());
        QVERIFY(dir.exists(QStringLiteral("summary.csv")));
        QVERIFY(dir.exists(QStringLiteral("junit.xml")));
        for (const QString &student :
             {QStringLiteral("ada"), QStringLiteral("bob"), QStringLiteral("cy"), QStringLiteral("forkbomb"),
              QStringLiteral("compilebomb"), QStringLiteral("dee")}) {
            QFile results(dir.filePath(student + QStringLiteral("/results.json")));
            QVERIFY2(results.open(QIODevice::ReadOnly), qPrintable(student));
            QVERIFY(QJsonDocument::fromJson(results.readAll()).object().contains(QStringLiteral("score")));
        }
    }

    void aSecondRunGradesNobodyAgain()
    {
        QCOMPARE(grade(classArguments()).exitCode, 0);
        const Cli again = grade(classArguments());
        QCOMPARE(again.exitCode, 0);
        // The five that could not be graded are looked at again, and still cannot be.
        QVERIFY2(again.out.contains("10 students: 0 graded, 5 graded before, 5 not graded\n"), again.out.constData());
        QVERIFY(again.out.contains(" ada: 4/4 (graded before)\n"));
    }

    void ctrlCKeepsWhatFinishedAndTheNextRunResumes()
    {
        QProcess sandpit;
        sandpit.setProcessEnvironment(environment());
        QStringList arguments = QStringList{QStringLiteral("grade")} + classArguments();
        arguments.replace(arguments.indexOf(QStringLiteral("2")), QStringLiteral("1")); // --jobs 1
        sandpit.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), arguments);
        // ada is graded first; bob, the compile bomb, cy and the fork bomb are still to come.
        QByteArray printed;
        QTRY_VERIFY_WITH_TIMEOUT((printed += sandpit.readAllStandardOutput()).contains(" ada: 4/4\n"), kGradeTimeoutMs);
        QVERIFY(!printed.contains(" forkbomb: "));
        ::kill(pid_t(sandpit.processId()), SIGINT);
        QVERIFY(sandpit.waitForFinished(kGradeTimeoutMs));
        QCOMPARE(sandpit.exitStatus(), QProcess::NormalExit);
        QCOMPARE(sandpit.exitCode(), kInterrupted);
        QVERIFY(QFile::exists(out() + QStringLiteral("/ada/results.json")));
        QVERIFY(!QFile::exists(out() + QStringLiteral("/forkbomb/results.json")));
        const Cli resumed = grade(classArguments());
        QCOMPARE(resumed.exitCode, 0);
        QVERIFY2(resumed.out.contains(" ada: 4/4 (graded before)\n"), resumed.out.constData());
        QVERIFY(resumed.out.contains(" forkbomb: 0/4\n"));
        QVERIFY(!resumed.out.contains("0 graded before"));
    }

    void everyEngineInTheFileDeadExitsThreeWithTheStudentsLeft()
    {
        const QString engines = writeFile(QStringLiteral("engines.txt"),
                                          ("# two daemons that are not there\nunix://" + m_dir->filePath("a.sock")
                                           + "\n\nunix://" + m_dir->filePath("b.sock") + "\n")
                                              .toUtf8());
        const Cli cli = grade(classArguments() + QStringList{QStringLiteral("--engines"), engines});
        QCOMPARE(cli.exitCode, kNothingGraded);
        QVERIFY2(cli.out.contains("every engine failed; not graded yet: ada, bob, compilebomb, cy, forkbomb\n"),
                 cli.out.constData());
        QCOMPARE(cli.err.count("engine unix://"), 2);
        QVERIFY(!QFile::exists(out() + QStringLiteral("/ada/results.json")));
    }

    void formatChoosesTheFiles()
    {
        QCOMPARE(grade(classArguments() + QStringList{QStringLiteral("--format"), QStringLiteral("gradescope,csv")})
                     .exitCode,
                 0);
        QVERIFY(QFile::exists(out() + QStringLiteral("/summary.csv")));
        QVERIFY(!QFile::exists(out() + QStringLiteral("/junit.xml")));
    }

    void badUsageAndNothingToGrade()
    {
        QCOMPARE(grade({QStringLiteral("only-a-pack")}).exitCode, kUsage);
        QCOMPARE(grade(classArguments() + QStringList{QStringLiteral("--jobs"), QStringLiteral("0")}).exitCode, kUsage);
        QCOMPARE(grade(classArguments() + QStringList{QStringLiteral("--format"), QStringLiteral("pdf")}).exitCode,
                 kUsage);
        const Cli noExercise = grade({fixture(QStringLiteral("grading/pack")), QStringLiteral("no-such-exercise"),
                                      fixture(QStringLiteral("grading/students"))});
        QCOMPARE(noExercise.exitCode, kNothingGraded);
        QVERIFY(noExercise.err.contains("no-such-exercise"));
        const Cli noFolder = grade({fixture(QStringLiteral("grading/pack")), QStringLiteral("02-max-of-three-c"),
                                    m_dir->filePath(QStringLiteral("missing"))});
        QCOMPARE(noFolder.exitCode, kNothingGraded);
    }
};

QTEST_MAIN(TestGradeCommand)
#include "tst_gradecommand.moc"
