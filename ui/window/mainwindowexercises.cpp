#include "window/mainwindow.h"

// The Exercises pane in the window: its dock, File › Exercises, and where the pane's choices
// go. Opening an exercise is MainWindow::openExercise (mainwindowchecks.cpp).

#include "editor/editorwidget.h"
#include "exercises/checksession.h"
#include "exercises/exercisesmenu.h"
#include "exercises/exercisespane.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

namespace Sandpit::Ui {

void MainWindow::createExercisesDock()
{
    // Beside the editor, like an IDE's project tree: the statement is read while writing.
    QDockWidget *dock = addPaneDock(QStringLiteral("exercisesDock"), QStringLiteral("Exercises"), m_exercises,
                                    Qt::LeftDockWidgetArea);
    // Hidden until a course is opened: a window used for plain runs keeps its room.
    dock->hide();
}

void MainWindow::connectExercises()
{
    connect(m_exercisesMenu, &ExercisesMenu::packChosen, m_exercises, &ExercisesPane::openCourse);
    connect(m_exercises, &ExercisesPane::courseShown, this, [this] {
        if (auto *dock = qobject_cast<QDockWidget *>(m_exercises->parentWidget())) {
            dock->show();
            dock->raise();
        }
    });
    connect(m_exercises, &ExercisesPane::exerciseOpened, this, [this](const OpenExercise &exercise) {
        ExercisesMenu::rememberPack(exercise.course.source);
        openExercise(exercise);
    });
    connect(m_exercises, &ExercisesPane::starterRestored, this, &MainWindow::showRestoredStarter);
    connect(m_exercises, &ExercisesPane::message, this,
            [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_checks, &CheckSession::progressRecorded, m_exercises, &ExercisesPane::showProgress);
    // The course of the last session comes back, as the files of its tabs do.
    if (const QString last = ExercisesMenu::lastPack(); !last.isEmpty())
        m_exercises->openCourse(last);
}

void MainWindow::showRestoredStarter(const OpenExercise &exercise, const QByteArray &starter, const QString &keptCopy)
{
    const QString kept = QFileInfo(keptCopy).fileName();
    DocumentTab *learner = m_tabs->tabForPath(exercise.learnerFile);
    if (!learner) {
        openExercise(exercise);
        statusBar()->showMessage(QStringLiteral("Reset to the starter; your old text is in %1.").arg(kept));
        return;
    }
    // One edit in the open tab, so Edit › Undo brings the learner's text back; then saved, so
    // the tab and the file agree again.
    EditorWidget *editor = learner->editor();
    editor->beginUndoAction();
    editor->selectAll();
    editor->replaceSelectedText(QString::fromUtf8(starter));
    editor->endUndoAction();
    learner->save();
    m_tabs->setCurrentWidget(learner);
    openExercise(exercise);
    statusBar()->showMessage(
        QStringLiteral("Reset to the starter. Edit › Undo brings your text back; a copy is in %1.").arg(kept));
}

} // namespace Sandpit::Ui
