// sandpit-cli: the command line alone, built without Widgets or QScintilla (SANDPIT_GUI=OFF
// builds only this). It never needs a display.
#include "commands.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Sandpit::App::setIdentity();
    return Sandpit::App::runCommandLine(app.arguments(), false);
}
