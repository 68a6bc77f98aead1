#pragma once

#include "artifacts/previewloader.h"
#include "model/runresult.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTableView;

namespace Sandpit::Ui {

class CsvModel;
class ImageView;

/// The preview of one artifact, beside the Artifacts pane's list: an image (zoomable), text,
/// a CSV or TSV table, or for anything else its size and type. The file is read and parsed in
/// the background; what arrives for a file no longer selected is dropped.
class ArtifactPreview final : public QWidget
{
    Q_OBJECT
public:
    explicit ArtifactPreview(QWidget *parent = nullptr);

    /// Previews `artifact`, whose copy is `path` (empty: the file was not kept).
    void showArtifact(const Sandpit::Core::Artifact &artifact, const QString &path);
    void clear();

    /// What is shown now; Other also while loading or when nothing is.
    Preview::Kind kind() const { return m_kind; }
    ImageView *imageView() const { return m_image; }
    QPlainTextEdit *textView() const { return m_text; }
    QTableView *tableView() const { return m_table; }
    /// The line above the preview: the file's name, size and type, and what was left out.
    QString headerText() const;
    /// The text shown in place of a preview (a file of another type, an error).
    QString infoText() const;

Q_SIGNALS:
    /// A preview (or the reason there is none) is on screen for the selected file.
    void previewShown();

private:
    void showPreview(const Sandpit::Core::Artifact &artifact, const Preview &preview);
    void showInfo(const QString &text);

    QLabel *m_header;
    QStackedWidget *m_stack;
    ImageView *m_image;
    QPlainTextEdit *m_text;
    QTableView *m_table;
    CsvModel *m_model;
    QLabel *m_info;
    Preview::Kind m_kind = Preview::Kind::Other;
    quint64 m_request = 0; // which showArtifact() a background result belongs to
};

} // namespace Sandpit::Ui
