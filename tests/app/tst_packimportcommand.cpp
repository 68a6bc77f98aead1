// `sandpit pack import`, the real binary: what it prints, what it writes, and its exit status
// (0 written, warnings or not; 2 usage; 3 could not convert).
#include "clitest.h"

#include <QDir>

namespace {
QString importFixture(const QString &name)
{
    return fixture(QStringLiteral("import/") + name);
}
} // namespace

class TstPackImportCommand : public CliTest
{
    Q_OBJECT

    Cli packImport(const QStringList &arguments) const
    {
        return SandpitProcess::run(QStringList{QStringLiteral("pack"), QStringLiteral("import")} + arguments,
                                   environment(), kRunTimeoutMs);
    }
    QString out(const QString &name) const { return m_dir->filePath(name); }

private Q_SLOTS:
    void kattisPackageIsWrittenWithItsWarnings()
    {
        const Cli cli = packImport({QStringLiteral("kattis"), importFixture(QStringLiteral("kattis-sum-pairs")),
                                    QStringLiteral("-o"), out(QStringLiteral("pack"))});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY(cli.out.contains("wrote " + out(QStringLiteral("pack")).toUtf8() + "/course.toml"));
        QVERIFY(cli.out.contains("imported 3 tests"));
        QVERIFY(cli.err.contains("warning: problem.yaml: 'limits.time_multiplier'"));
        QVERIFY(cli.err.contains("warning: data/secret/large/talk.interaction: interactive problems"));
        QVERIFY(QFile::exists(out(QStringLiteral("pack/kattis-sum-pairs/solution/solution.py"))));
    }

    void idNamesTheExerciseAndStaysInsideTheFolder()
    {
        const Cli cli
            = packImport({QStringLiteral("cph"), importFixture(QStringLiteral("cph-two-sum")), QStringLiteral("-o"),
                          out(QStringLiteral("pack")), QStringLiteral("--id"), QStringLiteral("../Two Sum")});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY2(QFile::exists(out(QStringLiteral("pack/two-sum/exercise.toml"))), cli.out.constData());
        QCOMPARE(QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("pack")});
    }

    void nonEmptyFolderNeedsForce()
    {
        writeFile(QStringLiteral("notes.txt"), "mine\n");
        const QStringList arguments = {QStringLiteral("classroom"), importFixture(QStringLiteral("classroom-greeter")),
                                       QStringLiteral("-o"), m_dir->path()};
        const Cli refused = packImport(arguments);
        QCOMPARE(refused.exitCode, 3);
        QVERIFY(refused.err.contains("--force"));
        QVERIFY(!QFile::exists(out(QStringLiteral("course.toml"))));
        const Cli forced = packImport(arguments + QStringList{QStringLiteral("--force")});
        QCOMPARE(forced.exitCode, 0);
        QVERIFY(QFile::exists(out(QStringLiteral("course.toml"))));
    }

    void badUsageIsTwo()
    {
        QCOMPARE(packImport({QStringLiteral("moodle"), m_dir->path(), QStringLiteral("-o"), out(QStringLiteral("p"))})
                     .exitCode,
                 2);
        QCOMPARE(packImport({QStringLiteral("kattis"), m_dir->path()}).exitCode, 2);
    }

    void malformedYamlIsThreeWithLineAndColumn()
    {
        QVERIFY(QDir().mkpath(out(QStringLiteral("bad"))));
        writeFile(QStringLiteral("bad/problem.yaml"), "name: A\nlimits: {memory: [\n");
        const Cli cli = packImport(
            {QStringLiteral("kattis"), out(QStringLiteral("bad")), QStringLiteral("-o"), out(QStringLiteral("pack"))});
        QCOMPARE(cli.exitCode, 3);
        QVERIFY2(QRegularExpression(QStringLiteral("error: problem\\.yaml:\\d+:\\d+: "))
                     .match(QString::fromUtf8(cli.err))
                     .hasMatch(),
                 cli.err.constData());
        QVERIFY(!QFile::exists(out(QStringLiteral("pack"))));
    }

    void tenMegabyteLineIsCopiedWhole()
    {
        QVERIFY(QDir().mkpath(out(QStringLiteral("cph"))));
        const QByteArray line = QByteArray(10 * 1024 * 1024, '7') + '\n';
        writeFile(QStringLiteral("cph/big.in"), line);
        writeFile(QStringLiteral("cph/big.ans"), "7\n");
        writeFile(QStringLiteral("cph/big.py"), "print(input()[0])\n");
        const Cli cli = packImport(
            {QStringLiteral("cph"), out(QStringLiteral("cph")), QStringLiteral("-o"), out(QStringLiteral("pack"))});
        QCOMPARE(cli.exitCode, 0);
        QFile copied(out(QStringLiteral("pack/cph/tests/01.in")));
        QVERIFY(copied.open(QIODevice::ReadOnly));
        QCOMPARE(copied.size(), line.size());
    }
};

QTEST_GUILESS_MAIN(TstPackImportCommand)
#include "tst_packimportcommand.moc"
