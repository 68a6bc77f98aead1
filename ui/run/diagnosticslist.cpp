#include "run/diagnosticslist.h"

#include "model/typeids.h"

#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
QString place(const Core::Diagnostic &d)
{
    QString text = d.file;
    if (d.line > 0)
        text += QStringLiteral(":%1").arg(d.line);
    if (d.line > 0 && d.column > 0)
        text += QStringLiteral(":%1").arg(d.column);
    return text;
}

QString counted(qsizetype n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}
} // namespace

DiagnosticsList::DiagnosticsList(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
{
    m_list->setObjectName(QStringLiteral("diagnosticsView"));
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(false);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    // A click is enough: learners do not expect to double-click an error.
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { activate(m_list->row(item)); });
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { activate(m_list->row(item)); });
    clear();
}

int DiagnosticsList::count() const
{
    return int(m_diagnostics.size());
}

QString DiagnosticsList::itemText(int row) const
{
    const QListWidgetItem *item = m_list->item(row);
    return item ? item->text() : QString();
}

QString DiagnosticsList::summary() const
{
    using Severity = Core::Diagnostic::Severity;
    const auto errors = std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                                      [](const auto &d) { return d.severity == Severity::Error; });
    const auto warnings = std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                                        [](const auto &d) { return d.severity == Severity::Warning; });
    if (errors == 0 && warnings == 0)
        return QStringLiteral("No problems");
    QStringList parts;
    if (errors > 0)
        parts << counted(errors, "error", "errors");
    if (warnings > 0)
        parts << counted(warnings, "warning", "warnings");
    return parts.join(QStringLiteral(", "));
}

void DiagnosticsList::showDiagnostics(const QList<Core::Diagnostic> &diagnostics)
{
    using Severity = Core::Diagnostic::Severity;
    m_list->clear();
    m_diagnostics = diagnostics;
    for (const Core::Diagnostic &d : diagnostics) {
        const QStyle::StandardPixmap icon = d.severity == Severity::Error ? QStyle::SP_MessageBoxCritical
            : d.severity == Severity::Warning                             ? QStyle::SP_MessageBoxWarning
                                                                          : QStyle::SP_MessageBoxInformation;
        auto *item = new QListWidgetItem(style()->standardIcon(icon), QStringLiteral("%1  %2").arg(place(d), d.message),
                                         m_list);
        item->setToolTip(
            QStringLiteral("%1 %2: %3\nClick to go there.").arg(place(d), Core::severityId(d.severity), d.message));
        if (d.severity == Severity::Note)
            item->setForeground(palette().color(QPalette::PlaceholderText));
    }
    if (diagnostics.isEmpty())
        showPlaceholder(QStringLiteral("No problems found in the last run."));
}

void DiagnosticsList::clear()
{
    m_list->clear();
    m_diagnostics.clear();
    showPlaceholder(QStringLiteral("The compiler's errors and warnings, and the line where a program failed, appear "
                                   "here after a run. Click one to go there."));
}

void DiagnosticsList::showPlaceholder(const QString &text)
{
    auto *item = new QListWidgetItem(text, m_list);
    item->setFlags(Qt::NoItemFlags);
}

void DiagnosticsList::activate(int row)
{
    if (row >= 0 && row < m_diagnostics.size())
        Q_EMIT diagnosticActivated(m_diagnostics.at(row));
}

} // namespace Sandpit::Ui
