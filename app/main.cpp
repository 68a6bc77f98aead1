#include "commands.h"

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "output/outputsettings.h"
#include "settings/enginesettings.h"
#include "settings/historysettings.h"
#include "window/instanceserver.h"
#include "window/mainwindow.h"
#include "window/quitsignals.h"
#include "window/singleinstance.h"

#include <QApplication>
#include <QDirIterator>
#include <QIcon>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QSettings>

namespace {
// The desktop entry's name without ".desktop": Wayland compositors match a window to its entry
// (and so to its icon and name) by this app id. On X11 the match is WM_CLASS, whose class Qt
// takes from the application name, "sandpit", the entry's StartupWMClass.
constexpr auto kDesktopFileName = "io.github.sandpit.Sandpit";

void setDesktopIdentity()
{
    QGuiApplication::setDesktopFileName(QString::fromLatin1(kDesktopFileName));
    QIcon icon;
    QDirIterator sizes(QStringLiteral(":/sandpit/icons/hicolor"), {QStringLiteral("sandpit.png")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (sizes.hasNext())
        icon.addFile(sizes.next());
    QApplication::setWindowIcon(icon);
}

const auto kNewWindow = QStringLiteral("--new-window");

/// A warning over the window that does not run an event loop of its own (QMessageBox::warning
/// would): start-up goes on, and a quit signal or a later start's files are handled meanwhile.
void warnWithoutWaiting(QWidget &window, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, QStringLiteral("Sandpit"), text, QMessageBox::Ok, &window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

/// A logout, a shutdown or Ctrl+C quits as File › Quit does, minus the questions nobody is
/// there to answer; and later starts on this display hand their files to `window`.
void becomeTheWindow(Sandpit::Ui::MainWindow &window, Sandpit::Ui::InstanceServer *server)
{
    using namespace Sandpit::Ui;
    auto *quitSignals = new QuitSignals(&window);
    QObject::connect(quitSignals, &QuitSignals::quitRequested, &window, [&window] {
        window.quitKeepingUnsaved();
        QCoreApplication::quit();
    });
    if (server)
        SingleInstance::serve(*server, window, [&window](const QString &file) { window.openFile(file); });
}

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    // Fusion draws every control from the palette, so the dark and high-contrast themes look
    // the same on every desktop.
    QApplication::setStyle(QStringLiteral("Fusion"));
    Sandpit::App::setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Sandpit"));
    setDesktopIdentity();

    using namespace Sandpit;
    QStringList arguments = app.arguments().mid(1);
    const bool newWindow = arguments.removeAll(kNewWindow) > 0;
    const QStringList files = Ui::SingleInstance::absoluteFiles(arguments);
    Ui::SingleInstance::Claim instance;
    if (!newWindow) {
        instance = Ui::SingleInstance::claim(files, QProcessEnvironment::systemEnvironment());
        if (instance.delivered)
            return 0;
    }
    const auto loaded = Core::LanguageRegistry::withUserFile(Core::LanguageRegistry::userFilePath());
    const Core::LanguageRegistry &languages = loaded.registry;
    QSettings settings;
    auto engineSettings = Core::EngineSettings::load(settings, QProcessEnvironment::systemEnvironment());
    QStringList settingsProblems;
    if (!engineSettings) {
        settingsProblems << engineSettings.error();
        engineSettings = Core::EngineSettings{};
    }
    auto outputSettings = Ui::OutputSettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!outputSettings) {
        settingsProblems << outputSettings.error();
        outputSettings = Ui::OutputSettings{};
    }
    auto historySettings = Core::HistorySettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!historySettings) {
        settingsProblems << historySettings.error();
        historySettings = Core::HistorySettings{};
    }
    Core::RunController controller(Core::makeBackends(languages, *engineSettings));
    Ui::MainWindow window(controller, languages, *engineSettings, *historySettings);
    window.setOutputSettings(*outputSettings);
    window.show();
    // Before anything can wait for the user: a later start's files and a logout's signal have a
    // receiver from the moment the socket listens and the window shows.
    becomeTheWindow(window, instance.server.get());
    if (!settingsProblems.isEmpty()) {
        warnWithoutWaiting(window,
                           settingsProblems.join(QStringLiteral("\n\n"))
                               + QStringLiteral("\n\nSandpit uses the defaults until this is fixed."));
    }
    if (!loaded.problem.isEmpty())
        warnWithoutWaiting(window, loaded.problem);
    for (const QString &file : files)
        window.openFile(file);
    if (files.isEmpty())
        window.restoreSession();
    return app.exec();
}
} // namespace

int main(int argc, char **argv)
{
    // The command line (and --help, --version) needs no display: it must not create a
    // QApplication.
    if (argc > 1 && Sandpit::App::isCommandLine(argv[1])) {
        QCoreApplication app(argc, argv);
        Sandpit::App::setIdentity();
        return Sandpit::App::runCommandLine(app.arguments(), true);
    }
    return runGui(argc, argv);
}
