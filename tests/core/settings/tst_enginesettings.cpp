// The engine's configuration: settings file, SANDPIT_* overrides, and the messages a user
// sees when one of them holds nonsense.
#include "docker/dockerbackend.h"
#include "engine/backendfactory.h"
#include "settings/enginesettings.h"
#include "support/freshfolder.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

class TestEngineSettings : public QObject, private FreshFolder
{
    Q_OBJECT

private:
    static QProcessEnvironment env(std::initializer_list<std::pair<const char *, const char *>> vars)
    {
        QProcessEnvironment e;
        for (const auto &[name, value] : vars)
            e.insert(QString::fromLatin1(name), QString::fromLatin1(value));
        return e;
    }

private Q_SLOTS:
    void init() { makeFreshFolder(); }

    void defaults()
    {
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(loaded);
        QCOMPARE(loaded->backend, QStringLiteral("local"));
        QCOMPARE(loaded->limits.wallTimeMs, 10'000);
        QCOMPARE(loaded->limits.memoryBytes, 256LL * 1024 * 1024);
        QCOMPARE(loaded->limits.outputBytes, 1024LL * 1024);
        QVERIFY(loaded->environmentOverrides.isEmpty());
    }

    void valuesFromTheSettingsFile()
    {
        {
            auto s = settings();
            s->setValue(QStringLiteral("engine/backend"), QStringLiteral("docker"));
            s->setValue(QStringLiteral("limits/timeout_sec"), QStringLiteral("2.5"));
            s->setValue(QStringLiteral("limits/memory_mb"), 512);
            s->setValue(QStringLiteral("limits/output_limit_kb"), QStringLiteral("64"));
            s->setValue(QStringLiteral("limits/cpu_time_sec"), QStringLiteral("2"));
            s->setValue(QStringLiteral("limits/processes"), 8);
            s->setValue(QStringLiteral("limits/file_size_mb"), QStringLiteral("2"));
        }
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->backend, QStringLiteral("docker"));
        QCOMPARE(loaded->limits.wallTimeMs, 2500);
        QCOMPARE(loaded->limits.memoryBytes, 512LL * 1024 * 1024);
        QCOMPARE(loaded->limits.outputBytes, 64LL * 1024);
        QCOMPARE(loaded->limits.cpuTimeMs, 2000);
        QCOMPARE(loaded->limits.processes, 8);
        QCOMPARE(loaded->limits.fileSizeBytes, 2LL * 1024 * 1024);
        QVERIFY(loaded->environmentOverrides.isEmpty());
    }

