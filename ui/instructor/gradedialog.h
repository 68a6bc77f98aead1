#pragma once

#include "exercises/exercise.h"
#include "grading/gradebatch.h"

#include <QDialog>

#include <expected>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace Sandpit::Ui {

class CheckDetails;
class GradeEnginesChoice;
class GradeTable;

/// Tools › Grade Submissions…: a pack's exercise graded for a folder of students, shown as
/// students by tests as each finishes; a cell shows that student's test in full below. The
/// pack is read and the CSV written off the GUI thread; the batch runs on threads of its own.
class GradeDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `unpackFolder`: where a zipped pack is unpacked to list its exercises.
    explicit GradeDialog(QString unpackFolder, QWidget *parent = nullptr);
    ~GradeDialog() override;

    /// Reads the pack's exercises into the exercise list, in the background.
    void setPack(const QString &path);
    void setSubmissions(const QString &folder);
    void setOutput(const QString &folder);
    void setJobs(int jobs);
    void setIncludeSecret(bool include);
    /// Writes the table to `path`, in the background; csvWritten or csvFailed says when.
    void exportCsv(const QString &path);

    QComboBox *exerciseList() const { return m_exercise; }
    GradeTable *table() const { return m_table; }
    CheckDetails *details() const { return m_details; }
    GradeEnginesChoice *enginesChoice() const { return m_engines; }
    QString status() const;

public Q_SLOTS:
    void start();

Q_SIGNALS:
    void exercisesListed();
    void csvWritten(const QString &path);
    void csvFailed(const QString &message);

private:
    QWidget *createForm();
    QLineEdit *pathField(const QString &name, QWidget *parent);
    void browse(QLineEdit *field, bool folder);
    void listExercises(const std::expected<Core::Course, Core::PackProblem> &course);
    void connectBatch();
    void showCell(int row, int column);
    void showEngineDropped(const QString &engine, const QString &reason);
    void setRunning(bool running);
    void chooseCsv();

    QString m_unpackFolder;
    Core::GradeBatch *m_batch;
    QLineEdit *m_pack;
    QComboBox *m_exercise;
    QLineEdit *m_submissions;
    QLineEdit *m_output;
    QSpinBox *m_jobs;
    GradeEnginesChoice *m_engines;
    QCheckBox *m_secret;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QProgressBar *m_progress;
    QLabel *m_engineNotes; ///< engines that stopped grading, and why
    QLabel *m_status;
    GradeTable *m_table;
    CheckDetails *m_details;
    int m_students = 0;
    int m_done = 0;
    int m_enginesInBatch = 1;
    int m_enginesDropped = 0;
};

} // namespace Sandpit::Ui
