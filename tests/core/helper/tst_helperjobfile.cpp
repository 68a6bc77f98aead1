// The helper's job file (jobfile.cpp): in prepared mode the sandbox is built first, and the
// run's arguments arrive later in a file of NUL-separated arguments, when a newline comes on
// stdin. Everything after that newline is the program's input and must not be taken.

#include "jobfile.h"
#include "stdargs.h"

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

using namespace Sandpit::Helper;
using namespace std::string_literals;

namespace {

using Args = std::vector<std::string>;

// For the length of a test, the helper's stdin reads from a file holding `input`.
class StdinFrom
{
public:
    StdinFrom(const QString &path, const QByteArray &input)
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(input) != input.size())
            qFatal("cannot write %s", qPrintable(path));
        file.close();
        m_saved = dup(STDIN_FILENO);
        const int fd = open(path.toLocal8Bit().constData(), O_RDONLY | O_CLOEXEC);
        dup2(fd, STDIN_FILENO);
        close(fd);
    }
    ~StdinFrom()
    {
        dup2(m_saved, STDIN_FILENO);
        close(m_saved);
    }
    StdinFrom(const StdinFrom &) = delete;
    StdinFrom &operator=(const StdinFrom &) = delete;

    // What is left unread on stdin.
    static QByteArray rest()
    {
        QByteArray out;
        char buffer[4096];
        ssize_t n;
        while ((n = read(STDIN_FILENO, buffer, sizeof buffer)) > 0)
            out.append(buffer, n);
        return out;
    }

private:
    int m_saved = -1;
};

