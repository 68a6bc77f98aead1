// Where exercises keep things: the learner's folder from the settings (or its environment
// variable), with a default in the documents folder when the value is unusable.
#include "exercises/exercisesettings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace Sandpit::Core;

class TestExerciseSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("sandpit-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_exercisesettings"));
    }
    void init()
    {
        QSettings().clear();
        qunsetenv("SANDPIT_EXERCISES_LEARNER_FOLDER");
    }

    void defaultsToTheDocumentsFolder()
    {
        const ExerciseSettings settings = ExerciseSettings::load();
        QVERIFY2(settings.learnerFolder.endsWith(QStringLiteral("/Sandpit Exercises")),
                 qPrintable(settings.learnerFolder));
        QVERIFY(settings.progressFolder.endsWith(QStringLiteral("/progress")));
        QVERIFY(settings.unpackFolder.endsWith(QStringLiteral("/packs")));
        QVERIFY(settings.progressFolder != settings.unpackFolder);
    }

    void savedFolderComesBack()
    {
        ExerciseSettings settings = ExerciseSettings::load();
        settings.learnerFolder = QStringLiteral("/tmp/my exercises");
        settings.save();
        QCOMPARE(ExerciseSettings::load().learnerFolder, QStringLiteral("/tmp/my exercises"));
    }

    void unusableValuesFallBack_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral("   ");
        QTest::newRow("relative") << QStringLiteral("exercises");
    }
    void unusableValuesFallBack()
    {
        QFETCH(QString, value);
        QSettings().setValue(QStringLiteral("exercises/learnerFolder"), value);
        QVERIFY(ExerciseSettings::load().learnerFolder.endsWith(QStringLiteral("/Sandpit Exercises")));
    }

    void theEnvironmentWins()
    {
        QSettings().setValue(QStringLiteral("exercises/learnerFolder"), QStringLiteral("/tmp/from-settings"));
        qputenv("SANDPIT_EXERCISES_LEARNER_FOLDER", "/tmp/from-environment");
        QCOMPARE(ExerciseSettings::load().learnerFolder, QStringLiteral("/tmp/from-environment"));
        qunsetenv("SANDPIT_EXERCISES_LEARNER_FOLDER");
    }
};

QTEST_GUILESS_MAIN(TestExerciseSettings)
#include "tst_exercisesettings.moc"
