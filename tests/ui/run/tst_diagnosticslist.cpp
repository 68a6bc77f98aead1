// The Problems list: one clickable row per diagnostic, and what a click hands on.
#include "run/diagnosticslist.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using Severity = Core::Diagnostic::Severity;

class TestDiagnosticsList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsNameThePlaceAndTheMessage()
    {
        Ui::DiagnosticsList list;
        list.showDiagnostics({{QStringLiteral("main.c"), 5, 39, Severity::Error, QStringLiteral("expected ';'")},
                              {QStringLiteral("main.c"), 3, 0, Severity::Warning, QStringLiteral("unused variable")},
                              {QStringLiteral("main.c"), 0, 0, Severity::Error, QStringLiteral("undefined reference")},
                              {QStringLiteral("main.c"), 9, 2, Severity::Note, QStringLiteral("called from here")}});
        QCOMPARE(list.count(), 4);
        QCOMPARE(list.itemText(0), QStringLiteral("main.c:5:39  expected ';'"));
        QCOMPARE(list.itemText(1), QStringLiteral("main.c:3  unused variable"));
        QCOMPARE(list.itemText(2), QStringLiteral("main.c  undefined reference"));
        QCOMPARE(list.summary(), QStringLiteral("2 errors, 1 warning"));
    }

    void clickGoesToTheDiagnostic()
    {
        Ui::DiagnosticsList list;
        list.show();
        const Core::Diagnostic second{QStringLiteral("main.py"), 7, 3, Severity::Note,
                                      QStringLiteral("called from here")};
        list.showDiagnostics(
            {{QStringLiteral("main.py"), 2, 12, Severity::Error, QStringLiteral("ZeroDivisionError")}, second});
        QSignalSpy activated(&list, &Ui::DiagnosticsList::diagnosticActivated);
        auto *view = list.findChild<QListWidget *>(QStringLiteral("diagnosticsView"));
        QVERIFY(view);
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        const QRect row = view->visualItemRect(view->item(1));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row.center());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).value<Core::Diagnostic>(), second);
    }

    void emptyListSaysSoAndClicksNothing()
    {
        Ui::DiagnosticsList list;
        QSignalSpy activated(&list, &Ui::DiagnosticsList::diagnosticActivated);
        QCOMPARE(list.count(), 0);
        QVERIFY(!list.itemText(0).isEmpty()); // a placeholder before any run
        list.showDiagnostics({});
        QCOMPARE(list.itemText(0), QStringLiteral("No problems found in the last run."));
        QCOMPARE(list.summary(), QStringLiteral("No problems"));
        list.activate(0);
        QCOMPARE(activated.size(), 0);
    }
};

QTEST_MAIN(TestDiagnosticsList)
#include "tst_diagnosticslist.moc"
