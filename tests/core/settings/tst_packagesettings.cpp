// Where a program's packages come from: the wheelhouse and the package index, from the
// settings file or SANDPIT_WHEELHOUSE / SANDPIT_PACKAGE_INDEX, their defaults in the data
// folder, and the messages the Settings dialog shows as they are typed.
#include "settings/enginesettings.h"
#include "settings/packagesettings.h"
#include "support/freshfolder.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestPackageSettings : public QObject, private FreshFolder
{
    Q_OBJECT

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void defaultsAreInTheDataFolder()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_DATA_DIR"), QStringLiteral("/data/sandpit"));
        QStringList overrides;
        const auto loaded = PackageSettings::load(*settings(), environment, overrides);
        QVERIFY(loaded);
        QCOMPARE(loaded->wheelhouse, QStringLiteral("/data/sandpit/wheelhouse"));
        QCOMPARE(loaded->envs, QStringLiteral("/data/sandpit/envs"));
        QVERIFY(loaded->index.isEmpty());
    }

    void settingsThenVariables()
    {
        auto file = settings();
        file->setValue(PackageSettings::wheelhouseKey(), QStringLiteral("/srv/wheels"));
        file->setValue(PackageSettings::indexKey(), QStringLiteral("https://pypi.org/simple"));
        QStringList overrides;
        auto loaded = PackageSettings::load(*file, QProcessEnvironment(), overrides);
        QVERIFY(loaded);
        QCOMPARE(loaded->wheelhouse, QStringLiteral("/srv/wheels"));
        QCOMPARE(loaded->index, QStringLiteral("https://pypi.org/simple"));
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_WHEELHOUSE"), QStringLiteral("~/wheels"));
        loaded = PackageSettings::load(*file, environment, overrides);
        QVERIFY(loaded);
        QCOMPARE(loaded->wheelhouse, QDir::homePath() + QStringLiteral("/wheels"));
        QCOMPARE(overrides, QStringList{QStringLiteral("SANDPIT_WHEELHOUSE")});
    }

    void indexFileHostsAreAList()
    {
        auto file = settings();
        // As a person writes it in the file, unquoted: QSettings reads a list of two.
        file->setValue(PackageSettings::indexHostsKey(),
                       QStringList{QStringLiteral("files.example.org:443"), QStringLiteral("cdn.example.org:443")});
        QStringList overrides;
        auto loaded = PackageSettings::load(*file, QProcessEnvironment(), overrides);
        QVERIFY(loaded);
        QCOMPARE(loaded->indexHosts, (QStringList{QStringLiteral("files.example.org:443"),
                                                  QStringLiteral("cdn.example.org:443")}));
        PackageSettings::save(*loaded, *file);
        QCOMPARE(PackageSettings::load(*file, QProcessEnvironment(), overrides)->indexHosts, loaded->indexHosts);
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_PACKAGE_INDEX_HOSTS"), QStringLiteral("files.example.org"));
        loaded = PackageSettings::load(*file, environment, overrides);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().startsWith(QStringLiteral("The environment variable SANDPIT_PACKAGE_INDEX_HOSTS is "
                                                          "not a list of hosts: ")),
                 qPrintable(loaded.error()));
    }

    void badValuesNameTheirOrigin()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_PACKAGE_INDEX"), QStringLiteral("pypi"));
        QStringList overrides;
        const auto loaded = PackageSettings::load(*settings(), environment, overrides);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().startsWith(QStringLiteral("The environment variable SANDPIT_PACKAGE_INDEX must be "
                                                          "empty (the wheelhouse only) or a package index")),
                 qPrintable(loaded.error()));
        // EngineSettings reads them too, so the window and the command line refuse alike.
        QVERIFY(!EngineSettings::load(*settings(), environment));
    }

    void problemsAsTyped_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("good");
        const QString wheelhouse = PackageSettings::wheelhouseKey();
        const QString index = PackageSettings::indexKey();
        QTest::newRow("absolute folder") << wheelhouse << QStringLiteral("/srv/wheels") << true;
        QTest::newRow("home folder") << wheelhouse << QStringLiteral("~/wheels") << true;
        QTest::newRow("relative folder") << wheelhouse << QStringLiteral("wheels") << false;
        QTest::newRow("empty folder") << wheelhouse << QString() << false;
        QTest::newRow("a file") << wheelhouse << QStringLiteral("/etc/hostname") << false;
        QTest::newRow("no index") << index << QString() << true;
        QTest::newRow("https index") << index << QStringLiteral("https://pypi.org/simple") << true;
        QTest::newRow("no scheme") << index << QStringLiteral("pypi.org/simple") << false;
        QTest::newRow("ftp") << index << QStringLiteral("ftp://example.org/simple") << false;
        const QString hosts = PackageSettings::indexHostsKey();
        QTest::newRow("no file hosts") << hosts << QString() << true;
        QTest::newRow("file hosts") << hosts << QStringLiteral("files.pythonhosted.org:443, [::1]:8080") << true;
        QTest::newRow("file host without port") << hosts << QStringLiteral("files.pythonhosted.org") << false;
    }

    void problemsAsTyped()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(bool, good);
        QCOMPARE(!PackageSettings::problemWith(key, text), good);
        // The dialog asks EngineSettings, which must say the same.
        QCOMPARE(!EngineSettings::problemWith(key, text), good);
    }
};

QTEST_GUILESS_MAIN(TestPackageSettings)
#include "tst_packagesettings.moc"
