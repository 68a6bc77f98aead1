#pragma once

// The real window on a real engine, for the window tests: made before each test and thrown
// away after, with helpers to run code, write files and open the input-set dialog.

#include "editor/editorwidget.h"
#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "output/outputpane.h"
#include "run/runpane.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "settings/enginesettings.h"
#include "settings/historysettings.h"
#include "support/testfiles.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

class WindowHarness
{
    template<typename T>
    T *part(const char *name) const
    {
        auto *found = m_window->findChild<T *>(QString::fromLatin1(name));
        if (!found)
            qFatal("no %s in the window", name);
        return found;
    }

protected:
    /// How long a test waits for a run in the window: an interpreter's cold start on a loaded
    /// machine, with room to spare.
    static constexpr int kRunTimeoutMs = 20'000;

    /// Names the application (for QSettings), starts it from empty settings as on a first
    /// launch (a zoom or layout an earlier run of this test saved must not change what it
    /// sees), and checks the scratch folder.
    bool setUpApplication(const char *name)
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
        QCoreApplication::setApplicationName(QString::fromLatin1(name));
        QSettings().clear();
        return m_dir.isValid();
    }

    /// A new engine and window with `settings`; false if a pane is missing.
    bool openWindow(const Sandpit::Core::EngineSettings &settings = {},
                    const Sandpit::Core::HistorySettings &history = {})
    {
        using namespace Sandpit;
        m_controller = std::make_unique<Core::RunController>(Core::makeBackends(m_languages, settings));
        m_window = std::make_unique<Ui::MainWindow>(*m_controller, m_languages, settings, history);
        m_window->show();
        m_editor = m_window->findChild<Ui::EditorWidget *>(QStringLiteral("editor"));
        m_output = m_window->findChild<Ui::OutputPane *>(QStringLiteral("outputPane"));
        m_runPane = m_window->findChild<Ui::RunPane *>(QStringLiteral("runPane"));
        return m_editor && m_output && m_runPane;
    }

    /// openWindow() with default settings, cleared QSettings and a history folder of its own,
    /// so History lists only this test's runs.
    bool openWindowWithOwnHistory()
    {
        m_historyDir = std::make_unique<QTemporaryDir>();
        Sandpit::Core::HistorySettings history;
        history.directory = m_historyDir->filePath(QStringLiteral("history"));
        return openFreshWindow({}, history);
    }

    /// openWindow() from empty settings: a layout, zoom or choice an earlier test saved must
    /// not change what this one sees.
    bool openFreshWindow(const Sandpit::Core::EngineSettings &settings = {},
                         const Sandpit::Core::HistorySettings &history = {})
    {
        QSettings().clear();
        return openWindow(settings, history);
    }

    /// The window's action, or dock, called `name`. A test cannot go on without it, so none
    /// ends the run here rather than in a crash further on.
    QAction *action(const char *name) const { return part<QAction>(name); }
    QDockWidget *dock(const char *name) const { return part<QDockWidget>(name); }

    Sandpit::Ui::DocumentTabs *tabs() const { return part<Sandpit::Ui::DocumentTabs>("documentTabs"); }

    /// The editor of the tab in front (m_editor is the first tab's).
    Sandpit::Ui::EditorWidget *currentEditor() const
    {
        return tabs()->current() ? tabs()->current()->editor() : nullptr;
    }

    void closeWindow()
    {
        m_window.reset();
        m_controller.reset();
    }

    void runCode(const QString &code)
    {
        m_editor->setText(code);
        auto *run = m_window->findChild<QAction *>(QStringLiteral("actionRun"));
        QVERIFY(run);
        run->trigger();
    }

    QString writeFile(const QString &name, const QByteArray &content)
    {
        return TestFiles::writeInto(m_dir, name, content);
    }

    /// Makes the engine start the real helper on an emulated host (tests/fixtures/hosts/:
    /// "masked_proc", "no_userns"), through SANDPIT_HELPER, for windows opened from now on.
    void useHelperOnHost(const QByteArray &host)
    {
        const QByteArray bin = QCoreApplication::applicationDirPath().toUtf8();
        const QString wrapper
            = writeFile(QStringLiteral("helper-on-") + QString::fromLatin1(host),
                        "#!/bin/sh\nexec " + bin + "/hosts/" + host + " " + bin + "/sandpit-helper \"$@\"\n");
        if (!QFile::setPermissions(wrapper, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            qFatal("cannot make %s executable", qPrintable(wrapper));
        qputenv("SANDPIT_HELPER", wrapper.toUtf8());
    }

    /// Opens `program` as a saved file and opens Run with input… on it.
    QDialog *openInputSets(const QString &program)
    {
        m_window->openFile(program);
        if (!QTest::qWaitFor([&] { return m_window->windowTitle().startsWith(QFileInfo(program).fileName()); }, 5000))
            return nullptr;
        m_window->findChild<QAction *>(QStringLiteral("actionRunWithInput"))->trigger();
        auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog"));
        return dialog && dialog->isVisible() ? dialog : nullptr;
    }

    Sandpit::Core::LanguageRegistry m_languages = Sandpit::Core::LanguageRegistry::builtIn();
    std::unique_ptr<Sandpit::Core::RunController> m_controller;
    std::unique_ptr<Sandpit::Ui::MainWindow> m_window;
    Sandpit::Ui::EditorWidget *m_editor = nullptr;
    Sandpit::Ui::OutputPane *m_output = nullptr;
    Sandpit::Ui::RunPane *m_runPane = nullptr;
    QTemporaryDir m_dir;
    std::unique_ptr<QTemporaryDir> m_historyDir;
};
