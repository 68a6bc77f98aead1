// docs/exercise-pack.schema.json describes the same files the loader reads: it takes every pack
// file the loader's fixtures hold and the documentation's complete example, and refuses the
// mistakes the loader refuses. Checked with Debian's python3-jsonschema (Draft 2020-12).
#include "support/testfiles.h"

#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int kValidatorTimeoutMs = 60000;

QStringList fixturePackFiles()
{
    QStringList files;
    QDirIterator it(QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/loader"), {QStringLiteral("*.toml")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}

/// The documentation's complete example's TOML files, written into `dir`.
QStringList documentedFiles(const QTemporaryDir &dir)
{
    const QByteArray doc = SandpitTest::readFile(QStringLiteral(SANDPIT_SOURCE_DIR "/docs/EXERCISES.md"));
    static const QRegularExpression block(QStringLiteral("```toml\\n# file: ([^\\n]+)\\n(.*?)```"),
                                          QRegularExpression::DotMatchesEverythingOption);
    QStringList files;
    for (const auto &match : block.globalMatch(QString::fromUtf8(doc))) {
        const QString name = match.captured(1).replace(QLatin1Char('/'), QLatin1Char('-'));
        files.append(SandpitTest::writeInto(dir, name, match.captured(2).toUtf8()));
    }
    return files;
}

} // namespace

class TestPackSchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void describesWhatTheLoaderReads()
    {
        QTemporaryDir dir;
        const QStringList documented = documentedFiles(dir);
        QCOMPARE(documented.size(), 2);
        QStringList arguments{QStringLiteral(SANDPIT_SOURCE_DIR "/tests/support/validatepackschema.py"),
                              QStringLiteral(SANDPIT_SOURCE_DIR "/docs/exercise-pack.schema.json")};
        arguments += fixturePackFiles();
        arguments.append(QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/validate-scaled/sum/exercise.toml"));
        arguments += documented;
        const QByteArray head = "title = \"T\"\n[languages.python]\nentry = \"a.py\"\n[[tests]]\nname = \"a\"\n";
        arguments.append(SandpitTest::writeInto(
            dir, QStringLiteral("wrong.toml"),
            head + "[wrong.\"slow.py\"]\nexpect = \"wrong-answer\"\n[wrong.\"oom.py\"]\nexpect = \"time\"\n"));
        arguments.append(SandpitTest::writeInto(
            dir, QStringLiteral("network.toml"),
            head + "[network]\nallow = [\"pypi.org:443\", \"*.example.org:80\", \"[::1]:8080\"]\n"));
        arguments.append(QStringLiteral("--invalid"));
        for (const QByteArray &bad :
             {head + "stdot = \"x\"\n", head + "visibility = \"private\"\n", head + "[tests.limits]\nmemory = -1\n",
              head + "[tests.limits]\ntime_multiplier = 0.5\n", head + "[wrong.\"slow.py\"]\nexpect = \"sluggish\"\n",
              head + "[checker]\nkind = \"program\"\nprogram = \"c.py\"\n[checker.limits]\ntime_multiplier = 2\n",
              head + "checker = \"fuzzy\"\n", head + "[network]\nallow = [\"pypi.org\"]\n",
              head + "[network]\nhosts = [\"pypi.org:443\"]\n", head + "stdin = \"1\"\nstdin_file = \"in\"\n",
              QByteArray("title = \"T\"\n[languages.python]\nentry = \"a.py\"\n"), QByteArray("id = \"c\"\n"),
              QByteArray("id = \"c\"\ntitle = \"C\"\nexercices = []\n")})
            arguments.append(SandpitTest::writeInto(dir, QStringLiteral("bad%1.toml").arg(arguments.size()), bad));
        QProcess validator;
        validator.setProcessChannelMode(QProcess::MergedChannels);
        validator.start(QStringLiteral("python3"), arguments);
        QVERIFY(validator.waitForFinished(kValidatorTimeoutMs));
        const QByteArray said = validator.readAll();
        QVERIFY2(validator.exitStatus() == QProcess::NormalExit && validator.exitCode() == 0, said.constData());
    }
};

QTEST_GUILESS_MAIN(TestPackSchema)
#include "tst_packschema.moc"
