// The History pane under the offscreen platform: what the list shows, the selected run in
// full, notes for unreadable records, the diff, and the restore request.
#include "history/historypane.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kDiffTimeoutMs = 10'000;

Core::RunRecord record(int minute, const QString &file, const QString &code, std::optional<int> exitCode,
                       Core::KillReason reason = Core::KillReason::None)
{
    Core::RunRequest request;
    request.language = QStringLiteral("python");
    request.entryFile = file;
    request.sources = {{file, code.toUtf8()}};
    Core::RunResult result;
    result.exitCode = exitCode;
    result.killReason = reason;
    result.wallMs = 1500;
    result.backend = QStringLiteral("local");
    result.stdoutData = "hello\n";
    Core::RunRecord r
        = Core::RunRecord::fromRun(request, result, QDateTime(QDate(2026, 11, 23), QTime(14, minute), Qt::UTC));
    r.id = QStringLiteral("id-%1").arg(minute);
    return r;
}

// Clicks the pane's button `name` and gives what `signal` said meanwhile.
template<typename Signal>
QList<QVariantList> saidOnClick(Ui::HistoryPane &pane, const char *name, Signal signal)
{
    auto *button = pane.findChild<QPushButton *>(QLatin1String(name));
    if (!button)
        qFatal("no button %s", name);
    QSignalSpy said(&pane, signal);
    button->click();
    return said;
}
} // namespace

class TestHistoryPane : public QObject
{
    Q_OBJECT

private:
    Core::RunHistory::Listing twoRuns() const
    {
        return {{record(5, QStringLiteral("loop.py"), QStringLiteral("while True:\n    pass\n"), std::nullopt,
                        Core::KillReason::Timeout),
                 record(1, QStringLiteral("main.py"), QStringLiteral("print('a')\nprint('b')\n"), 0)},
                {}};
    }
    /// Shows `pane` listing twoRuns(), with the older, main.py's, selected.
    void showWithMainPySelected(Ui::HistoryPane &pane) const
    {
        pane.show();
        pane.showListing(twoRuns());
        pane.selectRow(1);
    }

private Q_SLOTS:
    void emptyHistorySaysSo()
    {
        Ui::HistoryPane pane;
        pane.show();
        QCOMPARE(pane.rowCount(), 0);
        QVERIFY(pane.noteText().contains(QStringLiteral("No runs")));
        QVERIFY(!pane.findChild<QPushButton *>(QStringLiteral("historyRestore"))->isEnabled());
    }

    void listShowsEachRunNewestFirst()
    {
        Ui::HistoryPane pane;
        pane.show();
        pane.showListing(twoRuns());
        QCOMPARE(pane.rowCount(), 2);
        QCOMPARE(pane.cellText(0, Ui::HistoryPane::File), QStringLiteral("loop.py"));
        QCOMPARE(pane.cellText(0, Ui::HistoryPane::Status), QStringLiteral("stopped"));
        QCOMPARE(pane.cellText(0, Ui::HistoryPane::KillReason), QStringLiteral("timeout"));
        QCOMPARE(pane.cellText(0, Ui::HistoryPane::Duration), QStringLiteral("1.5 s"));
        QCOMPARE(pane.cellText(1, Ui::HistoryPane::Status), QStringLiteral("ok"));
        QCOMPARE(pane.cellText(1, Ui::HistoryPane::KillReason), QString());
        QVERIFY(pane.noteText().isEmpty());
    }

    void selectedRunIsShownInFull()
    {
        Ui::HistoryPane pane;
        showWithMainPySelected(pane);
        QCOMPARE(pane.codeText(), QStringLiteral("print('a')\nprint('b')\n"));
        QVERIFY2(pane.resultText().contains(QStringLiteral("main.py")), qPrintable(pane.resultText()));
        QVERIFY2(pane.resultText().contains(QStringLiteral("exit code 0")), qPrintable(pane.resultText()));
        QVERIFY2(pane.resultText().contains(QStringLiteral("hello")), qPrintable(pane.resultText()));

        // A refreshed listing keeps an older run selected...
        auto listing = twoRuns();
        listing.records.prepend(record(9, QStringLiteral("new.py"), QStringLiteral("pass\n"), 0));
        pane.showListing(listing);
        QCOMPARE(pane.selectedRecord()->id, QStringLiteral("id-1"));
        // ...but with the newest selected, a newer run takes its place.
        pane.selectRow(0);
        listing.records.prepend(record(10, QStringLiteral("newer.py"), QStringLiteral("pass\n"), 0));
        pane.showListing(listing);
        QCOMPARE(pane.selectedRecord()->id, QStringLiteral("id-10"));
    }

    void unreadableRecordsAreNoted()
    {
        Ui::HistoryPane pane;
        auto listing = twoRuns();
        listing.notes = {QStringLiteral("Skipped a.json: it is not a JSON object.")};
        pane.showListing(listing);
        QCOMPARE(pane.rowCount(), 2);
        QVERIFY2(pane.noteText().contains(QStringLiteral("1 record could not be read")), qPrintable(pane.noteText()));
    }

    void diffWithCurrent()
    {
        Ui::HistoryPane pane;
        showWithMainPySelected(pane);
        QCOMPARE(saidOnClick(pane, "historyDiffButton", &Ui::HistoryPane::diffRequested).size(), 1);
        pane.compareWith(QStringLiteral("print('a')\nprint('c')\n"), QStringLiteral("untitled.py"));
        QTRY_VERIFY_WITH_TIMEOUT(pane.diffText().startsWith(QStringLiteral("---")), kDiffTimeoutMs);
        QVERIFY2(pane.diffText().contains(QStringLiteral("\n-print('b')\n+print('c')")), qPrintable(pane.diffText()));
        QVERIFY2(pane.diffText().contains(QStringLiteral("+++ untitled.py (editor)")), qPrintable(pane.diffText()));

        pane.compareWith(QStringLiteral("print('a')\nprint('b')\n"), QStringLiteral("untitled.py"));
        QTRY_VERIFY_WITH_TIMEOUT(pane.diffText().startsWith(QStringLiteral("No differences")), kDiffTimeoutMs);
    }

    void restoreAsksForTheSelectedRun()
    {
        Ui::HistoryPane pane;
        showWithMainPySelected(pane);
        const QList<QVariantList> restore = saidOnClick(pane, "historyRestore", &Ui::HistoryPane::restoreRequested);
        QCOMPARE(restore.size(), 1);
        QCOMPARE(restore.at(0).at(0).value<Core::RunRecord>().code, QStringLiteral("print('a')\nprint('b')\n"));
    }
};

QTEST_MAIN(TestHistoryPane)
#include "tst_historypane.moc"