QByteArray joined(const Args &args)
{
    const std::string text = joinArguments(args);
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace

class TestHelperJobFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    // A prepared helper's options (workspace and report come on its command line) and a job.
    Options prepared(const QByteArray &job)
    {
        QFile file(path("job"));
        if (!file.open(QIODevice::WriteOnly) || file.write(job) != job.size())
            qFatal("cannot write the job file");
        Options options;
        options.workspace = "/tmp/w";
        options.report = "/tmp/r";
        options.job = path("job").toStdString();
        return options;
    }

private Q_SLOTS:
    void splitsAtEveryNul_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("nothing") << QByteArray() << QStringList{};
        QTest::newRow("one") << QByteArray("--") << QStringList{"--"};
        QTest::newRow("two") << QByteArray("--env\0A=1", 9) << QStringList{"--env", "A=1"};
        QTest::newRow("an empty one between") << QByteArray("a\0\0b", 4) << QStringList{"a", "", "b"};
        QTest::newRow("an empty one at the end") << QByteArray("a\0", 2) << QStringList{"a", ""};
        QTest::newRow("newlines and spaces are plain bytes")
            << QByteArray("x y\nz\0=", 7) << QStringList{"x y\nz", "="};
    }

    void splitsAtEveryNul()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, arguments);
        QCOMPARE(splitArguments(std::string(text.constData(), size_t(text.size()))), stdArgs(arguments));
    }

    void joinAndSplitAreInverse()
    {
        const Args args{"--env", "A=1 2", "", "--", "prog", "line\nbreak", ""};
        QCOMPARE(splitArguments(joinArguments(args)), args);
        QCOMPARE(joined({"a", "b"}), QByteArray("a\0b", 3));
    }

    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aJobStartsTheRunAndLeavesTheProgramsInput()
    {
        Options options = prepared(joined({"--timeout-ms", "3000", "--env", "A=1", "--", "python3", "main.py"}));
        const StdinFrom stdin_(path("stdin"), "\nthe program's first line\nsecond\n");
        std::string error;
        QVERIFY(waitForJob(options, error));
        QCOMPARE(error, std::string());
        QCOMPARE(options.timeoutMs, 3000);
        QCOMPARE(options.environment, (Args{"A=1"}));
        QCOMPARE(options.command, (Args{"python3", "main.py"}));
        QCOMPARE(options.workspace, std::string("/tmp/w")); // the command line's, kept
        QCOMPARE(StdinFrom::rest(), QByteArray("the program's first line\nsecond\n"));
    }

    // The engine closed stdin before the newline: it no longer wants the run. No error.
    void endOfInputBeforeTheNewlineMeansNoRun()
    {
        Options options = prepared(joined({"--", "prog"}));
        const StdinFrom stdin_(path("stdin"), "no newline");
        std::string error;
        QVERIFY(!waitForJob(options, error));
        QCOMPARE(error, std::string());
        QVERIFY(options.command.empty());
    }

    // Whatever comes before the newline is not the program's; however long, it is skipped,
    // and the input after it is intact.
    void aHugeLineBeforeTheNewlineIsSkipped()
    {
        Options options = prepared(joined({"--", "prog"}));
        const StdinFrom stdin_(path("stdin"), QByteArray(1 << 20, 'x') + "\ninput");
        std::string error;
        QVERIFY(waitForJob(options, error));
        QCOMPARE(options.command, (Args{"prog"}));
        QCOMPARE(StdinFrom::rest(), QByteArray("input"));
    }

    // A job longer than any read buffer arrives whole.
    void aHugeJobArrivesWhole()
    {
        const std::string value = "BIG=" + std::string(3 << 20, 'v');
        Options options = prepared(joined({"--env", value, "--", "prog", "last"}));
        const StdinFrom stdin_(path("stdin"), "\n");
        std::string error;
        QVERIFY(waitForJob(options, error));
        QCOMPARE(options.environment.size(), size_t(1));
        QCOMPARE(options.environment.front().size(), value.size());
        QVERIFY(options.environment.front() == value);
        QCOMPARE(options.command, (Args{"prog", "last"}));
    }

    // NUL bytes separate arguments, so an argument can hold anything else; an empty one
    // (a program argument "") survives.
    void argumentsKeepEveryByteButNul()
    {
        Options options = prepared(joined({"--env", "MSG=a b\tc\n=d", "--", "prog", "", "é"}));
        const StdinFrom stdin_(path("stdin"), "\n");
        std::string error;
        QVERIFY(waitForJob(options, error));
        QCOMPARE(options.environment, (Args{"MSG=a b\tc\n=d"}));
        QCOMPARE(options.command, (Args{"prog", "", "é"}));
    }

    void aBadJobIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QByteArray>("job");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown option") << joined({"--bogus", "1", "--", "p"}) << "unknown option --bogus";
        QTest::newRow("bad number") << joined({"--memory-bytes", "lots", "--", "p"})
                                    << "--memory-bytes needs a whole number >= 0, got lots";
        QTest::newRow("value missing at the end") << joined({"--cpu-ms"}) << "option --cpu-ms needs a value";
        QTest::newRow("no program") << joined({"--timeout-ms", "5"}) << "usage: sandpit-helper";
        QTest::newRow("empty file") << QByteArray() << "usage: sandpit-helper";
        QTest::newRow("program without --") << joined({"python3", "main.py"}) << "unknown option python3";
        QTest::newRow("NUL where a value was")
            << QByteArray("--timeout-ms\0\0--\0p", 19) << "--timeout-ms needs a whole number >= 0, got ";
    }

    void aBadJobIsRefusedWithTheReason()
    {
        QFETCH(QByteArray, job);
        QFETCH(QString, error);
        Options options = prepared(job);
        const StdinFrom stdin_(path("stdin"), "\n");
        std::string message;
        QVERIFY(!waitForJob(options, message));
        QVERIFY2(QString::fromStdString(message).startsWith(error), message.c_str());
    }

    void aMissingJobFileIsAnError()
    {
        Options options = prepared("");
        options.job = path("no-such-job").toStdString();
        const StdinFrom stdin_(path("stdin"), "\n");
        std::string error;
        QVERIFY(!waitForJob(options, error));
        QCOMPARE(error, "cannot read the job file " + options.job);
    }
};

QTEST_GUILESS_MAIN(TestHelperJobFile)
#include "tst_helperjobfile.moc"
