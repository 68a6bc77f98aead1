#pragma once

#include "exercises/testoutcome.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;

namespace Sandpit::Ui {

class DiagnosticsList;

/// One test's result in full, below the results table: what went wrong in a sentence, the
/// hint, the checker's word, the diff with its whitespace marks, the program's problems (a
/// click goes to the line), and for a test that is not hidden its input, expected and actual
/// output. Passive: it shows what it is given.
class CheckDetails final : public QWidget
{
    Q_OBJECT
public:
    explicit CheckDetails(QWidget *parent = nullptr);

    /// The texts' font: the editor's, so a diff's columns line up as the code's do.
    void setTextFont(const QFont &font);

public Q_SLOTS:
    /// `expectsText` false: the test's stdout is judged by a pattern, a phrase or a checker
    /// program, so it has no expected output to show (its tab would say "(empty)", and a
    /// learner would print nothing).
    void showOutcome(const Sandpit::Core::TestOutcome &outcome, bool expectsText = true);
    void clear();

Q_SIGNALS:
    void diagnosticActivated(const Sandpit::Core::Diagnostic &diagnostic);

private:
    QPlainTextEdit *textPage(const QString &name);
    void showText(QPlainTextEdit *page, const QString &title, const QByteArray &text);
    void showFeedback(const Core::TestOutcome &outcome);
    /// The pages, or when there are none, the sentences alone at the top.
    void showPages();

    QLabel *m_heading;
    QLabel *m_explanation;
    QLabel *m_hint;
    QLabel *m_feedback;
    QTabWidget *m_pages;
    QPlainTextEdit *m_diff;
    QPlainTextEdit *m_input;
    QPlainTextEdit *m_expected;
    QPlainTextEdit *m_actual;
    QPlainTextEdit *m_errors;
    DiagnosticsList *m_problems;
};

} // namespace Sandpit::Ui
