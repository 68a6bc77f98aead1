// The hosts a run may reach: network/allow in the settings file or SANDPIT_ALLOW_NET, no network
// by default, and the messages the Settings dialog shows as they are typed.
#include "settings/enginesettings.h"
#include "settings/networksettings.h"
#include "support/freshfolder.h"

#include <QFile>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestNetworkSettings : public QObject, private FreshFolder
{
    Q_OBJECT

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void noNetworkByDefault()
    {
        const auto engine = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(engine);
        QVERIFY(engine->network.isEmpty());
    }

    void settingThenVariable()
    {
        auto file = settings();
        file->setValue(NetworkSettings::allowKey(), QStringLiteral("pypi.org:443, *.example.org:80"));
        auto engine = EngineSettings::load(*file, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(allowListText(engine->network),
                 (QStringList{QStringLiteral("pypi.org:443"), QStringLiteral("*.example.org:80")}));

        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QStringLiteral("localhost:8000\n[::1]:8080"));
        engine = EngineSettings::load(*file, environment);
        QVERIFY(engine);
        QCOMPARE(allowListText(engine->network),
                 (QStringList{QStringLiteral("localhost:8000"), QStringLiteral("[::1]:8080")}));
        QVERIFY(engine->environmentOverrides.contains(QStringLiteral("SANDPIT_ALLOW_NET")));

        // An empty variable is a choice too: no network, whatever the file says.
        environment.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QString());
        QVERIFY(EngineSettings::load(*file, environment)->network.isEmpty());
    }

    void aListWrittenByHandReadsTheSame()
    {
        // Unquoted in the file, QSettings reads "a:1, b:2" as a list of two.
        {
            QFile ini(settings()->fileName());
            QVERIFY(ini.open(QIODevice::WriteOnly));
            ini.write("[network]\nallow=pypi.org:443, files.pythonhosted.org:443\n");
        }
        const auto engine = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(allowListText(engine->network),
                 (QStringList{QStringLiteral("pypi.org:443"), QStringLiteral("files.pythonhosted.org:443")}));
    }

    void savedAndReadBack()
    {
        EngineSettings engine;
        engine.network = {AllowedDestination{QStringLiteral("pypi.org"), 443},
                          AllowedDestination{QStringLiteral("::1"), 8080}};
        auto file = settings();
        engine.save(*file);
        QCOMPARE(EngineSettings::load(*file, QProcessEnvironment())->network, engine.network);
        engine.network.clear();
        engine.save(*file);
        QVERIFY(!file->contains(NetworkSettings::allowKey())); // no network is no setting
    }

    void badEntriesNameTheirOrigin()
    {
        auto file = settings();
        file->setValue(NetworkSettings::allowKey(), QStringLiteral("pypi.org:443, https://example.org"));
        auto engine = EngineSettings::load(*file, QProcessEnvironment());
        QVERIFY(!engine);
        QVERIFY2(engine.error().startsWith(QStringLiteral("The setting network/allow (in ")), qPrintable(engine.error()));
        QVERIFY2(engine.error().contains(QStringLiteral("\"https://example.org\" is a URL")), qPrintable(engine.error()));

        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QStringLiteral("example.org"));
        engine = EngineSettings::load(*settings(), environment);
        QVERIFY(!engine);
        QVERIFY2(engine.error().startsWith(QStringLiteral("The environment variable SANDPIT_ALLOW_NET is not a list "
                                                          "of hosts: The allowed network destination \"example.org\" "
                                                          "has no port")),
                 qPrintable(engine.error()));
    }

    void problemsAsTyped_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("good");
        QTest::newRow("empty") << QString() << true;
        QTest::newRow("one") << QStringLiteral("pypi.org:443") << true;
        QTest::newRow("commas") << QStringLiteral("pypi.org:443, localhost:8000,") << true;
        QTest::newRow("lines") << QStringLiteral("pypi.org:443\n*.example.org:80\n") << true;
        QTest::newRow("no port") << QStringLiteral("pypi.org:443, example.org") << false;
        QTest::newRow("url") << QStringLiteral("https://pypi.org/simple") << false;
        QTest::newRow("bad port") << QStringLiteral("pypi.org:99999") << false;
        QTest::newRow("star inside") << QStringLiteral("a.*.org:80") << false;
    }

    void problemsAsTyped()
    {
        QFETCH(QString, text);
        QFETCH(bool, good);
        QCOMPARE(!NetworkSettings::problemWith(NetworkSettings::allowKey(), text), good);
        // The dialog asks EngineSettings, which must say the same.
        QCOMPARE(!EngineSettings::problemWith(NetworkSettings::allowKey(), text), good);
    }
};

QTEST_GUILESS_MAIN(TestNetworkSettings)
#include "tst_networksettings.moc"
