// `sandpit grade`'s engines as an instructor gives them: a wrong --engine or engines-file line
// is a usage error said before anything is graded, and --cert-path is the TLS folder the
// tcp:// engines use. Nothing runs: every engine here fails before it connects.

#include "clitest.h"

#include <QDir>

namespace {
constexpr int kGradeTimeoutMs = 120000;
constexpr int kUsage = 2;
constexpr int kNothingGraded = 3;
} // namespace

class TestGradeCommandEngines : public CliTest
{
    Q_OBJECT

    Cli grade(const QStringList &options) const
    {
        const QStringList arguments{QStringLiteral("grade"),
                                    fixture(QStringLiteral("grading/pack")),
                                    QStringLiteral("02-max-of-three-c"),
                                    fixture(QStringLiteral("grading/students")),
                                    QStringLiteral("--out"),
                                    out()};
        return SandpitProcess::run(arguments + options, environment(), kGradeTimeoutMs);
    }

    QString out() const { return m_dir->filePath(QStringLiteral("grades")); }

private Q_SLOTS:
    void aWrongEngineIsAUsageError()
    {
        const Cli cli = grade({QStringLiteral("--engine"), QStringLiteral("unix:///var/run/docker.sock"),
                               QStringLiteral("--engine"), QStringLiteral("tcp://lab-pc:99999")});
        QCOMPARE(cli.exitCode, kUsage);
        QVERIFY2(cli.err.startsWith("sandpit: --engine: tcp://lab-pc:99999 is not a host and port"),
                 cli.err.constData());
        QVERIFY(!QFileInfo::exists(out()));
    }

    void aWrongLineOfTheEnginesFileIsNamed()
    {
        const QString engines
            = writeFile(QStringLiteral("engines.txt"), "# the lab\ntcp://lab-pc:2376\nssh://teacher@lab-pc\n");
        const Cli cli = grade({QStringLiteral("--engines"), engines});
        QCOMPARE(cli.exitCode, kUsage);
        QVERIFY2(cli.err.startsWith((QStringLiteral("sandpit: ") + engines
                                     + QStringLiteral(" line 3: ssh://teacher@lab-pc: ssh:// engines are "
                                                      "not supported"))
                                        .toUtf8()),
                 cli.err.constData());
        QVERIFY(!QFileInfo::exists(out()));
    }

    void certPathIsTheTlsFolderOfTcpEngines()
    {
        const QString certs = m_dir->filePath(QStringLiteral("certs"));
        QVERIFY(QDir().mkpath(certs));
        const Cli cli = grade(
            {QStringLiteral("--engine"), QStringLiteral("tcp://127.0.0.1:9"), QStringLiteral("--cert-path"), certs});
        QCOMPARE(cli.exitCode, kNothingGraded);
        QVERIFY2(cli.err.contains((certs + QStringLiteral("/ca.pem does not exist")).toUtf8()), cli.err.constData());
        // Without an engine it would do nothing: said, not ignored.
        const Cli alone = grade({QStringLiteral("--cert-path"), certs});
        QCOMPARE(alone.exitCode, kUsage);
        QVERIFY2(alone.err.contains("--cert-path is the TLS folder of tcp:// engines"), alone.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestGradeCommandEngines)
#include "tst_gradecommandengines.moc"
