// Where every setting's text comes from: the settings file, or the SANDPIT_* variable over it,
// with the words a message about it starts with.
#include "settings/settingsource.h"
#include "support/freshfolder.h"

#include <QFile>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestSettingSource : public QObject, private FreshFolder
{
    Q_OBJECT

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void absentNamesTheSetting()
    {
        QStringList overrides;
        const SettingSource source
            = lookUpSetting(*settings(), QStringLiteral("limits/time"), {}, QStringLiteral("SANDPIT_TIME"), overrides);
        QVERIFY(!source.present);
        QVERIFY(source.text.isEmpty());
        QCOMPARE(source.origin, QStringLiteral("The setting limits/time (in %1)").arg(iniPath()));
        QVERIFY(overrides.isEmpty());
    }

    void theVariableWinsAndIsCounted()
    {
        auto file = settings();
        file->setValue(QStringLiteral("limits/time"), 5);
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_TIME"), QStringLiteral("9"));
        QStringList overrides;
        const SettingSource source = lookUpSetting(*file, QStringLiteral("limits/time"), environment,
                                                   QStringLiteral("SANDPIT_TIME"), overrides);
        QVERIFY(source.present);
        QCOMPARE(source.text, QStringLiteral("9"));
        QCOMPARE(source.origin, QStringLiteral("The environment variable SANDPIT_TIME"));
        QCOMPARE(overrides, QStringList{QStringLiteral("SANDPIT_TIME")});

        // No variable for the setting: the environment is not looked at.
        const SettingSource fromFile = lookUpSetting(*file, QStringLiteral("limits/time"), environment, {}, overrides);
        QCOMPARE(fromFile.text, QStringLiteral("5"));
        QCOMPARE(overrides.size(), 1);
    }

    void aListWrittenByHandComesBackAsWritten()
    {
        // Unquoted, QSettings reads it as two values.
        QFile ini(iniPath());
        QVERIFY(ini.open(QIODevice::WriteOnly));
        ini.write("[network]\nallow=pypi.org:443, *.example.org:80\n");
        ini.close();
        QStringList overrides;
        const SettingSource source = lookUpSetting(*settings(), QStringLiteral("network/allow"), {}, {}, overrides);
        QVERIFY(source.present);
        QCOMPARE(source.text, QStringLiteral("pypi.org:443,*.example.org:80"));
    }
};

QTEST_GUILESS_MAIN(TestSettingSource)
#include "tst_settingsource.moc"
