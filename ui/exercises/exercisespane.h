#pragma once

#include "exercises/courseload.h"
#include "exercises/openexercise.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace Sandpit::Ui {

/// The Exercises pane: each opened course as a tree (a tick per solved exercise, a score per
/// course), the selected exercise's statement with its examples, under it the pack's warnings
/// about the exercise (a time multiplier without the reference's times), and the buttons that
/// open the learner's own file for it or reset that file to the starter. Packs, progress and
/// files are read and written on worker threads; the pane shows each result when it arrives.
class ExercisesPane final : public QWidget
{
    Q_OBJECT
public:
    ExercisesPane(CourseSources sources, QString learnerFolder, QWidget *parent = nullptr);

    /// Reads the pack at `path` (a folder or a .zip) and shows it, in place of the same pack
    /// if it was open; courseShown() or a message() follows.
    void openCourse(const QString &path);
    /// Reads `courseId`'s progress again from disk (the pack itself is not read again), and
    /// updates its ticks and score; courseShown() follows.
    void reloadProgress(const QString &courseId);
    /// Shows `progress` (a Check just recorded it) as its course's ticks and score.
    void showProgress(const Core::CourseProgress &progress);
    void setLearnerFolder(const QString &folder) { m_learnerFolder = folder; }
    /// Opens the selected exercise: its learner file is made from the starter if needed, then
    /// exerciseOpened() follows.
    void openSelected();
    /// Asks, then sets the selected exercise's learner file back to the starter; the old text
    /// is copied beside it first, and starterRestored() follows.
    void resetSelected();

    QTreeWidget *tree() const { return m_tree; }
    QTextBrowser *statement() const { return m_statement; }
    /// The selected exercise's warnings, one a line; hidden when it has none.
    QLabel *notice() const { return m_notice; }
    QComboBox *languageChoice() const { return m_language; }
    /// Selects `exerciseId` of the course `courseId` (as a click would); false when not shown.
    bool select(const QString &courseId, const QString &exerciseId);

Q_SIGNALS:
    void exerciseOpened(const Sandpit::Ui::OpenExercise &exercise);
    /// The learner's file was set back to `starter`; its text before is in `keptCopy` (and the
    /// editor's undo history, once the window has applied `starter` to its tab).
    void starterRestored(const Sandpit::Ui::OpenExercise &exercise, const QByteArray &starter, const QString &keptCopy);
    void courseShown(const QString &courseId);
    /// A sentence for the status bar: a pack that cannot be read, a corrupt progress file set aside.
    void message(const QString &text);

private:
    struct ShownCourse {
        QString path;
        Core::Course course;
        Core::CourseProgress progress;
    };
    void showCourse(const LoadedCourse &loaded);
    void fillCourseItem(QTreeWidgetItem *item, const ShownCourse &shown);
    /// Each exercise's tick and score, and the course's, from `shown`'s progress.
    void showScores(QTreeWidgetItem *item, const ShownCourse &shown);
    void showSelection();
    /// The course and exercise of the selected item; nulls when none or a broken one.
    std::pair<const ShownCourse *, const Core::Exercise *> selection() const;
    std::optional<OpenExercise> selectedExercise() const;

    CourseSources m_sources;
    QString m_learnerFolder;
    QList<ShownCourse> m_courses;
    quint64 m_openTicket = 0; ///< the latest openSelected(): only its file is opened
    QTreeWidget *m_tree;
    QTextBrowser *m_statement;
    QLabel *m_notice;
    QComboBox *m_language;
    QPushButton *m_open;
    QPushButton *m_reset;
};

} // namespace Sandpit::Ui
