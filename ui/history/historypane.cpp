#include "history/historypane.h"

#include "model/units.h"
#include "session/diffview.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
QPlainTextEdit *makeTextView(const QString &name, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(name);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return view;
}

QString localTime(const Core::RunRecord &record)
{
    return record.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

/// The result in words, as the Result tab shows it.
QString describe(const Core::RunRecord &r)
{
    const QJsonObject &result = r.result;
    const auto text = [&result](const char *key) { return result.value(QLatin1String(key)).toString(); };
    const auto number = [&result](const char *key) { return qint64(result.value(QLatin1String(key)).toDouble()); };
    QStringList lines;
    lines << QStringLiteral("%1 (%2), finished %3 on the %4 backend")
                 .arg(r.fileName, r.language, localTime(r), text("backend").isEmpty() ? r.backend : text("backend"));
    QString outcome = Core::killReasonTitle(r.killReason());
    if (const auto code = r.exitCode())
        outcome += QStringLiteral(", exit code %1").arg(*code);
    else if (!text("signal").isEmpty())
        outcome += QStringLiteral(", %1").arg(text("signal"));
    lines << outcome;
    if (!text("kill_detail").isEmpty())
        lines << text("kill_detail");
    lines << QStringLiteral("Time %1 wall, %2 CPU; peak memory %3")
                 .arg(Core::formatDuration(number("wall_ms")), Core::formatDuration(number("cpu_ms")),
                      Core::formatBytes(number("peak_memory_bytes")));
    lines << QStringLiteral("Limits: %1 wall time, %2 memory, %3 output")
                 .arg(Core::formatDuration(r.limits.wallTimeMs), Core::formatBytes(r.limits.memoryBytes),
                      Core::formatBytes(r.limits.outputBytes));
    lines << QStringLiteral("Isolation: %1")
                 .arg(result.value(QStringLiteral("isolation")).toObject().value(QStringLiteral("level")).toString());
    if (!text("notice").isEmpty())
        lines << text("notice");
    const QJsonArray artifacts = result.value(QStringLiteral("artifacts")).toArray();
    for (const QJsonValue &a : artifacts) {
        const QJsonObject o = a.toObject();
        lines << QStringLiteral("Output file: %1 (%2, %3)")
                     .arg(o.value(QStringLiteral("path")).toString(),
                          Core::formatBytes(qint64(o.value(QStringLiteral("size")).toDouble())),
                          o.value(QStringLiteral("mime")).toString());
    }
    for (const auto &[key, capped] : {std::pair{"stdout", r.stdoutCapped}, std::pair{"stderr", r.stderrCapped}}) {
        const QString body = text(key);
        if (body.isEmpty())
            continue;
        lines << QString()
              << QStringLiteral("── %1%2 ──")
                     .arg(QLatin1String(key),
                          capped ? QStringLiteral(" (only the first %1 kept)")
                                       .arg(Core::formatBytes(Core::RunRecord::kOutputCapBytes))
                                 : QString());
        lines << body;
    }
    return lines.join(QLatin1Char('\n'));
}
} // namespace

HistoryPane::HistoryPane(QWidget *parent)
    : QWidget(parent)
    , m_list(new QTreeWidget(this))
    , m_note(new QLabel(this))
    , m_details(new QTabWidget(this))
    , m_code(makeTextView(QStringLiteral("historyCode"), this))
    , m_result(makeTextView(QStringLiteral("historyResult"), this))
    , m_diff(new DiffView(this))
    , m_restore(new QPushButton(QStringLiteral("Restore code"), this))
    , m_compare(new QPushButton(QStringLiteral("Diff with current"), this))
{
    m_list->setObjectName(QStringLiteral("historyList"));
    m_list->setHeaderLabels({QStringLiteral("Time"), QStringLiteral("File"), QStringLiteral("Status"),
                             QStringLiteral("Kill reason"), QStringLiteral("Duration")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(File, QHeaderView::Stretch);
    m_note->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("historyNote"));
    // The result is sentences (why the run ended, what it reached), not code: wrapped, so a
    // learner reads them whole without scrolling sideways.
    m_result->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_diff->setObjectName(QStringLiteral("historyDiff"));
    m_details->addTab(m_code, QStringLiteral("Code"));
    m_details->addTab(m_result, QStringLiteral("Result"));
    m_details->addTab(m_diff, QStringLiteral("Diff"));
    m_restore->setObjectName(QStringLiteral("historyRestore"));
    m_restore->setToolTip(QStringLiteral("Open this run's code in the editor as a new, unsaved document"));
    m_compare->setObjectName(QStringLiteral("historyDiffButton"));
    m_compare->setToolTip(QStringLiteral("Show what changed between this run's code and the editor's"));
    auto *refresh = new QPushButton(QStringLiteral("Refresh"), this);
    refresh->setObjectName(QStringLiteral("historyRefresh"));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_note);
    leftLayout->addWidget(m_list, 1);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_restore);
    buttons->addWidget(m_compare);
    buttons->addStretch(1);
    buttons->addWidget(refresh);
    rightLayout->addLayout(buttons);
    rightLayout->addWidget(m_details, 1);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_list, &QTreeWidget::currentItemChanged, this, &HistoryPane::showSelected);
    connect(m_restore, &QPushButton::clicked, this, [this] {
        if (const auto record = selectedRecord())
            Q_EMIT restoreRequested(*record);
    });
    connect(m_compare, &QPushButton::clicked, this, &HistoryPane::diffRequested);
    connect(refresh, &QPushButton::clicked, this, &HistoryPane::refreshRequested);
    showListing({});
}

