// The history's settings: the store policy (always, on-error, never) from the settings file
// or SANDPIT_STORE_RUNS, the record cap, the data folder, and messages for nonsense values.
#include "settings/historysettings.h"
#include "support/freshfolder.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestHistorySettings : public QObject, private FreshFolder
{
    Q_OBJECT

    /// A run that ended with `exitCode` (none: killed) for `reason`, as a policy sees it.
    static RunResult resultWith(std::optional<int> exitCode, KillReason reason = KillReason::None)
    {
        RunResult r;
        r.exitCode = exitCode;
        r.killReason = reason;
        return r;
    }

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void defaults()
    {
        const auto loaded = HistorySettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->policy, StorePolicy::Always);
        QCOMPARE(loaded->maxRecords, HistorySettings::kDefaultMaxRecords);
        QVERIFY(loaded->directory.endsWith(QStringLiteral("/history")));
        QVERIFY(loaded->environmentOverrides.isEmpty());
    }

    void eachPolicyDecides_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<bool>("keepsSuccess");
        QTest::addColumn<bool>("keepsFailure");
        QTest::addColumn<bool>("keepsKill");
        QTest::newRow("always") << QStringLiteral("always") << true << true << true;
        QTest::newRow("on-error") << QStringLiteral("on-error") << false << true << true;
        QTest::newRow("never") << QStringLiteral("never") << false << false << false;
        QTest::newRow("capitals and spaces") << QStringLiteral(" On-Error ") << false << true << true;
    }

    void eachPolicyDecides()
    {
        QFETCH(QString, policy);
        QFETCH(bool, keepsSuccess);
        QFETCH(bool, keepsFailure);
        QFETCH(bool, keepsKill);
        settings()->setValue(QStringLiteral("history/store"), policy);
        const auto loaded = HistorySettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->wants(resultWith(0)), keepsSuccess);
        QCOMPARE(loaded->wants(resultWith(1)), keepsFailure);
        QCOMPARE(loaded->wants(resultWith(std::nullopt, KillReason::Timeout)), keepsKill);
    }

    void environmentWins()
    {
        {
            auto s = settings();
            s->setValue(QStringLiteral("history/store"), QStringLiteral("always"));
            s->setValue(QStringLiteral("history/max_records"), 7);
        }
        QProcessEnvironment env;
        env.insert(QStringLiteral("SANDPIT_STORE_RUNS"), QStringLiteral("never"));
        env.insert(QStringLiteral("SANDPIT_DATA_DIR"), QStringLiteral("/somewhere"));
        const auto loaded = HistorySettings::load(*settings(), env);
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->policy, StorePolicy::Never);
        QCOMPARE(loaded->maxRecords, 7);
        QCOMPARE(loaded->directory, QStringLiteral("/somewhere/history"));
        QCOMPARE(loaded->environmentOverrides,
                 (QStringList{QStringLiteral("SANDPIT_DATA_DIR"), QStringLiteral("SANDPIT_STORE_RUNS")}));
    }

    void badValuesAreNamed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("value");
        QTest::newRow("policy in settings")
            << QStringLiteral("history/store") << QString() << QStringLiteral("sometimes");
        QTest::newRow("policy in environment")
            << QString() << QStringLiteral("SANDPIT_STORE_RUNS") << QStringLiteral("yes");
        QTest::newRow("cap zero") << QStringLiteral("history/max_records") << QString() << QStringLiteral("0");
        QTest::newRow("cap words") << QStringLiteral("history/max_records") << QString() << QStringLiteral("lots");
    }

    void badValuesAreNamed()
    {
        QFETCH(QString, key);
        QFETCH(QString, variable);
        QFETCH(QString, value);
        QProcessEnvironment env;
        if (!key.isEmpty())
            settings()->setValue(key, value);
        else
            env.insert(variable, value);
        const auto loaded = HistorySettings::load(*settings(), env);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(key.isEmpty() ? variable : key), why(loaded).constData());
        QVERIFY2(loaded.error().contains(QLatin1Char('"') + value + QLatin1Char('"')), why(loaded).constData());
    }
};

QTEST_GUILESS_MAIN(TestHistorySettings)
#include "tst_historysettings.moc"
