// The arguments field's one line: how a learner's typing splits into the program's argv, and
// how the window shows a list it remembered so that it splits back the same.
#include "run/argumentline.h"

#include <QTest>

using namespace Sandpit::Ui;

class TestArgumentLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splits_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("nothing") << QStringLiteral("   ") << QStringList();
        QTest::newRow("plain words") << QStringLiteral(" data.txt  3 ") << QStringList{"data.txt", "3"};
        QTest::newRow("double quotes") << QStringLiteral("\"two words\" x") << QStringList{"two words", "x"};
        QTest::newRow("single quotes keep \\") << QStringLiteral("'a\\b' \"it's\"") << QStringList{"a\\b", "it's"};
        QTest::newRow("empty words") << QStringLiteral("'' \"\"") << QStringList{QString(), QString()};
        QTest::newRow("backslash") << QStringLiteral("a\\ b \\\"q") << QStringList{"a b", "\"q"};
        QTest::newRow("shell words stay words") << QStringLiteral("$HOME ; |") << QStringList{"$HOME", ";", "|"};
        QTest::newRow("unclosed quote") << QStringLiteral("\"to the end") << QStringList{"to the end"};
        QTest::newRow("non-ASCII") << QStringLiteral("naïve café") << QStringList{"naïve", "café"};
    }

    void splits()
    {
        QFETCH(QString, line);
        QFETCH(QStringList, words);
        QCOMPARE(splitArgumentLine(line), words);
    }

    void joinsSoItSplitsBack()
    {
        const QStringList awkward{"plain", "two words", QString(), "it's \"quoted\"", "back\\slash", "naïve", "$HOME"};
        const QString line = joinArgumentLine(awkward);
        QCOMPARE(splitArgumentLine(line), awkward);
        QCOMPARE(joinArgumentLine({"data.txt", "3"}), QStringLiteral("data.txt 3"));
        QCOMPARE(joinArgumentLine({"two words", QString()}), QStringLiteral("\"two words\" \"\""));
    }
};

QTEST_GUILESS_MAIN(TestArgumentLine)
#include "tst_argumentline.moc"
