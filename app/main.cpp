#include "cli.h"

#include "backends.h"
#include "enginesettings.h"
#include "languageregistry.h"
#include "mainwindow.h"
#include "runcontroller.h"

#include <QApplication>
#include <QMessageBox>
#include <QSettings>

#include <cstring>

namespace {
void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Sandpit"));
    QCoreApplication::setApplicationName(QStringLiteral("sandpit"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDPIT_VERSION));
}

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Sandpit"));

    using namespace Sandpit;
    const auto loaded = Core::LanguageRegistry::withUserFile(Core::LanguageRegistry::userFilePath());
    const Core::LanguageRegistry &languages = loaded.registry;
    QSettings settings;
    auto engineSettings = Core::EngineSettings::load(settings, QProcessEnvironment::systemEnvironment());
    QString settingsProblem;
    if (!engineSettings) {
        settingsProblem = engineSettings.error();
        engineSettings = Core::EngineSettings{};
    }
    Core::RunController controller(Core::makeBackends(languages, *engineSettings));
    Ui::MainWindow window(controller, languages, *engineSettings);
    window.show();
    if (!settingsProblem.isEmpty()) {
        QMessageBox::warning(&window, QStringLiteral("Sandpit"),
                             settingsProblem + QStringLiteral("\n\nSandpit uses the default limits until this is fixed."));
    }
    if (!loaded.problem.isEmpty())
        QMessageBox::warning(&window, QStringLiteral("Sandpit"), loaded.problem);
    const QStringList files = app.arguments().mid(1);
    for (const QString &file : files)
        window.openFile(file);
    return app.exec();
}
} // namespace

int main(int argc, char **argv)
{
    // The command line needs no display: it must not create a QApplication.
    if (argc > 1 && Sandpit::App::isCliCommand(argv[1])) {
        QCoreApplication app(argc, argv);
        setIdentity();
        return Sandpit::App::runCli(app.arguments());
    }
    return runGui(argc, argv);
}
