// The settings dialog as a user meets it: a bad value is named under its field and blocks
// OK, a good one is saved where the engine reads it, a SANDPIT_* variable is shown read-only
// and still wins, Restore Defaults, and a Docker image chosen per language.
#include "exercises/exercisesettings.h"
#include "run/attachmentsession.h"
#include "settings/networksettings.h"
#include "settings/packagesettings.h"
#include "settings/policysettings.h"
#include "settings/settingsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;
using Ui::SettingsDialog;

class TestSettingsDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SettingsDialog> dialog(const QProcessEnvironment &environment = {})
    {
        auto d = std::make_unique<SettingsDialog>(*m_settings, m_languages, environment);
        d->open();
        return d;
    }
    template<typename T>
    static T *field(SettingsDialog &d, const QString &name)
    {
        T *found = d.findChild<T *>(name);
        if (!found)
            qFatal("no %s", qPrintable(name));
        return found;
    }
    static void type(QLineEdit *edit, const QString &text)
    {
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClicks(edit, text);
    }
    static QPushButton *button(SettingsDialog &d, QDialogButtonBox::StandardButton which)
    {
        return d.findChild<QDialogButtonBox *>()->button(which);
    }
    static QString message(SettingsDialog &d, const QString &key)
    {
        QLabel *label = field<QLabel>(d, key + QStringLiteral("#error"));
        return label->isHidden() ? QString() : label->text();
    }
    int row(SettingsDialog &d, const QString &languageName)
    {
        QTableWidget *table = field<QTableWidget>(d, QStringLiteral("dockerImages"));
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->text() == languageName)
                return r;
        }
        qFatal("no row for %s", qPrintable(languageName));
    }

    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // AttachmentSession's QSettings() stays in the test's own place
        QSettings().clear();
    }

    void init()
    {
        m_settings.reset(); // first: it writes what it holds when it goes
        QFile::remove(m_dir.filePath(QStringLiteral("sandpit.ini")));
        m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("sandpit.ini")), QSettings::IniFormat);
    }

    void badValueBlocksOkUntilFixed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("label");
        QTest::newRow("limit of 0") << QStringLiteral("limits/timeout_sec") << QStringLiteral("0")
                                    << QStringLiteral("Wall time");
        QTest::newRow("not a number") << QStringLiteral("limits/memory_mb") << QStringLiteral("lots")
                                      << QStringLiteral("Memory");
        QTest::newRow("past the machine")
            << QStringLiteral("limits/memory_mb") << QStringLiteral("1048576") << QStringLiteral("Memory");
        QTest::newRow("half a process") << QStringLiteral("limits/processes") << QStringLiteral("2.5")
                                        << QStringLiteral("Processes");
        QTest::newRow("runs kept") << QStringLiteral("history/max_records") << QStringLiteral("-3")
                                   << QStringLiteral("Runs kept");
        QTest::newRow("pane lines") << QStringLiteral("output/max_lines") << QStringLiteral("5")
                                    << QStringLiteral("Output pane keeps");
    }

    void badValueBlocksOkUntilFixed()
    {
        QFETCH(QString, key);
        QFETCH(QString, bad);
        QFETCH(QString, label);
        auto d = dialog();
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(message(*d, key).isEmpty());

        type(field<QLineEdit>(*d, key), bad);
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(!button(*d, QDialogButtonBox::Apply)->isEnabled());
        QVERIFY2(message(*d, key).startsWith(label + QStringLiteral(" must be")), qPrintable(message(*d, key)));
        QVERIFY2(message(*d, key).contains(QLatin1Char('"') + bad + QLatin1Char('"')), qPrintable(message(*d, key)));
        QVERIFY(field<QLabel>(*d, QStringLiteral("status"))->text().contains(label)); // whichever page is showing
        QVERIFY(!d->apply());
        QVERIFY(!m_settings->contains(key)); // nothing written

        type(field<QLineEdit>(*d, key), QStringLiteral("500"));
        QVERIFY2(message(*d, key).isEmpty(), qPrintable(message(*d, key)));
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
    }

    void typedValuesAreWhatTheEngineReads()
    {
        auto d = dialog();
        QSignalSpy applied(d.get(), &SettingsDialog::settingsApplied);
        type(field<QLineEdit>(*d, QStringLiteral("limits/timeout_sec")), QStringLiteral("2.5"));
        type(field<QLineEdit>(*d, QStringLiteral("limits/memory_mb")), QStringLiteral("512"));
        type(field<QLineEdit>(*d, QStringLiteral("limits/output_limit_kb")), QStringLiteral("64"));
        type(field<QLineEdit>(*d, QStringLiteral("limits/cpu_time_sec")), QStringLiteral("3"));
        type(field<QLineEdit>(*d, QStringLiteral("limits/processes")), QStringLiteral("12"));
        type(field<QLineEdit>(*d, QStringLiteral("limits/file_size_mb")), QStringLiteral("4"));
        auto *backend = field<QComboBox>(*d, QStringLiteral("engine/backend"));
        backend->setCurrentIndex(backend->findData(QStringLiteral("docker")));
        auto *theme = field<QComboBox>(*d, SettingsDialog::kThemeKey);
        theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
        field<QSpinBox>(*d, SettingsDialog::kFontKey + QStringLiteral("#size"))->setValue(17);
        QTest::mouseClick(button(*d, QDialogButtonBox::Ok), Qt::LeftButton);

        QCOMPARE(d->result(), int(QDialog::Accepted));
        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(engine->limits.wallTimeMs, 2500);
        QCOMPARE(engine->limits.memoryBytes, 512LL * 1024 * 1024);
        QCOMPARE(engine->limits.outputBytes, 64 * 1024);
        QCOMPARE(engine->limits.cpuTimeMs, 3000);
        QCOMPARE(engine->limits.processes, 12);
        QCOMPARE(engine->limits.fileSizeBytes, 4LL * 1024 * 1024);
        QCOMPARE(engine->backend, QStringLiteral("docker"));
        QCOMPARE(m_settings->value(SettingsDialog::kThemeKey).toString(), QStringLiteral("dark"));
        QCOMPARE(SettingsDialog::editorFont(*m_settings).pointSize(), 17);

        QCOMPARE(applied.count(), 1);
        const auto sent = applied.at(0).at(0).value<Ui::AppliedSettings>();
        QCOMPARE(sent.engine.limits, engine->limits);
        QCOMPARE(sent.theme, QStringLiteral("dark"));
        QCOMPARE(sent.editorFont.pointSize(), 17);
    }

    void environmentOverrideIsShownAndWins()
    {
        m_settings->setValue(QStringLiteral("limits/timeout_sec"), 7);
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_TIMEOUT_SEC"), QStringLiteral("3"));
        environment.insert(QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("docker"));
        auto d = dialog(environment);
        QSignalSpy applied(d.get(), &SettingsDialog::settingsApplied);

        auto *timeout = field<QLineEdit>(*d, QStringLiteral("limits/timeout_sec"));
        QVERIFY(timeout->isReadOnly());
        QCOMPARE(timeout->text(), QStringLiteral("3"));
        const QString note = field<QLabel>(*d, QStringLiteral("limits/timeout_sec#note"))->text();
        QVERIFY2(note.contains(QStringLiteral("SANDPIT_TIMEOUT_SEC=3")) && note.contains(QStringLiteral("(7 seconds)")),
                 qPrintable(note));
        QVERIFY(!field<QComboBox>(*d, QStringLiteral("engine/backend"))->isEnabled());
        QVERIFY(field<QLineEdit>(*d, QStringLiteral("limits/memory_mb"))->isReadOnly() == false);

        QVERIFY(d->apply());
        QCOMPARE(m_settings->value(QStringLiteral("limits/timeout_sec")).toString(), QStringLiteral("7")); // kept
        QVERIFY(!m_settings->contains(QStringLiteral("engine/backend")));
        QCOMPARE(applied.count(), 1);
        const auto sent = applied.at(0).at(0).value<Ui::AppliedSettings>();
        QCOMPARE(sent.engine.limits.wallTimeMs, 3000);
        QCOMPARE(sent.engine.backend, QStringLiteral("docker"));
    }

    void restoreDefaults()
    {
        m_settings->setValue(QStringLiteral("limits/timeout_sec"), 2);
        m_settings->setValue(QStringLiteral("history/store"), QStringLiteral("never"));
        m_settings->setValue(SettingsDialog::kThemeKey, QStringLiteral("high-contrast"));
        m_settings->setValue(Core::EngineSettings::imageKey(QStringLiteral("python")), QStringLiteral("my/python"));
        auto d = dialog();
        QCOMPARE(field<QLineEdit>(*d, QStringLiteral("limits/timeout_sec"))->text(), QStringLiteral("2"));
        QCOMPARE(field<QComboBox>(*d, QStringLiteral("history/store"))->currentData().toString(),
                 QStringLiteral("never"));

        QTest::mouseClick(button(*d, QDialogButtonBox::RestoreDefaults), Qt::LeftButton);
        QCOMPARE(field<QLineEdit>(*d, QStringLiteral("limits/timeout_sec"))->text(), QStringLiteral("10"));
        QCOMPARE(field<QComboBox>(*d, SettingsDialog::kThemeKey)->currentData().toString(), QStringLiteral("system"));
        QCOMPARE(m_settings->value(QStringLiteral("history/store")).toString(),
                 QStringLiteral("never")); // not yet saved
        QVERIFY(d->apply());
        QVERIFY(!m_settings->contains(QStringLiteral("limits/timeout_sec")));
        QVERIFY(!m_settings->contains(QStringLiteral("history/store")));
        QVERIFY(!m_settings->contains(Core::EngineSettings::imageKey(QStringLiteral("python"))));
        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(engine->limits, Core::Limits{});
        QVERIFY(engine->dockerImages.isEmpty());
    }

    void dockerImagePerLanguage()
    {
        auto d = dialog();
        QTableWidget *table = field<QTableWidget>(*d, QStringLiteral("dockerImages"));
        const int python = row(*d, QStringLiteral("Python"));
        QCOMPARE(table->item(python, 1)->text(), m_languages.find(QStringLiteral("python"))->dockerImage);

        table->item(python, 2)->setText(QStringLiteral("My Python"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        const QString bad = field<QLabel>(*d, QStringLiteral("dockerImages#error"))->text();
        QVERIFY2(bad.contains(QStringLiteral("Python")) && bad.contains(QStringLiteral("\"My Python\"")),
                 qPrintable(bad));

        table->item(python, 2)->setText(QStringLiteral("my/python:3"));
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(d->apply());
        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(engine->dockerImages.value(QStringLiteral("python")), QStringLiteral("my/python:3"));
        QCOMPARE(engine->dockerImages.size(), 1); // the others keep their defaults
    }

    void dockerImageFromTheEnvironmentIsReadOnly()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), QStringLiteral("env/python"));
        auto d = dialog(environment);
        QTableWidgetItem *item
            = field<QTableWidget>(*d, QStringLiteral("dockerImages"))->item(row(*d, QStringLiteral("Python")), 2);
        QCOMPARE(item->text(), QStringLiteral("env/python"));
        QVERIFY(!(item->flags() & Qt::ItemIsEditable));
        const QString note = field<QLabel>(*d, QStringLiteral("dockerImages#note"))->text();
        QVERIFY2(note.contains(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON=env/python")), qPrintable(note));
        QVERIFY(d->apply());
        QVERIFY(!m_settings->contains(Core::EngineSettings::imageKey(QStringLiteral("python"))));
    }

    void newProgramsFollowTheWorkspaceDefault()
    {
        QSettings shared; // where AttachmentSession keeps its programs
        auto d = std::make_unique<SettingsDialog>(shared, m_languages, QProcessEnvironment());
        auto *mode = field<QComboBox>(*d, SettingsDialog::kKeptWorkspaceKey);
        mode->setCurrentIndex(mode->findData(QStringLiteral("true")));
        QVERIFY(d->apply());

        const QString program = m_dir.filePath(QStringLiteral("new.py"));
        {
            Ui::AttachmentSession session(m_dir.path());
            session.setProgram(program);
            QVERIFY(session.isPersistent());
            session.setPersistent(false); // chosen for this program: it stays so
        }
        Ui::AttachmentSession again(m_dir.path());
        again.setProgram(program);
        QVERIFY(!again.isPersistent());
        again.setProgram(m_dir.filePath(QStringLiteral("other.py")));
        QVERIFY(again.isPersistent());
        shared.clear();
    }

    void learnerFolderIsSavedWhereExercisesReadIt()
    {
        const QString key = Core::ExerciseSettings::learnerFolderKey();
        auto d = dialog();
        auto *folder = field<QLineEdit>(*d, key);
        QCOMPARE(folder->text(), Core::ExerciseSettings::defaultLearnerFolder());

        type(folder, QStringLiteral("exercises"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(message(*d, key).startsWith(QStringLiteral("Learner files must be")), qPrintable(message(*d, key)));
        QVERIFY(!d->apply());
        QVERIFY(!m_settings->contains(key));

        type(folder, QStringLiteral("/srv/class/ada"));
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QTest::mouseClick(button(*d, QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(Core::ExerciseSettings::load(*m_settings, {}).learnerFolder, QStringLiteral("/srv/class/ada"));

        auto again = dialog();
        QCOMPARE(field<QLineEdit>(*again, key)->text(), QStringLiteral("/srv/class/ada"));
        QTest::mouseClick(button(*again, QDialogButtonBox::RestoreDefaults), Qt::LeftButton);
        QVERIFY(again->apply());
        QVERIFY(!m_settings->contains(key)); // the default is no setting: a later default applies
    }

    void browseChoosesTheLearnerFolder()
    {
        auto d = dialog();
        QTest::mouseClick(field<QPushButton>(*d, QStringLiteral("learnerFolderBrowse")), Qt::LeftButton);
        auto *chooser = d->findChild<QFileDialog *>();
        QVERIFY(chooser);
        QVERIFY(chooser->isVisible());
        QCOMPARE(chooser->fileMode(), QFileDialog::Directory);
        Q_EMIT chooser->fileSelected(m_dir.path());
        QCOMPARE(field<QLineEdit>(*d, Core::ExerciseSettings::learnerFolderKey())->text(), m_dir.path());
        QVERIFY(d->apply());
        QCOMPARE(Core::ExerciseSettings::load(*m_settings, {}).learnerFolder, m_dir.path());
    }

    void learnerFolderFromTheEnvironmentIsReadOnly()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER"), QStringLiteral("/srv/lab"));
        auto d = dialog(environment);
        auto *folder = field<QLineEdit>(*d, Core::ExerciseSettings::learnerFolderKey());
        QVERIFY(folder->isReadOnly());
        QCOMPARE(folder->text(), QStringLiteral("/srv/lab"));
        QVERIFY(d->apply());
        QVERIFY(!m_settings->contains(Core::ExerciseSettings::learnerFolderKey()));
    }

    // -- issue 22: packages --
    void packagesAreCheckedAsTypedAndReadByTheEngine()
    {
        auto d = dialog();
        const QString wheelhouse = Core::PackageSettings::wheelhouseKey();
        const QString index = Core::PackageSettings::indexKey();
        type(field<QLineEdit>(*d, wheelhouse), QStringLiteral("wheels"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(message(*d, wheelhouse).startsWith(QStringLiteral("Wheelhouse must be a whole path to a folder")),
                 qPrintable(message(*d, wheelhouse)));
        type(field<QLineEdit>(*d, wheelhouse), QStringLiteral("/srv/wheels"));
        type(field<QLineEdit>(*d, index), QStringLiteral("pypi.org/simple"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(message(*d, index).startsWith(QStringLiteral("Package index must be empty")));
        type(field<QLineEdit>(*d, index), QStringLiteral("https://pypi.org/simple"));
        const QString hosts = Core::PackageSettings::indexHostsKey();
        type(field<QLineEdit>(*d, hosts), QStringLiteral("files.pythonhosted.org"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(message(*d, hosts).startsWith(QStringLiteral("Index file hosts is not a list of hosts")),
                 qPrintable(message(*d, hosts)));
        type(field<QLineEdit>(*d, hosts), QStringLiteral("files.pythonhosted.org:443"));
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QTest::mouseClick(button(*d, QDialogButtonBox::Ok), Qt::LeftButton);

        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(engine->packages.wheelhouse, QStringLiteral("/srv/wheels"));
        QCOMPARE(engine->packages.index, QStringLiteral("https://pypi.org/simple"));
        QCOMPARE(engine->packages.indexHosts, QStringList{QStringLiteral("files.pythonhosted.org:443")});
    }

    // -- issue 22: policy --
    void importPolicyIsCheckedAsTypedAndReadByTheEngine()
    {
        auto d = dialog();
        const QString warn = Core::PolicySettings::warnKey();
        const QString block = Core::PolicySettings::blockKey();
        type(field<QLineEdit>(*d, block), QStringLiteral("os, sub-process"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(message(*d, block).startsWith(QStringLiteral("Block must list module names, but “sub-process” is "
                                                              "not a module name")),
                 qPrintable(message(*d, block)));
        type(field<QLineEdit>(*d, block), QStringLiteral("os, subprocess"));
        type(field<QLineEdit>(*d, warn), QStringLiteral("socket os.path."));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        type(field<QLineEdit>(*d, warn), QStringLiteral("socket"));
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QTest::mouseClick(button(*d, QDialogButtonBox::Ok), Qt::LeftButton);

        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY2(engine, qPrintable(engine.error()));
        QCOMPARE(engine->importPolicy.block, QStringList({QStringLiteral("os"), QStringLiteral("subprocess")}));
        QCOMPARE(engine->importPolicy.warn, QStringList{QStringLiteral("socket")});
    }

    // -- issue 22: network --
    void allowedHostsAreCheckedAsTypedAndReadByTheEngine()
    {
        auto d = dialog();
        const QString key = Core::NetworkSettings::allowKey();
        QVERIFY(field<QLineEdit>(*d, key)->text().isEmpty()); // no network until the user lists a host
        type(field<QLineEdit>(*d, key), QStringLiteral("pypi.org:443, localhost"));
        QVERIFY(!button(*d, QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(message(*d, key).startsWith(QStringLiteral("Allowed hosts is not a list of hosts: The allowed network "
                                                            "destination \"localhost\" has no port.")),
                 qPrintable(message(*d, key)));
        type(field<QLineEdit>(*d, key), QStringLiteral("pypi.org:443, localhost:8000"));
        QVERIFY(message(*d, key).isEmpty());
        QVERIFY(button(*d, QDialogButtonBox::Ok)->isEnabled());
        QTest::mouseClick(button(*d, QDialogButtonBox::Ok), Qt::LeftButton);

        const auto engine = Core::EngineSettings::load(*m_settings, QProcessEnvironment());
        QVERIFY(engine);
        QCOMPARE(Core::allowListText(engine->network),
                 (QStringList{QStringLiteral("pypi.org:443"), QStringLiteral("localhost:8000")}));
        auto again = dialog();
        QCOMPARE(field<QLineEdit>(*again, key)->text(), QStringLiteral("pypi.org:443, localhost:8000"));
    }

    void allowedHostsFromTheEnvironmentAreShownNotEdited()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("SANDPIT_ALLOW_NET"), QStringLiteral("example.org:80"));
        auto d = dialog(environment);
        const auto *edit = field<QLineEdit>(*d, Core::NetworkSettings::allowKey());
        QCOMPARE(edit->text(), QStringLiteral("example.org:80"));
        QVERIFY(!edit->isEnabled());
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
