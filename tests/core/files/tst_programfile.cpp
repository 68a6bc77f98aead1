// ProgramFile: the checks a program file passes before a run, and the sentences for those it
// fails. The command line's tests (tst_cliinput) see them through the real binary; here are the
// cases a test cannot make happen as root (EACCES) and the UTF-8 rules in detail.
#include "files/programfile.h"

#include <QTest>

#include <cerrno>

using Sandpit::Core::ProgramFile;

class TestProgramFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unreadableMessages_data()
    {
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("says");
        QTest::newRow("EACCES") << EACCES << QStringLiteral("/srv/a.py cannot be read: permission denied");
        QTest::newRow("EPERM") << EPERM << QStringLiteral("/srv/a.py cannot be read: permission denied");
        QTest::newRow("ENOENT") << ENOENT << QStringLiteral("/srv/a.py does not exist");
        QTest::newRow("ELOOP") << ELOOP << QStringLiteral("symbolic link");
        QTest::newRow("EIO") << EIO << QStringLiteral("cannot read /srv/a.py: Input/output error");
    }

    void unreadableMessages()
    {
        QFETCH(int, error);
        QFETCH(QString, says);
        const QString message = ProgramFile::unreadableMessage(QStringLiteral("/srv/a.py"), error);
        QVERIFY2(message.contains(says), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("Unknown error")), qPrintable(message));
    }

    void firstInvalidUtf8_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qsizetype>("offset");
        QTest::newRow("ascii") << QByteArray("print(1)\n") << qsizetype(-1);
        QTest::newRow("two, three and four bytes") << QByteArray("é € 😀") << qsizetype(-1);
        QTest::newRow("latin-1 é") << QByteArray("ab\xe9") << qsizetype(2);
        QTest::newRow("cut short at the end") << QByteArray("ab\xe2\x82") << qsizetype(2);
        QTest::newRow("overlong /") << QByteArray("x\xc0\xaf") << qsizetype(1);
        QTest::newRow("surrogate") << QByteArray("x\xed\xa0\x80") << qsizetype(1);
        QTest::newRow("past U+10FFFF") << QByteArray("x\xf4\x90\x80\x80") << qsizetype(1);
        QTest::newRow("lone continuation") << QByteArray("é\x80") << qsizetype(2);
    }

    void firstInvalidUtf8()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(qsizetype, offset);
        QCOMPARE(ProgramFile::firstInvalidUtf8(bytes), offset);
    }

    // The column is counted in characters, as an editor shows it, not in bytes.
    void notUtf8CountsCharacters()
    {
        const auto checked = ProgramFile::check(QStringLiteral("a.py"), "x = 1\n# 😀 é\xff\n");
        QVERIFY(!checked);
        QVERIFY2(checked.error().message.contains(QStringLiteral("0xFF at line 2, column 6")),
                 qPrintable(checked.error().message));
    }

    void aProgramPassesUnchanged()
    {
        const QByteArray code = "print('héllo')\n";
        const auto checked = ProgramFile::check(QStringLiteral("a.py"), code);
        QVERIFY(checked);
        QCOMPARE(*checked, code);
    }
};

QTEST_GUILESS_MAIN(TestProgramFile)
#include "tst_programfile.moc"