int HistoryPane::rowCount() const
{
    return m_list->topLevelItemCount();
}

QString HistoryPane::cellText(int row, int column) const
{
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    return item ? item->text(column) : QString();
}

void HistoryPane::selectRow(int row)
{
    m_list->setCurrentItem(m_list->topLevelItem(row));
}

std::optional<Core::RunRecord> HistoryPane::selectedRecord() const
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    return row >= 0 && row < m_records.size() ? std::optional(m_records.at(row)) : std::nullopt;
}

QString HistoryPane::codeText() const
{
    return m_code->toPlainText();
}

QString HistoryPane::resultText() const
{
    return m_result->toPlainText();
}

QString HistoryPane::diffText() const
{
    return m_diff->toPlainText();
}

QString HistoryPane::noteText() const
{
    return m_note->text();
}

void HistoryPane::showListing(const Core::RunHistory::Listing &listing)
{
    // A run picked further down stays picked; otherwise the newest run is shown, so a run
    // that just finished appears without a click.
    const bool pickedOlder = m_list->indexOfTopLevelItem(m_list->currentItem()) > 0;
    const std::optional<Core::RunRecord> selected = selectedRecord();
    m_records = listing.records;
    m_list->clear();
    int keep = -1;
    for (const Core::RunRecord &r : std::as_const(m_records)) {
        const Core::KillReason reason = r.killReason();
        auto *item = new QTreeWidgetItem(m_list,
                                         {localTime(r), r.fileName, r.status(),
                                          reason == Core::KillReason::None ? QString() : Core::killReasonId(reason),
                                          Core::formatDuration(r.wallMs())});
        item->setToolTip(KillReason, Core::killReasonTitle(reason));
        item->setTextAlignment(Duration, Qt::AlignRight | Qt::AlignVCenter);
        if (pickedOlder && selected && selected->id == r.id)
            keep = m_list->topLevelItemCount() - 1;
    }
    QString note;
    if (m_records.isEmpty() && listing.notes.isEmpty())
        note = QStringLiteral("No runs recorded yet: each finished run appears here.");
    if (!listing.notes.isEmpty()) {
        note = listing.notes.size() == 1
            ? QStringLiteral("1 record could not be read and is not listed.")
            : QStringLiteral("%1 records could not be read and are not listed.").arg(listing.notes.size());
        m_note->setToolTip(listing.notes.join(QLatin1Char('\n')));
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    selectRow(keep >= 0 ? keep : 0);
    showSelected();
}

void HistoryPane::compareWith(const QString &currentText, const QString &currentName)
{
    const auto record = selectedRecord();
    if (!record)
        return;
    const QString runName = QStringLiteral("%1 (run at %2)").arg(record->fileName, localTime(*record));
    const QString current = QStringLiteral("%1 (editor)").arg(currentName);
    m_details->setCurrentWidget(m_diff);
    m_diff->showDiff(record->code, currentText, runName, current,
                     QStringLiteral("No differences: the editor holds this run's code."));
}

void HistoryPane::showSelected()
{
    const auto record = selectedRecord();
    m_restore->setEnabled(record.has_value());
    m_compare->setEnabled(record.has_value());
    m_code->setPlainText(record ? record->code : QString());
    m_result->setPlainText(record ? describe(*record) : QString());
    // A diff still being computed was for another run: showMessage() drops it.
    m_diff->showMessage(record ? QStringLiteral("Press “Diff with current” to compare this run's code with the editor.")
                               : QString());
    if (m_details->currentWidget() == m_diff)
        m_details->setCurrentWidget(m_code);
}

} // namespace Sandpit::Ui
