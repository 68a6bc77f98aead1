#pragma once

#include "model/diagnostic.h"

#include <QWidget>

class QListWidget;
class QListWidgetItem;

namespace Sandpit::Ui {

/// The last run's problems, one line each ("main.c:5:39  expected ';' before 'return'"):
/// clicking one takes the editor there. Passive: it shows what it is given.
class DiagnosticsList final : public QWidget
{
    Q_OBJECT
public:
    explicit DiagnosticsList(QWidget *parent = nullptr);

    int count() const;
    /// The text of row `row`, for tests and screen readers.
    QString itemText(int row) const;
    /// "2 errors, 1 warning", or "No problems".
    QString summary() const;

public Q_SLOTS:
    void showDiagnostics(const QList<Sandpit::Core::Diagnostic> &diagnostics);
    void clear();
    /// As a click on row `row` does.
    void activate(int row);

Q_SIGNALS:
    void diagnosticActivated(const Sandpit::Core::Diagnostic &diagnostic);

private:
    void showPlaceholder(const QString &text);

    QListWidget *m_list;
    QList<Core::Diagnostic> m_diagnostics;
};

} // namespace Sandpit::Ui
