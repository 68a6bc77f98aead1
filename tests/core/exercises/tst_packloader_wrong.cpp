// PackLoader on [wrong."file"] tables: the verdict a wrong program must fail with, read as its
// id or its short form, and a word that is no such verdict refused where it is written.
#include "exercises/packloader.h"
#include "exercises/testoutcome.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

class TestPackLoaderWrong : public QObject
{
    Q_OBJECT

    std::optional<QTemporaryDir> m_dir;
    QString pack() const { return m_dir->filePath(QStringLiteral("good")); }

    std::expected<Course, PackProblem> loadWith(const QByteArray &wrongTables)
    {
        const QString toml = pack() + QStringLiteral("/sum/exercise.toml");
        if (!SandpitTest::writeFile(toml, SandpitTest::readFile(toml) + wrongTables))
            qFatal("cannot write %s", qPrintable(toml));
        return PackLoader(m_dir->path()).load(pack());
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.emplace().isValid());
        QVERIFY(SandpitTest::copyFolder(QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/validate/good"), pack()));
    }

    void expectIsAVerdictIdOrItsShortForm()
    {
        const auto course = loadWith("\n[wrong.\"slow.py\"]\nexpect = \"wrong-answer\"\n"
                                     "[wrong.\"ignores_sign.py\"]\nexpect = \"time\"\n");
        QVERIFY(course);
        QCOMPARE(course->problems, QList<PackProblem>{});
        const Exercise &sum = course->exercises.first();
        QCOMPARE(sum.wrongExpectations.size(), 2);
        QCOMPARE(sum.wrongExpectations.value(QStringLiteral("slow.py")), Verdict::WrongAnswer);
        QCOMPARE(sum.wrongExpectations.value(QStringLiteral("ignores_sign.py")), Verdict::TimeLimit);
    }

    void unknownExpectIsAProblemAtItsPlace()
    {
        const auto course = loadWith("\n[wrong.\"slow.py\"]\nexpect = \"sluggish\"\n");
        QVERIFY(course);
        QVERIFY(course->exercises.isEmpty());
        QCOMPARE(course->problems.size(), 1);
        const PackProblem &problem = course->problems.first();
        QVERIFY2(problem.message.contains(QStringLiteral("\"sluggish\" is no verdict")), qPrintable(problem.message));
        QVERIFY(problem.message.contains(QStringLiteral("\"time\" (time-limit)")));
        QCOMPARE(problem.line, 22);
    }

    void passingIsNoWrongProgramsVerdict()
    {
        const auto course = loadWith("\n[wrong.\"slow.py\"]\nexpect = \"passed\"\n");
        QVERIFY(course);
        QCOMPARE(course->problems.size(), 1);
    }

    void aPathLeavingWrongIsRefused()
    {
        const auto course = loadWith("\n[wrong.\"../solution/sum.py\"]\nexpect = \"time\"\n");
        QVERIFY(course);
        QCOMPARE(course->problems.size(), 1);
        QVERIFY(course->problems.first().message.contains(QStringLiteral("must name a file in wrong/")));
    }
};

QTEST_GUILESS_MAIN(TestPackLoaderWrong)
#include "tst_packloader_wrong.moc"
