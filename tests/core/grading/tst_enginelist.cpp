// The engines of `sandpit grade --engine/--engines` and the Grade dialog, read by one parser:
// what is an engine, what is not (each said with where it was written), and an engines file's
// comments and blank lines.

#include "grading/enginelist.h"

#include <QTest>

using namespace Sandpit::Core;

class TestEngineList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void enginesAreKept_data()
    {
        QTest::addColumn<QString>("written");
        QTest::addColumn<QString>("engine");
        QTest::newRow("socket") << QStringLiteral("unix:///var/run/docker.sock")
                                << QStringLiteral("unix:///var/run/docker.sock");
        QTest::newRow("host") << QStringLiteral("tcp://lab-pc") << QStringLiteral("tcp://lab-pc");
        QTest::newRow("host and port") << QStringLiteral("  tcp://10.0.0.7:2376 ")
                                       << QStringLiteral("tcp://10.0.0.7:2376");
        QTest::newRow("trailing slash") << QStringLiteral("tcp://lab-pc:2376/") << QStringLiteral("tcp://lab-pc:2376");
        QTest::newRow("IPv6") << QStringLiteral("tcp://[::1]:23760") << QStringLiteral("tcp://[::1]:23760");
    }

    void enginesAreKept()
    {
        QFETCH(QString, written);
        QFETCH(QString, engine);
        const auto engines = parseEngines({{written, QStringLiteral("--engine")}});
        QVERIFY2(engines.has_value(), qPrintable(engines.error()));
        QCOMPARE(*engines, QStringList{engine});
    }

    void nonEnginesAreSaid_data()
    {
        QTest::addColumn<QString>("written");
        QTest::addColumn<QString>("said");
        QTest::newRow("relative socket") << QStringLiteral("unix://docker.sock")
                                         << QStringLiteral("--engine: unix://docker.sock names no socket");
        QTest::newRow("empty socket") << QStringLiteral("unix://")
                                      << QStringLiteral("--engine: unix:// names no socket");
        QTest::newRow("no host") << QStringLiteral("tcp://:2376")
                                 << QStringLiteral("--engine: tcp://:2376 is not a host and port");
        QTest::newRow("port too big") << QStringLiteral("tcp://lab:65536")
                                      << QStringLiteral("--engine: tcp://lab:65536 is not a host and port");
        QTest::newRow("port not a number")
            << QStringLiteral("tcp://lab:https") << QStringLiteral("--engine: tcp://lab:https is not a host and port");
        QTest::newRow("port 0") << QStringLiteral("tcp://lab:0") << QStringLiteral("--engine: tcp://lab:0 has port 0");
        QTest::newRow("a path") << QStringLiteral("tcp://lab:2376/v1.43")
                                << QStringLiteral("--engine: tcp://lab:2376/v1.43 is not a host and port");
        QTest::newRow("a user") << QStringLiteral("tcp://me@lab:2376")
                                << QStringLiteral("--engine: tcp://me@lab:2376 is not a host and port");
        QTest::newRow("two") << QStringLiteral("tcp://a:1 tcp://b:2")
                             << QStringLiteral("--engine: \"tcp://a:1 tcp://b:2\" is more than one URL");
        QTest::newRow("ssh") << QStringLiteral("ssh://me@lab")
                             << QStringLiteral("--engine: ssh://me@lab: ssh:// engines are not supported. Forward");
        QTest::newRow("no scheme") << QStringLiteral("lab-pc:2376")
                                   << QStringLiteral("--engine: lab-pc:2376 is no Docker engine: give unix://");
    }

    void nonEnginesAreSaid()
    {
        QFETCH(QString, written);
        QFETCH(QString, said);
        const auto engines = parseEngines({{written, QStringLiteral("--engine")}});
        QVERIFY(!engines.has_value());
        QVERIFY2(engines.error().startsWith(said), qPrintable(engines.error()));
    }

    void anEnginesFileNamesItsLines()
    {
        const QString file = QStringLiteral("# the lab\n\nunix:///var/run/docker.sock\r\n  # spare\ntcp://lab:2376\n");
        const QList<EngineLine> lines = engineLines(file, QStringLiteral("engines.txt"));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).where, QStringLiteral("engines.txt line 3"));
        QCOMPARE(lines.at(1).where, QStringLiteral("engines.txt line 5"));
        QCOMPARE(*parseEngines(lines),
                 (QStringList{QStringLiteral("unix:///var/run/docker.sock"), QStringLiteral("tcp://lab:2376")}));
        QCOMPARE(engineLines(QStringLiteral("tcp://a\nftp://b")).at(1).where, QStringLiteral("line 2"));
        QCOMPARE(parseEngines(engineLines(QStringLiteral("tcp://a\nftp://b"))).error(),
                 QStringLiteral("line 2: ftp://b is no Docker engine: give unix:///var/run/docker.sock or "
                                "tcp://host:2376"));
    }

    void anEngineGivenTwiceIsRefused()
    {
        const auto engines = parseEngines({{QStringLiteral("tcp://lab:2376"), QStringLiteral("--engine")},
                                           {QStringLiteral("tcp://lab:2376/"), QStringLiteral("engines.txt line 1")}});
        QCOMPARE(engines.error(), QStringLiteral("engines.txt line 1: tcp://lab:2376 is given twice"));
    }
};

QTEST_GUILESS_MAIN(TestEngineList)
#include "tst_enginelist.moc"
