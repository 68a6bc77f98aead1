// The helper's command line (options.cpp): what the engine passes on the command line and in
// a job file, parsed into the limits and the program a run is held to.

#include "options.h"
#include "stdargs.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace Sandpit::Helper;

namespace {

using Args = std::vector<std::string>;

// Parses `args` into fresh options `out`; false, with the error shown, when they are refused.
bool parse(const Args &args, Options &out)
{
    out = Options{};
    std::string error;
    const bool ok = parseArguments(args, out, error);
    if (!ok)
        qWarning("refused: %s", error.c_str());
    return ok;
}

// Every field of Options, by kind, for the round trip.
constexpr std::string Options::*kTextFields[] = {&Options::workspace,  &Options::report,      &Options::job,
                                                 &Options::collectDir, &Options::allowWeaker, &Options::pty};
constexpr long long Options::*kNumberFields[]
    = {&Options::timeoutMs,     &Options::cpuMs,     &Options::memoryBytes, &Options::processes,
       &Options::fileSizeBytes, &Options::openFiles, &Options::outputBytes, &Options::workSizeBytes,
       &Options::workInodes,    &Options::eventsFd,  &Options::seccompFd,   &Options::controlFd};
constexpr bool Options::*kFlags[] = {&Options::shareNetwork, &Options::keepWork, &Options::collectChanges};
constexpr std::vector<std::string> Options::*kListFields[]
    = {&Options::readOnlyBinds, &Options::environment, &Options::command};

std::string errorOf(const Args &args)
{
    Options options;
    std::string error;
    return parseArguments(args, options, error) ? std::string("(accepted)") : error;
}

} // namespace

class TestHelperOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFullCommandLineSetsEveryField()
    {
        Options o;
        QVERIFY(parse({"--workspace",
                       "/tmp/w",
                       "--report",
                       "/tmp/r",
                       "--timeout-ms",
                       "5000",
                       "--cpu-ms",
                       "2000",
                       "--memory-bytes",
                       "268435456",
                       "--processes",
                       "64",
                       "--file-size-bytes",
                       "1048576",
                       "--open-files",
                       "128",
                       "--output-bytes",
                       "65536",
                       "--work-size-bytes",
                       "1024",
                       "--work-inodes",
                       "10",
                       "--events-fd",
                       "7",
                       "--seccomp-fd",
                       "8",
                       "--control-fd",
                       "9",
                       "--pty",
                       "132x43",
                       "--collect-dir",
                       "build",
                       "--allow-weaker",
                       "partial",
                       "--share-network",
                       "--keep-work",
                       "--collect-changes",
                       "--ro-bind-try",
                       "/usr",
                       "--env",
                       "PATH=/usr/bin",
                       "--",
                       "python3",
                       "-u",
                       "main.py"},
                      o));
        QCOMPARE(o.workspace, std::string("/tmp/w"));
        QCOMPARE(o.report, std::string("/tmp/r"));
        QCOMPARE(o.timeoutMs, 5000);
        QCOMPARE(o.cpuMs, 2000);
        QCOMPARE(o.memoryBytes, 268435456);
        QCOMPARE(o.processes, 64);
        QCOMPARE(o.fileSizeBytes, 1048576);
        QCOMPARE(o.openFiles, 128);
        QCOMPARE(o.outputBytes, 65536);
        QCOMPARE(o.workSizeBytes, 1024);
        QCOMPARE(o.workInodes, 10);
        QCOMPARE(o.eventsFd, 7);
        QCOMPARE(o.seccompFd, 8);
        QCOMPARE(o.controlFd, 9);
        QCOMPARE(o.pty, std::string("132x43"));
        QCOMPARE(o.collectDir, std::string("build"));
        QCOMPARE(o.allowWeaker, std::string("partial"));
        QVERIFY(o.shareNetwork);
        QVERIFY(o.keepWork);
        QVERIFY(o.collectChanges);
        QCOMPARE(o.readOnlyBinds, (Args{"/usr"}));
        QCOMPARE(o.environment, (Args{"PATH=/usr/bin"}));
        QCOMPARE(o.command, (Args{"python3", "-u", "main.py"}));
    }

    void defaultsAreSafe()
    {
        Options o;
        QVERIFY(parse({"--workspace", "/w", "--report", "/r", "--", "true"}, o));
        QCOMPARE(o.allowWeaker, std::string("never")); // fail closed unless the user allows less
        QVERIFY(!o.shareNetwork);
        QCOMPARE(o.collectDir, std::string("output"));
        QCOMPARE(o.timeoutMs, 0);
        QCOMPARE(o.workSizeBytes, 64LL * 1024 * 1024);
        QCOMPARE(o.workInodes, 8192);
    }

    // The user's choice of the weakest isolation, in the words settings and the CLI use.
    void allowWeakerTakesItsThreeWords()
    {
        for (const char *word : {"never", "partial", "none"}) {
            Options o;
            QVERIFY2(parse({"--allow-weaker", word}, o), word);
            QCOMPARE(o.allowWeaker, std::string(word));
        }
    }

    // The program's own arguments are never taken for the helper's, however they look.
    void everythingAfterTheDashesIsTheProgramsOwn()
    {
        Options o;
        QVERIFY(parse({"--timeout-ms", "100", "--", "prog", "--timeout-ms", "0", "--share-network", "--"}, o));
        QCOMPARE(o.timeoutMs, 100);
        QVERIFY(!o.shareNetwork);
        QCOMPARE(o.command, (Args{"prog", "--timeout-ms", "0", "--share-network", "--"}));
    }

    // A job completes what the command line began: the second parse adds to the first.
    void aSecondParseAddsToTheFirst()
    {
        Options o;
        std::string error;
        QVERIFY(
            parseArguments({"--workspace", "/w", "--report", "/r", "--env", "A=1", "--memory-bytes", "100"}, o, error));
        QVERIFY(parseArguments({"--env", "B=2", "--memory-bytes", "200", "--", "prog"}, o, error));
        QCOMPARE(o.workspace, std::string("/w"));
        QCOMPARE(o.environment, (Args{"A=1", "B=2"}));
        QCOMPARE(o.memoryBytes, 200);
        QCOMPARE(o.command, (Args{"prog"}));
    }

    void badArgumentsAreRefusedWithTheReason_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown option") << QStringList{"--frobnicate", "1"} << "unknown option --frobnicate";
        QTest::newRow("program without --") << QStringList{"python3", "main.py"} << "unknown option python3";
        QTest::newRow("no value") << QStringList{"--timeout-ms"} << "option --timeout-ms needs a value";
        QTest::newRow("negative") << QStringList{"--memory-bytes", "-1"}
                                  << "--memory-bytes needs a whole number >= 0, got -1";
        QTest::newRow("not a number") << QStringList{"--processes", "10x"}
                                      << "--processes needs a whole number >= 0, got 10x";
        QTest::newRow("empty number") << QStringList{"--cpu-ms", ""} << "--cpu-ms needs a whole number >= 0, got ";
        QTest::newRow("overflow") << QStringList{"--timeout-ms", "99999999999999999999"}
                                  << "--timeout-ms needs a whole number >= 0, got 99999999999999999999";
        for (const char *bad : {"../home", "..", ".", ""}) {
            QTest::addRow("collect-dir '%s'", bad)
                << QStringList{"--collect-dir", bad}
                << QStringLiteral("--collect-dir needs one folder name inside the workspace, got ")
                    + QLatin1String(bad);
        }
        QTest::newRow("allow-weaker") << QStringList{"--allow-weaker", "always"}
                                      << "--allow-weaker needs never, partial or none, got always";
        QTest::newRow("relative bind") << QStringList{"--ro-bind-try", "usr"}
                                       << "--ro-bind-try needs an absolute path, got usr";
        for (const char *bad : {"80", "80x", "x24", "0x24", "80x0", "1001x24", "80x24x1", "-80x24", "+80x24", "80 x24",
                                " 80x24", "80x 24"}) {
            QTest::addRow("pty '%s'", bad)
                << QStringList{"--pty", bad}
                << QStringLiteral("--pty needs COLSxROWS, each 1 to 1000, got ") + QLatin1String(bad);
        }
        QTest::newRow("env without =") << QStringList{"--env", "PATH"} << "--env needs NAME=VALUE, got PATH";
    }

    void badArgumentsAreRefusedWithTheReason()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QCOMPARE(QString::fromStdString(errorOf(stdArgs(args))), error);
    }

    void aRunNeedsWorkspaceReportAndProgram_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("complete");
        QTest::newRow("all three") << QStringList{"--workspace", "/w", "--report", "/r", "--", "p"} << true;
        QTest::newRow("no workspace") << QStringList{"--report", "/r", "--", "p"} << false;
        QTest::newRow("no report") << QStringList{"--workspace", "/w", "--", "p"} << false;
        QTest::newRow("no program") << QStringList{"--workspace", "/w", "--report", "/r", "--"} << false;
    }

    void aRunNeedsWorkspaceReportAndProgram()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, complete);
        Options o;
        QVERIFY(parse(stdArgs(args), o));
        std::string error;
        QCOMPARE(isComplete(o, error), complete);
        QCOMPARE(error.starts_with("usage: sandpit-helper"), !complete);
    }

    // Init gets the run's options back from toArguments (the 'G' message): nothing may be
    // lost or changed on the way.
    void toArgumentsParsesBackToTheSameOptions()
    {
        Options o;
        o.workspace = "/tmp/sandpit-x/w";
        o.report = "/tmp/sandpit-x/report";
        o.job = "/tmp/sandpit-x/job";
        o.collectDir = "build";
        o.allowWeaker = "none";
        o.pty = "1x1000";
        long long next = 1;
        for (long long Options::*number : kNumberFields)
            o.*number = next++;
        for (bool Options::*flag : kFlags)
            o.*flag = true;
        o.readOnlyBinds = {"/usr", "/opt/py"};
        o.environment = {"A=1", "EMPTY=", "SPACES=a b"};
        o.command = {"prog", "", "--env", "x y"};

        Options back;
        QVERIFY(parse(toArguments(o), back));
        for (std::string Options::*text : kTextFields)
            QCOMPARE(back.*text, o.*text);
        for (long long Options::*number : kNumberFields)
            QCOMPARE(back.*number, o.*number);
        for (bool Options::*flag : kFlags)
            QCOMPARE(back.*flag, true);
        for (std::vector<std::string> Options::*list : kListFields)
            QCOMPARE(back.*list, o.*list);
    }

    // Flags off and texts left empty stay so on the way back.
    void toArgumentsKeepsWhatIsOff()
    {
        Options o;
        o.workspace = "/w";
        o.report = "/r";
        o.command = {"p"};
        const Args args = toArguments(o);
        for (const char *absent : {"--share-network", "--keep-work", "--collect-changes", "--job", "--pty"})
            QVERIFY2(std::find(args.begin(), args.end(), absent) == args.end(), absent);
        Options back;
        QVERIFY(parse(args, back));
        QVERIFY(!back.shareNetwork && !back.keepWork && !back.collectChanges);
        QVERIFY(back.job.empty());
        QVERIFY(back.pty.empty()); // pipes, as always
    }
};

QTEST_GUILESS_MAIN(TestHelperOptions)
#include "tst_helperoptions.moc"
