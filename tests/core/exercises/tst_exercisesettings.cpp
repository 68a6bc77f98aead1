#include "exercises/exercisesettings.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

class TestExerciseSettings : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString iniPath() const { return m_dir.filePath(QStringLiteral("sandpit.ini")); }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init() { QFile::remove(iniPath()); }

    void defaultsComeFromStandardPaths()
    {
        const QSettings settings(iniPath(), QSettings::IniFormat);
        const auto loaded = ExerciseSettings::load(settings, QProcessEnvironment());
        QCOMPARE(loaded.learnerFolder,
                 QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                     + QStringLiteral("/Sandpit Exercises"));
        QCOMPARE(loaded.progressFolder,
                 QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/progress"));
        QCOMPARE(loaded.unpackFolder,
                 QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/packs"));
    }

    void savedFolderLoadsBack()
    {
        ExerciseSettings chosen = ExerciseSettings::load(QSettings(iniPath(), QSettings::IniFormat), {});
        chosen.learnerFolder = QStringLiteral("/srv/class/ada");
        {
            QSettings settings(iniPath(), QSettings::IniFormat);
            chosen.save(settings);
        }
        const QSettings settings(iniPath(), QSettings::IniFormat);
        QCOMPARE(settings.value(QStringLiteral("exercises/learnerFolder")).toString(),
                 QStringLiteral("/srv/class/ada"));
        QCOMPARE(ExerciseSettings::load(settings, {}).learnerFolder, QStringLiteral("/srv/class/ada"));
    }

    void malformedFolderFallsBackToTheDefault_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral("   ");
        QTest::newRow("relative") << QStringLiteral("exercises/mine");
    }

    void malformedFolderFallsBackToTheDefault()
    {
        QFETCH(QString, value);
        QSettings settings(iniPath(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("exercises/learnerFolder"), value);
        QCOMPARE(ExerciseSettings::load(settings, {}).learnerFolder, ExerciseSettings::defaultLearnerFolder());
    }

    void problemWithNamesTheBadFolder()
    {
        const QString key = ExerciseSettings::learnerFolderKey();
        QCOMPARE(ExerciseSettings::problemWith(key, QStringLiteral("/home/ada/x")), std::nullopt);
        QCOMPARE(ExerciseSettings::problemWith(key, QStringLiteral("~/x")), std::nullopt);
        const auto why = ExerciseSettings::problemWith(key, QStringLiteral("x"));
        QVERIFY(why && why->startsWith(QStringLiteral("must be")) && why->contains(QStringLiteral("\"x\"")));
        QVERIFY(ExerciseSettings::problemWith(key, QString()));
        QCOMPARE(ExerciseSettings::problemWith(QStringLiteral("limits/timeout_sec"), QStringLiteral("x")),
                 std::nullopt);
    }

    void theDefaultFolderIsSavedAsNoSetting()
    {
        QSettings settings(iniPath(), QSettings::IniFormat);
        settings.setValue(ExerciseSettings::learnerFolderKey(), QStringLiteral("/old"));
        ExerciseSettings chosen = ExerciseSettings::load(settings, {});
        chosen.learnerFolder = ExerciseSettings::defaultLearnerFolder();
        chosen.save(settings);
        QVERIFY(!settings.contains(ExerciseSettings::learnerFolderKey()));
    }

    void progressFollowsTheDataFolderOfTheHistory()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_DATA_DIR"), QStringLiteral("/srv/sandpit-data"));
        const QSettings settings(iniPath(), QSettings::IniFormat);
        QCOMPARE(ExerciseSettings::load(settings, environment).progressFolder,
                 QStringLiteral("/srv/sandpit-data/progress"));
    }

    void tildeMeansHome()
    {
        QSettings settings(iniPath(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("exercises/learnerFolder"), QStringLiteral("~/course//work/"));
        QCOMPARE(ExerciseSettings::load(settings, {}).learnerFolder, QDir::homePath() + QStringLiteral("/course/work"));
    }

    void environmentWinsOverTheSetting()
    {
        QSettings settings(iniPath(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("exercises/learnerFolder"), QStringLiteral("/from/settings"));
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER"), QStringLiteral("/from/environment"));
        QCOMPARE(ExerciseSettings::load(settings, environment).learnerFolder, QStringLiteral("/from/environment"));
        environment.insert(QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER"), QStringLiteral("relative"));
        QCOMPARE(ExerciseSettings::load(settings, environment).learnerFolder, QStringLiteral("/from/settings"));
    }
};

QTEST_GUILESS_MAIN(TestExerciseSettings)
#include "tst_exercisesettings.moc"
