// The line diff behind "Diff with current": the edit script is minimal and the unified text
// reads as `diff -u` would print it.
#include "history/textdiff.h"

#include <QTest>

using namespace Sandpit::Core;
using Op = TextDiff::Op;

namespace {
/// Applies an edit script to check that it really turns `before` into `after`.
QStringList apply(const QList<TextDiff::Line> &script, QStringList *before = nullptr)
{
    QStringList out;
    QStringList old;
    for (const TextDiff::Line &line : script) {
        if (line.op != Op::Insert)
            old << line.text;
        if (line.op != Op::Delete)
            out << line.text;
    }
    if (before)
        *before = old;
    return out;
}

qsizetype edits(const QList<TextDiff::Line> &script)
{
    return std::count_if(script.begin(), script.end(), [](const TextDiff::Line &l) { return l.op != Op::Equal; });
}
} // namespace

class TestTextDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitLinesIgnoresTheFinalNewline()
    {
        QCOMPARE(TextDiff::splitLines(QString()), QStringList());
        QCOMPARE(TextDiff::splitLines(QStringLiteral("a\nb\n")),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(TextDiff::splitLines(QStringLiteral("a\r\nb")),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(TextDiff::splitLines(QStringLiteral("\n")), QStringList{QString()});
    }

    void scriptIsMinimal_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        QTest::addColumn<int>("expectedEdits");
        QTest::newRow("same") << "a b c"
                              << "a b c" << 0;
        QTest::newRow("both empty") << ""
                                    << "" << 0;
        QTest::newRow("from nothing") << ""
                                      << "a b" << 2;
        QTest::newRow("to nothing") << "a b"
                                    << "" << 2;
        QTest::newRow("one changed") << "a b c"
                                     << "a x c" << 2;
        QTest::newRow("insert in middle") << "a b c"
                                          << "a b x c" << 1;
        QTest::newRow("classic") << "a b c a b b a"
                                 << "c b a b a c" << 5;
        QTest::newRow("swap") << "x y"
                              << "y x" << 2;
    }

    void scriptIsMinimal()
    {
        QFETCH(QString, before);
        QFETCH(QString, after);
        QFETCH(int, expectedEdits);
        const QStringList a = before.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const QStringList b = after.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const auto script = TextDiff::compare(a, b);
        QStringList old;
        QCOMPARE(apply(script, &old), b);
        QCOMPARE(old, a);
        QCOMPARE(edits(script), qsizetype(expectedEdits));
    }

    void hugeDifferenceIsStillCorrect()
    {
        QStringList a;
        QStringList b;
        for (int i = 0; i < 3000; ++i) {
            a << QString::number(i);
            b << QStringLiteral("x%1").arg(i);
        }
        const auto script = TextDiff::compare(a, b);
        QStringList old;
        QCOMPARE(apply(script, &old), b);
        QCOMPARE(old, a);
    }

    void unifiedOfSameTextIsEmpty()
    {
        QCOMPARE(TextDiff::unified(QStringLiteral("a\nb\n"), QStringLiteral("a\nb\n"), QStringLiteral("x"),
                                   QStringLiteral("y")),
                 QString());
    }

    void unifiedMatchesDiffU()
    {
        QString before;
        for (int i = 1; i <= 20; ++i)
            before += QStringLiteral("line %1\n").arg(i);
        QString after = before;
        after.replace(QStringLiteral("line 2\n"), QStringLiteral("line two\n"));
        after.replace(QStringLiteral("line 15\n"), QString());
        after += QStringLiteral("line 21\n");
        const QString expected = QStringLiteral("--- run\n"
                                                "+++ current\n"
                                                "@@ -1,5 +1,5 @@\n"
                                                " line 1\n"
                                                "-line 2\n"
                                                "+line two\n"
                                                " line 3\n"
                                                " line 4\n"
                                                " line 5\n"
                                                "@@ -12,9 +12,9 @@\n"
                                                " line 12\n"
                                                " line 13\n"
                                                " line 14\n"
                                                "-line 15\n"
                                                " line 16\n"
                                                " line 17\n"
                                                " line 18\n"
                                                " line 19\n"
                                                " line 20\n"
                                                "+line 21\n");
        QCOMPARE(TextDiff::unified(before, after, QStringLiteral("run"), QStringLiteral("current")), expected);
    }

    void unifiedFromEmpty()
    {
        QCOMPARE(TextDiff::unified(QString(), QStringLiteral("print(1)\n"), QStringLiteral("a"), QStringLiteral("b")),
                 QStringLiteral("--- a\n+++ b\n@@ -0,0 +1 @@\n+print(1)\n"));
    }
};

QTEST_GUILESS_MAIN(TestTextDiff)
#include "tst_textdiff.moc"
