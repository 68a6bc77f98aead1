// `sandpit pack` as a pack's author runs it: the real binary, `pack build` and `pack validate`
// on the build fixture pack (tests/fixtures/packs/build), what they say and write, and their
// exit statuses.

#include "clitest.h"

#include "support/packcopy.h"

#include <QDir>
#include <QJsonArray>

namespace {
constexpr int kBuilt = 0;
constexpr int kUsage = 2;
constexpr int kNotBuilt = 3;
} // namespace

class TestPackCommand : public CliTest
{
    Q_OBJECT

    Cli pack(const QStringList &arguments) const
    {
        return SandpitProcess::run(QStringList{QStringLiteral("pack")} + arguments, environment(), 60000);
    }

private Q_SLOTS:
    void aLearnerBuildSaysWhatItLeftOut()
    {
        const QString out = m_dir->filePath(QStringLiteral("learner.zip"));
        const Cli cli = pack({QStringLiteral("build"), fixture(QStringLiteral("packs/build")),
                              QStringLiteral("--learner"), QStringLiteral("-o"), out});
        QCOMPARE(cli.exitCode, kBuilt);
        QVERIFY2(cli.out.contains("Learner build of \"Pack build fixtures\" (2 exercises)"), cli.out.constData());
        QVERIFY2(cli.out.contains("lists: 2 secret test(s) left out, with 3 file(s) only they use"),
                 cli.out.constData());
        QVERIFY2(cli.out.contains("Left out: 2 solution file(s), 1 wrong program(s), 2 secret test(s)."),
                 cli.out.constData());
        QVERIFY(QFile::exists(out));
        // A learner build is a pack like any other: it builds again, with no solution to give back.
        const Cli again = pack({QStringLiteral("build"), out, QStringLiteral("--instructor"), QStringLiteral("-o"),
                                m_dir->filePath(QStringLiteral("again"))});
        QCOMPARE(again.exitCode, kBuilt);
        QVERIFY(!QDir(m_dir->filePath(QStringLiteral("again/lists"))).exists(QStringLiteral("solution")));
    }

    void anOutputThatExistsNeedsForce()
    {
        const QString out = m_dir->filePath(QStringLiteral("taken"));
        QVERIFY(QDir().mkpath(out));
        writeFile(QStringLiteral("taken/notes.txt"), "mine");
        const QStringList arguments{QStringLiteral("build"), fixture(QStringLiteral("packs/build")),
                                    QStringLiteral("--instructor"), QStringLiteral("-o"), out};
        const Cli refused = pack(arguments);
        QCOMPARE(refused.exitCode, kNotBuilt);
        QVERIFY2(refused.err.contains("--force replaces it"), refused.err.constData());
        QVERIFY(QFile::exists(out + QStringLiteral("/notes.txt")));
        const Cli forced = pack(arguments + QStringList{QStringLiteral("--force")});
        QCOMPARE(forced.exitCode, kBuilt);
        QVERIFY(!QFile::exists(out + QStringLiteral("/notes.txt")));
        QVERIFY(QFile::exists(out + QStringLiteral("/lists/solution/lists.py")));
    }

    void aBrokenPackListsItsProblems()
    {
        const Cli cli = pack({QStringLiteral("build"), fixture(QStringLiteral("packs/runner-broken")),
                              QStringLiteral("--learner"), QStringLiteral("-o"), m_dir->filePath(QStringLiteral("x"))});
        QCOMPARE(cli.exitCode, kNotBuilt);
        QVERIFY2(cli.err.contains("was not built: the pack has problems"), cli.err.constData());
        QVERIFY2(cli.err.contains("exercise.toml:"), cli.err.constData());
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("x"))));
    }

    void validateSaysWhatIsWrongAndExitsByIt()
    {
        const QString pack = m_dir->filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(fixture(QStringLiteral("packs/build")), pack));
        const Cli valid
            = SandpitProcess::run({QStringLiteral("pack"), QStringLiteral("validate"), pack}, environment(), 120000);
        QCOMPARE(valid.exitCode, 0);
        // Two references timed three times each (the median is recorded), and one wrong program.
        QVERIFY2(valid.out.contains("2 exercise(s), 7 Check(s): 0 error(s)"), valid.out.constData());
        QVERIFY(QFile::exists(pack + QStringLiteral("/lists/reference-times.toml")));

        // A wrong program that passes every test: the tests do not catch it.
        QVERIFY(QFile::copy(pack + QStringLiteral("/lists/solution/lists.py"),
                            pack + QStringLiteral("/lists/wrong/also_right.py")));
        const Cli invalid
            = SandpitProcess::run({QStringLiteral("pack"), QStringLiteral("validate"), pack, QStringLiteral("--json")},
                                  environment(), 120000);
        QCOMPARE(invalid.exitCode, 1);
        const QJsonObject report = invalid.json();
        QCOMPARE(report.value(QStringLiteral("passed")).toBool(true), false);
        bool said = false;
        for (const QJsonValue finding : report.value(QStringLiteral("findings")).toArray())
            said = said
                || (finding[QStringLiteral("subject")].toString() == QStringLiteral("wrong/also_right.py")
                    && finding[QStringLiteral("message")].toString().contains(QStringLiteral("passes every test")));
        QVERIFY2(said, invalid.out.constData());

        const Cli missing = SandpitProcess::run(
            {QStringLiteral("pack"), QStringLiteral("validate"), m_dir->filePath(QStringLiteral("nowhere"))},
            environment(), 60000);
        QCOMPARE(missing.exitCode, 3); // nothing validated

        const Cli typo = SandpitProcess::run({QStringLiteral("pack"), QStringLiteral("validate"), pack,
                                              QStringLiteral("--exercise"), QStringLiteral("lits")},
                                             environment(), 60000);
        QCOMPARE(typo.exitCode, 1);
        QVERIFY2(typo.out.contains("The pack has no exercise with this id."), typo.out.constData());
    }

    void wrongUsageSaysHow()
    {
        const Cli noAudience = pack({QStringLiteral("build"), fixture(QStringLiteral("packs/build")),
                                     QStringLiteral("-o"), m_dir->filePath(QStringLiteral("x"))});
        QCOMPARE(noAudience.exitCode, kUsage);
        QVERIFY2(noAudience.err.contains("--learner or --instructor"), noAudience.err.constData());
        const Cli noOutput
            = pack({QStringLiteral("build"), fixture(QStringLiteral("packs/build")), QStringLiteral("--learner")});
        QCOMPARE(noOutput.exitCode, kUsage);
        QVERIFY2(noOutput.err.contains("-o FILE"), noOutput.err.constData());
        const Cli unknown = pack({QStringLiteral("polish")});
        QCOMPARE(unknown.exitCode, kUsage);
        QVERIFY2(unknown.err.contains("'polish' is not a pack command"), unknown.err.constData());
        const Cli help = pack({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("sandpit pack build DIR --learner|--instructor -o FILE"), help.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestPackCommand)
#include "tst_packcommand.moc"
