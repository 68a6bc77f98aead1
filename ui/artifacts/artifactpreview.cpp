#include "artifacts/artifactpreview.h"

#include "artifacts/artifactlabel.h"
#include "artifacts/csvmodel.h"
#include "artifacts/imageview.h"
#include "model/units.h"
#include "window/backgroundtask.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace Sandpit::Ui {

ArtifactPreview::ArtifactPreview(QWidget *parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_image(new ImageView(this))
    , m_text(new QPlainTextEdit(this))
    , m_table(new QTableView(this))
    , m_model(new CsvModel(this))
    , m_info(new QLabel(this))
{
    m_header->setObjectName(QStringLiteral("previewHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setContentsMargins(4, 2, 4, 2);
    m_image->setObjectName(QStringLiteral("previewImage"));
    m_image->setToolTip(QStringLiteral("Double-click to see it large"));
    m_text->setObjectName(QStringLiteral("previewText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_table->setObjectName(QStringLiteral("previewTable"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_info->setObjectName(QStringLiteral("previewInfo"));
    m_info->setAlignment(Qt::AlignCenter);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setStyleSheet(QStringLiteral("QLabel { color: #616161; padding: 8px; }"));

    m_stack->addWidget(m_info);
    m_stack->addWidget(m_image);
    m_stack->addWidget(m_text);
    m_stack->addWidget(m_table);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_stack, 1);
    clear();
}

QString ArtifactPreview::headerText() const
{
    return m_header->text();
}

QString ArtifactPreview::infoText() const
{
    return m_stack->currentWidget() == m_info ? m_info->text() : QString();
}

void ArtifactPreview::clear()
{
    ++m_request;
    m_kind = Preview::Kind::Other;
    m_image->clear();
    m_text->clear();
    m_model->setTable({});
    m_header->clear();
    m_header->hide();
    showInfo(QStringLiteral("Select a file to preview it."));
}

void ArtifactPreview::showArtifact(const Core::Artifact &artifact, const QString &path)
{
    const quint64 request = ++m_request;
    m_kind = Preview::Kind::Other;
    m_header->setText(
        QStringLiteral("<b>%1</b> · %2 · %3")
            .arg(artifactLabel(artifact).toHtmlEscaped(), Core::formatBytes(artifact.size), artifact.mimeType));
    m_header->show();
    if (path.isEmpty()) {
        showInfo(QStringLiteral("This file was not kept (past the limit on what a run may keep), so it cannot be "
                                "previewed or saved."));
        Q_EMIT previewShown();
        return;
    }
    if (PreviewLoader::kindFor(artifact.mimeType) == Preview::Kind::Other) {
        showPreview(artifact, Preview{});
        return;
    }
    showInfo(QStringLiteral("Loading…"));
    const QString mime = artifact.mimeType;
    runInBackground<Preview>(
        this, [path, mime] { return PreviewLoader::load(path, mime); },
        [this, request, artifact](const Preview &preview) {
            if (request == m_request)
                showPreview(artifact, preview);
        });
}

void ArtifactPreview::showPreview(const Core::Artifact &artifact, const Preview &preview)
{
    if (!preview.note.isEmpty())
        m_header->setText(m_header->text() + QStringLiteral("<br><i>%1</i>").arg(preview.note.toHtmlEscaped()));
    if (!preview.error.isEmpty()) {
        showInfo(preview.error);
    } else {
        m_kind = preview.kind;
        switch (preview.kind) {
        case Preview::Kind::Image:
            m_stack->setCurrentWidget(m_image);
            m_image->setImage(preview.image);
            break;
        case Preview::Kind::Text:
            m_text->setPlainText(preview.text);
            m_stack->setCurrentWidget(m_text);
            break;
        case Preview::Kind::Table:
            m_model->setTable(preview.table);
            m_table->resizeColumnsToContents();
            m_stack->setCurrentWidget(m_table);
            break;
        case Preview::Kind::Other:
            showInfo(QStringLiteral("%1\n%2 · %3\n\nNo preview for this type of file: use Open or Save As….")
                         .arg(artifactPlace(artifact), Core::formatBytes(artifact.size), artifact.mimeType));
            break;
        }
    }
    Q_EMIT previewShown();
}

void ArtifactPreview::showInfo(const QString &text)
{
    m_info->setText(text);
    m_stack->setCurrentWidget(m_info);
}

} // namespace Sandpit::Ui