    void environmentWinsAndIsListed()
    {
        {
            auto s = settings();
            s->setValue(QStringLiteral("limits/timeout_sec"), 5);
            s->setValue(QStringLiteral("limits/memory_mb"), 100);
        }
        const auto loaded = EngineSettings::load(*settings(),
                                                 env({{"SANDPIT_TIMEOUT_SEC", "3"},
                                                      {"SANDPIT_OUTPUT_LIMIT_KB", "1"},
                                                      {"SANDPIT_PROCESSES", "3"},
                                                      {"SANDPIT_BACKEND", "docker"},
                                                      {"SANDPIT_UNRELATED", "x"}}));
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->limits.wallTimeMs, 3000);
        QCOMPARE(loaded->limits.memoryBytes, 100LL * 1024 * 1024); // from the file: no override
        QCOMPARE(loaded->limits.outputBytes, 1024);
        QCOMPARE(loaded->limits.processes, 3);
        QCOMPARE(loaded->backend, QStringLiteral("docker"));
        QStringList overrides = loaded->environmentOverrides;
        overrides.sort();
        QCOMPARE(overrides,
                 (QStringList{QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("SANDPIT_OUTPUT_LIMIT_KB"),
                              QStringLiteral("SANDPIT_PROCESSES"), QStringLiteral("SANDPIT_TIMEOUT_SEC")}));
    }

    void badEnvironmentValueIsNamed_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("value");
        for (const char *variable : {"SANDPIT_TIMEOUT_SEC", "SANDPIT_MEMORY_MB", "SANDPIT_OUTPUT_LIMIT_KB",
                                     "SANDPIT_PROCESSES", "SANDPIT_FILE_SIZE_MB"}) {
            for (const char *value : {"abc", "-1", "1e999", "", "nan", "inf", "0"}) {
                QTest::addRow("%s=%s", variable, value) << QString::fromLatin1(variable) << QString::fromLatin1(value);
            }
        }
    }

    void badEnvironmentValueIsNamed()
    {
        QFETCH(QString, variable);
        QFETCH(QString, value);
        QProcessEnvironment e;
        e.insert(variable, value);
        const auto loaded = EngineSettings::load(*settings(), e);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(variable), qPrintable(loaded.error()));
        QVERIFY2(loaded.error().contains(QLatin1Char('"') + value + QLatin1Char('"')), qPrintable(loaded.error()));
    }

    void badSettingsValueIsNamed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("timeout word") << QStringLiteral("limits/timeout_sec") << QStringLiteral("forever");
        QTest::newRow("timeout too long") << QStringLiteral("limits/timeout_sec") << QStringLiteral("999999");
        QTest::newRow("memory too small") << QStringLiteral("limits/memory_mb") << QStringLiteral("4");
        QTest::newRow("output negative") << QStringLiteral("limits/output_limit_kb") << QStringLiteral("-5");
    }

    void badSettingsValueIsNamed()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        settings()->setValue(key, value);
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(key), qPrintable(loaded.error()));
        QVERIFY2(loaded.error().contains(QLatin1Char('"') + value + QLatin1Char('"')), qPrintable(loaded.error()));
    }

    void goodEnvironmentHidesABadSetting()
    {
        settings()->setValue(QStringLiteral("limits/timeout_sec"), QStringLiteral("forever"));
        const auto loaded = EngineSettings::load(*settings(), env({{"SANDPIT_TIMEOUT_SEC", " 7 "}}));
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->limits.wallTimeMs, 7000);
    }

    void backendChoice()
    {
        const auto docker = EngineSettings::load(*settings(), env({{"SANDPIT_BACKEND", "docker"}}));
        QVERIFY(docker);
        QCOMPARE(docker->backend, QStringLiteral("docker"));

        const auto vm = EngineSettings::load(*settings(), env({{"SANDPIT_BACKEND", "vm"}}));
        QVERIFY(!vm);
        QVERIFY2(vm.error().contains(QStringLiteral("SANDPIT_BACKEND")), qPrintable(vm.error()));
        QVERIFY2(vm.error().contains(QStringLiteral("\"vm\"")), qPrintable(vm.error()));
        QVERIFY2(vm.error().contains(QStringLiteral("local")), qPrintable(vm.error()));

        settings()->setValue(QStringLiteral("engine/backend"), QStringLiteral("chroot"));
        const auto fromFile = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(!fromFile);
        QVERIFY2(fromFile.error().contains(QStringLiteral("engine/backend")), qPrintable(fromFile.error()));
        QVERIFY2(fromFile.error().contains(QStringLiteral("\"chroot\"")), qPrintable(fromFile.error()));
        QVERIFY(knownBackends().contains(QStringLiteral("docker")));
    }

    void dockerFallback()
    {
        QVERIFY(EngineSettings::load(*settings(), QProcessEnvironment())->dockerFallback); // on by default
        settings()->setValue(QStringLiteral("engine/docker_fallback"), false);
        QVERIFY(!EngineSettings::load(*settings(), QProcessEnvironment())->dockerFallback);
        QProcessEnvironment env;
        env.insert(QStringLiteral("SANDPIT_DOCKER_FALLBACK"), QStringLiteral("yes"));
        const auto fromEnvironment = EngineSettings::load(*settings(), env);
        QVERIFY(fromEnvironment->dockerFallback);
        QVERIFY(fromEnvironment->environmentOverrides.contains(QStringLiteral("SANDPIT_DOCKER_FALLBACK")));
        env.insert(QStringLiteral("SANDPIT_DOCKER_FALLBACK"), QStringLiteral("maybe"));
        const auto bad = EngineSettings::load(*settings(), env);
        QVERIFY(!bad);
        QVERIFY2(bad.error().contains(QStringLiteral("SANDPIT_DOCKER_FALLBACK"))
                     && bad.error().contains(QStringLiteral("maybe")),
                 qPrintable(bad.error()));
    }

    void saveThenLoadRoundTrips()
    {
        EngineSettings original;
        original.backend = QStringLiteral("docker");
        original.limits.wallTimeMs = 2500;
        original.limits.memoryBytes = 128LL * 1024 * 1024;
        original.limits.outputBytes = 64 * 1024;
        original.limits.cpuTimeMs = 3000;
        original.limits.processes = 8;
        original.limits.fileSizeBytes = 2LL * 1024 * 1024;
        {
            auto s = settings();
            original.save(*s);
            s->sync();
            QCOMPARE(s->status(), QSettings::NoError);
        }
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->backend, original.backend);
        QCOMPARE(loaded->limits, original.limits);
        QVERIFY(loaded->environmentOverrides.isEmpty());
    }

    void defaultsSurviveARoundTrip()
    {
        EngineSettings().save(*settings());
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->limits, Limits{});
        QCOMPARE(loaded->backend, QStringLiteral("local"));
    }

    void memoryPastTheMachineIsRefused()
    {
        // 1 TB passes the fixed bound but no test machine has it.
        settings()->setValue(QStringLiteral("limits/memory_mb"), QStringLiteral("1048576"));
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(QStringLiteral("this machine's memory")), qPrintable(loaded.error()));
    }

    void aCountMustBeWhole()
    {
        const auto problem = EngineSettings::problemWith(QStringLiteral("limits/processes"), QStringLiteral("2.5"));
        QVERIFY(problem);
        QVERIFY2(problem->contains(QStringLiteral("whole number of processes between 1 and 4096")),
                 qPrintable(*problem));
    }

    void problemWithSaysWhatLoadSays_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("good");
        QTest::newRow("timeout 0") << QStringLiteral("limits/timeout_sec") << QStringLiteral("0") << false;
        QTest::newRow("timeout 2.5") << QStringLiteral("limits/timeout_sec") << QStringLiteral("2.5") << true;
        QTest::newRow("memory word") << QStringLiteral("limits/memory_mb") << QStringLiteral("lots") << false;
        QTest::newRow("cpu 0 (none of its own)")
            << QStringLiteral("limits/cpu_time_sec") << QStringLiteral("0") << true;
        QTest::newRow("cpu negative") << QStringLiteral("limits/cpu_time_sec") << QStringLiteral("-1") << false;
        QTest::newRow("cpu 0.3 (the kernel counts seconds)")
            << QStringLiteral("limits/cpu_time_sec") << QStringLiteral("0.3") << false;
        QTest::newRow("processes 16") << QStringLiteral("limits/processes") << QStringLiteral("16") << true;
        QTest::newRow("processes half") << QStringLiteral("limits/processes") << QStringLiteral("2.5") << false;
        QTest::newRow("processes 0") << QStringLiteral("limits/processes") << QStringLiteral("0") << false;
        QTest::newRow("file size 0") << QStringLiteral("limits/file_size_mb") << QStringLiteral("0") << false;
        QTest::newRow("file size 0.5") << QStringLiteral("limits/file_size_mb") << QStringLiteral("0.5") << false;
        QTest::newRow("file size 10") << QStringLiteral("limits/file_size_mb") << QStringLiteral("10") << true;
        QTest::newRow("backend vm") << QStringLiteral("engine/backend") << QStringLiteral("vm") << false;
        QTest::newRow("fallback maybe") << QStringLiteral("engine/docker_fallback") << QStringLiteral("maybe") << false;
        QTest::newRow("image capitals") << QStringLiteral("docker/images/python") << QStringLiteral("Python:3")
                                        << false;
        QTest::newRow("image space") << QStringLiteral("docker/images/python") << QStringLiteral("my image") << false;
        QTest::newRow("image registry") << QStringLiteral("docker/images/cpp")
                                        << QStringLiteral("registry.example.org:5000/team/gcc:14") << true;
        QTest::newRow("image plain") << QStringLiteral("docker/images/python") << QStringLiteral("python:3.12-slim")
                                     << true;
    }

    void problemWithSaysWhatLoadSays()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(bool, good);
        const auto problem = EngineSettings::problemWith(key, value);
        QCOMPARE(!problem.has_value(), good);
        settings()->setValue(key, value);
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QCOMPARE(loaded.has_value(), good);
        if (!good) {
            QVERIFY2(loaded.error().contains(key), qPrintable(loaded.error()));
            QVERIFY2(loaded.error().endsWith(*problem), qPrintable(loaded.error()));
        }
    }

    void dockerImageFromTheSettingsReachesTheBackend()
    {
        settings()->setValue(EngineSettings::imageKey(QStringLiteral("python")), QStringLiteral("my/python:3"));
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->dockerImages.value(QStringLiteral("python")), QStringLiteral("my/python:3"));

        const LanguageRegistry languages = LanguageRegistry::builtIn();
        const Language *python = languages.find(QStringLiteral("python"));
        const Language *bash = languages.find(QStringLiteral("bash"));
        QVERIFY(python && bash);
        DockerBackend::Config config;
        config.environment = QProcessEnvironment(); // no SANDPIT_DOCKER_IMAGE_* from the machine
        config.images = loaded->dockerImages;
        DockerBackend backend(languages, config);
        QCOMPARE(backend.imageFor(*python), QStringLiteral("my/python:3"));
        QCOMPARE(backend.imageFor(*bash), bash->dockerImage); // no override: languages.json

        config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), QStringLiteral("env/python"));
        DockerBackend withVariable(languages, config);
        QCOMPARE(withVariable.imageFor(*python), QStringLiteral("env/python")); // the variable wins

        // makeBackends hands the settings' images to the Docker backend.
        const auto backends = makeBackends(languages, *loaded, RunsExpected::One);
        const auto docker = std::find_if(backends.begin(), backends.end(),
                                         [](const auto &b) { return b->id() == QLatin1String("docker"); });
        QVERIFY(docker != backends.end());
        if (!qEnvironmentVariableIsSet("SANDPIT_DOCKER_IMAGE_PYTHON"))
            QCOMPARE(static_cast<DockerBackend &>(**docker).imageFor(*python), QStringLiteral("my/python:3"));
    }

    void badDockerImageIsNamed()
    {
        settings()->setValue(EngineSettings::imageKey(QStringLiteral("cpp")), QStringLiteral("GCC 14"));
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(QStringLiteral("docker/images/cpp"))
                     && loaded.error().contains(QStringLiteral("\"GCC 14\"")),
                 qPrintable(loaded.error()));
    }

    void dockerImagesRoundTrip()
    {
        EngineSettings original;
        original.dockerImages.insert(QStringLiteral("rust"), QStringLiteral("rust:1-slim"));
        original.save(*settings());
        const auto loaded = EngineSettings::load(*settings(), QProcessEnvironment());
        QVERIFY2(loaded, why(loaded).constData());
        QCOMPARE(loaded->dockerImages, original.dockerImages);
    }
};

QTEST_GUILESS_MAIN(TestEngineSettings)
#include "tst_enginesettings.moc"
