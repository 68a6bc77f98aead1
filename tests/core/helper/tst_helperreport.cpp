// The report file, from the helper's writer (report.cpp) to the engine's reader
// (core/helperreport.cpp): what the helper says about a run is what the engine shows.

#include "local/helperreport.h"

#include "protocol.h"
#include "report.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <string>
#include <utility>

using namespace Sandpit;
namespace P = Helper::Protocol;

class TestHelperReport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string reportPath() const { return m_dir.filePath(QStringLiteral("report")).toStdString(); }

    QByteArray written() const
    {
        QFile file(QString::fromStdString(reportPath()));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(no report)");
    }

    // The file a report of `entries` writes ("(not written)" when writing failed).
    QByteArray writtenOf(std::initializer_list<std::pair<const char *, std::string>> entries) const
    {
        Helper::Report report;
        for (const auto &[key, value] : entries)
            report.add(key, value);
        return report.writeTo(reportPath()) ? written() : QByteArray("(not written)");
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cleanup()
    {
        QFile::remove(QString::fromStdString(reportPath()));
        QFile::remove(QString::fromStdString(reportPath() + ".part"));
    }

    void linesComeInTheOrderAdded()
    {
        Helper::Report report;
        report.add(P::kOutcome, "exited");
        report.add(P::kExitCode, 0LL);
        report.add(P::kIsolation, "first");
        report.add(P::kIsolation, "second");
        QVERIFY(report.writeTo(reportPath()));
        QCOMPARE(written(), QByteArray("outcome=exited\nexit_code=0\nisolation=first\nisolation=second\n"));
    }

    // A value is one line: whatever it holds cannot add a key of its own to the report.
    void aValueCannotStartALineOfItsOwn()
    {
        const QByteArray text = writtenOf({{P::kOutcome, "exited"},
                                           {P::kExitCode, "0"},
                                           {P::kKillReason, "none"},
                                           {P::kKillDetail, "a\nkill_reason=timeout\r\nexit_code=7"}});
        const Core::HelperReport read = Core::HelperReport::parse(text);
        QCOMPARE(read.value(P::kKillDetail), QStringLiteral("a kill_reason=timeout  exit_code=7"));
        QCOMPARE(read.value(P::kKillReason), QStringLiteral("none"));
        QCOMPARE(read.number(P::kExitCode), 0);
    }

    // The engine reads the report as soon as it sees it: it appears whole, under its own name.
    void theReportAppearsWholeAndReplacesAnOldOne()
    {
        Helper::Report first;
        first.add(P::kOutcome, "signaled");
        QVERIFY(first.writeTo(reportPath()));
        Helper::Report second;
        second.add(P::kOutcome, "exited");
        QVERIFY(second.writeTo(reportPath()));
        QCOMPARE(written(), QByteArray("outcome=exited\n"));
        QVERIFY(!QFile::exists(QString::fromStdString(reportPath() + ".part")));
    }

    void aReportThatCannotBeWrittenSaysSo()
    {
        Helper::Report report;
        report.add(P::kOutcome, "exited");
        const std::string nowhere = m_dir.filePath(QStringLiteral("no-such-folder/report")).toStdString();
        QVERIFY(!report.writeTo(nowhere));
        QVERIFY(!QFile::exists(QString::fromStdString(nowhere)));
    }

    // What the helper writes for a setup failure is the error the engine shows.
    void aSetupFailureReachesTheEngine()
    {
        const QByteArray text = writtenOf({{P::kSetupStep, "pivot_root"}, {P::kSetupErrno, "1"}});
        const Core::RunError error = Core::HelperReport::parse(text).setupError();
        QCOMPARE(error.code, Core::RunError::Code::SetupFailed);
        QVERIFY2(error.message.contains(QStringLiteral("\"pivot_root\"")), qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("Operation not permitted")), qPrintable(error.message));
    }

    void aRefusedSandboxReachesTheEngine()
    {
        const QByteArray text = writtenOf({{P::kSetupStep, P::kSandboxUnavailableStep},
                                           {P::kSetupErrno, "1"},
                                           {P::kUnavailable, "Full isolation: the kernel refused a user namespace."},
                                           {P::kUnavailableFix, "Allow unprivileged user namespaces."}});
        const Core::RunError error = Core::HelperReport::parse(text).setupError();
        QCOMPARE(error.code, Core::RunError::Code::SandboxUnavailable);
        QVERIFY(error.message.contains(QStringLiteral("the kernel refused a user namespace")));
        QVERIFY(error.message.endsWith(QStringLiteral("Allow unprivileged user namespaces.")));
    }
};

QTEST_GUILESS_MAIN(TestHelperReport)
#include "tst_helperreport.moc"
