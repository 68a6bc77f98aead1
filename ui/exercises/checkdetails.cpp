#include "exercises/checkdetails.h"

#include "exercises/checkverdictstyle.h"
#include "run/diagnosticslist.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTextOption>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
QLabel *wrappedLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}
} // namespace

CheckDetails::CheckDetails(QWidget *parent)
    : QWidget(parent)
    , m_heading(wrappedLabel(QStringLiteral("checkDetailsHeading"), this))
    , m_explanation(wrappedLabel(QStringLiteral("checkDetailsExplanation"), this))
    , m_hint(wrappedLabel(QStringLiteral("checkDetailsHint"), this))
    , m_feedback(wrappedLabel(QStringLiteral("checkDetailsFeedback"), this))
    , m_pages(new QTabWidget(this))
    , m_diff(textPage(QStringLiteral("checkDiff")))
    , m_input(textPage(QStringLiteral("checkInput")))
    , m_expected(textPage(QStringLiteral("checkExpected")))
    , m_actual(textPage(QStringLiteral("checkActual")))
    , m_errors(textPage(QStringLiteral("checkErrors")))
    , m_problems(new DiagnosticsList(this))
{
    m_pages->setObjectName(QStringLiteral("checkDetailsPages"));
    // Room for a few lines of a diff at least; a shorter pane scrolls (CheckPane).
    m_pages->setMinimumHeight(m_pages->fontMetrics().height() * 8);
    m_problems->setObjectName(QStringLiteral("checkProblems"));
    // Each shows only as a page of m_pages; until then none may draw over the labels.
    for (QWidget *page : std::initializer_list<QWidget *>{m_diff, m_input, m_expected, m_actual, m_errors, m_problems})
        page->hide();
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : std::initializer_list<QWidget *>{m_heading, m_explanation, m_hint, m_feedback})
        layout->addWidget(widget);
    layout->addWidget(m_pages, 1);
    // Takes the room while there are no pages, so the sentences stay together at the top.
    layout->addStretch(0);
    connect(m_problems, &DiagnosticsList::diagnosticActivated, this, &CheckDetails::diagnosticActivated);
    setTextFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    clear();
}

QPlainTextEdit *CheckDetails::textPage(const QString &name)
{
    auto *page = new QPlainTextEdit(this);
    page->setObjectName(name);
    page->setReadOnly(true);
    page->setLineWrapMode(QPlainTextEdit::NoWrap);
    return page;
}

void CheckDetails::setTextFont(const QFont &font)
{
    for (QPlainTextEdit *page : {m_diff, m_input, m_expected, m_actual, m_errors})
        page->setFont(font);
}

void CheckDetails::clear()
{
    m_heading->setText(QStringLiteral("Select a test to see its details."));
    m_heading->setStyleSheet({});
    for (QLabel *label : {m_explanation, m_hint, m_feedback})
        label->hide();
    m_pages->clear();
    m_problems->clear();
    showPages();
}

void CheckDetails::showOutcome(const Core::TestOutcome &outcome, bool expectsText)
{
    clear();
    m_heading->setText(QStringLiteral("%1: %2").arg(outcome.testName, Core::verdictTitle(outcome.verdict)));
    m_heading->setStyleSheet(QStringLiteral("color: %1;").arg(verdictColour(outcome.verdict, palette()).name()));
    m_explanation->setText(outcome.explanation);
    m_hint->setText(QStringLiteral("Hint: %1").arg(outcome.hint));
    m_hint->setVisible(!outcome.hint.isEmpty());
    showFeedback(outcome);
    const bool hidden = Core::showsVerdictOnly(outcome.visibility);
    // A hidden test's input and output are the exercise's to keep: its name, verdict and hint
    // are all a learner is shown (the diff would give the expected output away).
    if (!hidden && !outcome.diff.isEmpty()) {
        m_diff->setPlainText(outcome.diff);
        m_pages->addTab(m_diff, QStringLiteral("Difference"));
    }
    if (!outcome.diagnostics.isEmpty()) {
        m_problems->showDiagnostics(outcome.diagnostics);
        m_pages->addTab(m_problems, QStringLiteral("Problems (%1)").arg(outcome.diagnostics.size()));
    }
    if (!hidden) {
        showText(m_input, QStringLiteral("Input"), outcome.stdinData);
        if (expectsText)
            showText(m_expected, QStringLiteral("Expected output"), outcome.expectedStdout);
        showText(m_actual, QStringLiteral("Your output"), outcome.actualStdout);
    }
    if (!hidden && !outcome.actualStderr.isEmpty())
        showText(m_errors, QStringLiteral("Error output"), outcome.actualStderr);
    if (hidden)
        m_explanation->setText(m_explanation->text()
                               + QStringLiteral("\nThis test is hidden: its input and expected output are not shown."));
    m_explanation->setVisible(!m_explanation->text().isEmpty());
    showPages();
}

void CheckDetails::showPages()
{
    m_pages->setVisible(m_pages->count() > 0);
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->setStretch(box->count() - 1, m_pages->count() > 0 ? 0 : 1);
}

void CheckDetails::showFeedback(const Core::TestOutcome &outcome)
{
    if (Core::showsVerdictOnly(outcome.visibility) && outcome.verdict != Core::Verdict::CheckerError)
        return;
    m_feedback->setText(QStringLiteral("The checker says: %1").arg(outcome.checkerFeedback.trimmed()));
    m_feedback->setVisible(!outcome.checkerFeedback.trimmed().isEmpty());
}

void CheckDetails::showText(QPlainTextEdit *page, const QString &title, const QByteArray &text)
{
    // Spaces and tabs drawn as marks, as in the diff: a learner's trailing space is then seen.
    QTextOption option = page->document()->defaultTextOption();
    option.setFlags(option.flags() | QTextOption::ShowTabsAndSpaces);
    page->document()->setDefaultTextOption(option);
    page->setPlainText(text.isEmpty() ? QStringLiteral("(empty)") : QString::fromUtf8(text));
    m_pages->addTab(page, title);
}

} // namespace Sandpit::Ui
