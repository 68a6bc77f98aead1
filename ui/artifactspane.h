#pragma once

#include "runresult.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace Sandpit::Ui {

/// The files the last run wrote to its output/ folder: path, size and type.
class ArtifactsPane final : public QWidget
{
    Q_OBJECT
public:
    explicit ArtifactsPane(QWidget *parent = nullptr);

    int rowCount() const;
    /// The text of one cell; columns are path, size and MIME type.
    QString cellText(int row, int column) const;

public Q_SLOTS:
    void clear();
    void showArtifacts(const QList<Sandpit::Core::Artifact> &artifacts);

private:
    QTableWidget *m_table;
    QLabel *m_placeholder;
};

} // namespace Sandpit::Ui
