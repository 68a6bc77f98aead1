#pragma once

#include "model/runresult.h"

#include <QLabel>

namespace Sandpit::Ui {

/// A small badge beside the Run button: how isolated the last run was (full, partial, none),
/// with the details on hover.
class IsolationIndicator final : public QLabel
{
    Q_OBJECT
public:
    explicit IsolationIndicator(QWidget *parent = nullptr);

    /// "full", "partial", "none" or "unknown" (nothing has run yet).
    QString levelText() const { return m_level; }

public Q_SLOTS:
    void showReport(const Sandpit::Core::IsolationReport &report);
    void showUnknown();

private:
    void paint(const QString &level, const QColor &colour, const QString &tip);

    QString m_level;
};

} // namespace Sandpit::Ui
