#include "window/mainwindow.h"

// Tools › Validate Pack… and Tools › Grade Submissions…: a course author's checks of a pack,
// and grading a class's submissions with it. The dialogs do the work; this opens them, zooms
// them with the panes, and opens a finding's file in a tab at its line.

#include "engine/backendfactory.h"
#include "engine/runrequestbuilder.h"
#include "instructor/gradedialog.h"
#include "instructor/validatepackdialog.h"
#include "session/documenttabs.h"
#include "settings/enginesettings.h"
#include "theme/presentationmode.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStatusBar>

namespace Sandpit::Ui {

void MainWindow::createToolsMenu()
{
    QMenu *tools = menuBar()->addMenu(QStringLiteral("&Tools"));
    tools->setObjectName(QStringLiteral("toolsMenu"));
    QAction *validate = tools->addAction(QStringLiteral("&Validate Pack…"), this, &MainWindow::validatePack);
    validate->setObjectName(QStringLiteral("validatePackAction"));
    validate->setStatusTip(QStringLiteral("Check a pack's solutions, wrong programs and tests, as its author"));
    QAction *grade = tools->addAction(QStringLiteral("&Grade Submissions…"), this, &MainWindow::gradeSubmissions);
    grade->setObjectName(QStringLiteral("gradeSubmissionsAction"));
    grade->setStatusTip(QStringLiteral("Grade a folder of students' programs against an exercise"));
}

void MainWindow::validatePack()
{
    QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Validate Pack"), QString(),
                                                QStringLiteral("Exercise packs (course.toml *.zip)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).fileName() == QStringLiteral("course.toml"))
        path = QFileInfo(path).absolutePath();
    const auto settings = Core::EngineSettings::load(QSettings(), QProcessEnvironment::systemEnvironment());
    if (!settings) {
        showProblem(QStringLiteral("Validate Pack"), settings.error());
        return;
    }
    // As a learner's Check: the settings' backend, with its Docker fallback, limits and isolation.
    const auto engine = Core::RunRequestBuilder(*settings).build();
    if (!engine) {
        showProblem(QStringLiteral("Validate Pack"), engine.error().error.message);
        return;
    }
    auto *dialog = new ValidatePackDialog(Core::makeBackends(m_languages, *settings, Core::RunsExpected::Series), this);
    connect(dialog, &ValidatePackDialog::fileActivated, this,
            [this](const QString &file, int line) { m_tabs->openFile(file, std::max(0, line - 1), 0); });
    Core::ValidationRequest request;
    request.packPath = path;
    request.engine = *engine;
    request.unpackRoot = m_exerciseSettings.unpackFolder; // a zipped pack is read where File › Exercises reads it
    showInstructorDialog(dialog);
    dialog->start(request);
}

void MainWindow::gradeSubmissions()
{
    showInstructorDialog(new GradeDialog(m_exerciseSettings.unpackFolder, this));
}

void MainWindow::showInstructorDialog(QDialog *dialog)
{
    // Not modal: the author fixes a file in the window while the dialog stays open.
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_presentation->addPane(dialog);
    dialog->show();
    dialog->raise();
    dialog->activateWindow(); // its first field takes the keys, not the editor behind it
}

} // namespace Sandpit::Ui
