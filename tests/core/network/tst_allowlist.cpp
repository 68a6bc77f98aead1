#include "network/allowlist.h"

#include <QTest>

using namespace Sandpit::Core;

class TestAllowList : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goodEntriesAreRead_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("text");
        QTest::newRow("name") << "PyPI.org:443" << "pypi.org" << 443 << "pypi.org:443";
        QTest::newRow("trailing dot") << " files.pythonhosted.org.:443 " << "files.pythonhosted.org" << 443
                                      << "files.pythonhosted.org:443";
        QTest::newRow("pattern") << "*.example.org:80" << "*.example.org" << 80 << "*.example.org:80";
        QTest::newRow("ipv4") << "127.0.0.1:8080" << "127.0.0.1" << 8080 << "127.0.0.1:8080";
        QTest::newRow("ipv6") << "[0:0::1]:8080" << "::1" << 8080 << "[::1]:8080";
    }
    void goodEntriesAreRead()
    {
        QFETCH(QString, entry);
        const Expected<AllowedDestination> parsed = parseAllowedDestination(entry);
        QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
        QTEST(parsed->host, "host");
        QTEST(int(parsed->port), "port");
        QTEST(parsed->text(), "text");
    }

    void badEntriesSayWhatAGoodOneLooksLike_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("why");
        QTest::newRow("no port") << "pypi.org" << "has no port";
        QTest::newRow("port zero") << "pypi.org:0" << "from 1 to 65535";
        QTest::newRow("port too big") << "pypi.org:70000" << "from 1 to 65535";
        QTest::newRow("port words") << "pypi.org:https" << "from 1 to 65535";
        QTest::newRow("star inside") << "py*.org:443" << "not the whole first part";
        QTest::newRow("star alone") << "*:443" << "not the whole first part";
        QTest::newRow("top-level") << "*.org:443" << "whole top-level domain";
        QTest::newRow("space inside") << "py pi.org:443" << "no valid host name";
        QTest::newRow("scheme") << "https://pypi.org:443" << "is a URL";
        QTest::newRow("bare ipv6") << "::1:80" << "without brackets";
        QTest::newRow("bad ipv6") << "[zz::1]:80" << "no IPv6 address";
        QTest::newRow("empty") << "   " << "is empty";
    }
    void badEntriesSayWhatAGoodOneLooksLike()
    {
        QFETCH(QString, entry);
        QFETCH(QString, why);
        const Expected<AllowedDestination> parsed = parseAllowedDestination(entry);
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().code, RunError::Code::BadRequest);
        QVERIFY2(parsed.error().message.contains(why), qPrintable(parsed.error().message));
        QVERIFY2(parsed.error().message.contains(QLatin1String("pypi.org:443")), qPrintable(parsed.error().message));
    }

    void aPatternMatchesNamesBelowItOnItsPortOnly()
    {
        const AllowedDestination pattern = *parseAllowedDestination(QStringLiteral("*.example.org:443"));
        QVERIFY(pattern.matches(QStringLiteral("www.example.org"), 443));
        QVERIFY(pattern.matches(QStringLiteral("A.B.Example.ORG."), 443));
        QVERIFY(!pattern.matches(QStringLiteral("example.org"), 443));
        QVERIFY(!pattern.matches(QStringLiteral("www.example.org"), 80));
        QVERIFY(!pattern.matches(QStringLiteral("wwwexample.org"), 443));
        QVERIFY(!pattern.matches(QStringLiteral("www.example.org.evil.net"), 443));
    }

    void anExactEntryMatchesThatHostAndPort()
    {
        const AllowedDestination exact = *parseAllowedDestination(QStringLiteral("127.0.0.1:8080"));
        QVERIFY(exact.matches(QStringLiteral("127.0.0.1"), 8080));
        QVERIFY(!exact.matches(QStringLiteral("127.0.0.1"), 8081));
        QVERIFY(!exact.matches(QStringLiteral("127.0.0.2"), 8080));
        const AllowedDestination v6 = *parseAllowedDestination(QStringLiteral("[::1]:8080"));
        QVERIFY(v6.matches(QStringLiteral("[::1]"), 8080));
        QVERIFY(v6.matches(QStringLiteral("0:0:0:0:0:0:0:1"), 8080));
    }

    void aListSkipsBlanksAndRepeatsAndStopsAtTheFirstBadEntry()
    {
        const auto list = parseAllowList({QStringLiteral("pypi.org:443"), QString(), QStringLiteral("PYPI.org:443"),
                                          QStringLiteral("*.example.org:80")});
        QVERIFY(list);
        QCOMPARE(allowListText(*list), QStringList({QStringLiteral("pypi.org:443"), QStringLiteral("*.example.org:80")}));
        QVERIFY(isAllowed(*list, QStringLiteral("a.example.org"), 80));
        QVERIFY(!isAllowed(*list, QStringLiteral("pypi.org"), 80));
        QVERIFY(!isAllowed({}, QStringLiteral("pypi.org"), 443));

        const auto bad = parseAllowList({QStringLiteral("pypi.org:443"), QStringLiteral("nope")});
        QVERIFY(!bad);
        QVERIFY(bad.error().message.contains(QLatin1String("\"nope\"")));
    }
};

QTEST_GUILESS_MAIN(TestAllowList)
#include "tst_allowlist.moc"
