#include "sandboxes/sandboxespane.h"

#include "sandboxes/newsandboxdialog.h"
#include "sandboxes/sandboxrow.h"
#include "window/backgroundtask.h"
#include "window/flatbutton.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
/// Often enough that a sandbox's memory and an end are seen while one watches; seldom enough
/// that listing (a walk of state folders and a Docker call) costs nothing noticeable.
constexpr int kRefreshMs = 3000;
} // namespace

SandboxesPane::SandboxesPane(SandboxStores stores, QWidget *parent)
    : QWidget(parent)
    , m_stores(std::move(stores))
    , m_list(new QTreeWidget(this))
    , m_note(new QLabel(this))
    , m_new(flatButton(QStringLiteral("sandboxNew"), QStringLiteral("New…"),
                       QStringLiteral("Make a named sandbox, with the hosts its commands may reach"), this))
    , m_terminal(flatButton(QStringLiteral("sandboxTerminal"), QStringLiteral("Terminal"),
                            QStringLiteral("Open a terminal into the selected sandbox"), this))
    , m_runFile(flatButton(QStringLiteral("sandboxRunFile"), QStringLiteral("Run File Here"),
                           QStringLiteral("Run the current file in the selected sandbox"), this))
    , m_start(flatButton(QStringLiteral("sandboxStart"), QStringLiteral("Start"),
                         QStringLiteral("Start the selected stopped sandbox again, as it was made"), this))
    , m_stop(flatButton(QStringLiteral("sandboxStop"), QStringLiteral("Stop"),
                        QStringLiteral("End every program in the selected sandbox; its files stay"), this))
    , m_remove(flatButton(QStringLiteral("sandboxRemove"), QStringLiteral("Remove"),
                          QStringLiteral("Stop the selected sandbox and remove it, leaving nothing behind"), this))
    , m_timer(new QTimer(this))
{
    m_list->setObjectName(QStringLiteral("sandboxList"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({QStringLiteral("Name"), QStringLiteral("Where"), QStringLiteral("State"),
                             QStringLiteral("When"), QStringLiteral("Memory"), QStringLiteral("Image or folder"),
                             QStringLiteral("Network"), QStringLiteral("Made by")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    m_note->setObjectName(QStringLiteral("sandboxNote"));
    m_note->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    for (QToolButton *button : {m_new, m_terminal, m_runFile, m_start, m_stop, m_remove})
        bar->addWidget(button);
    bar->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_note);

    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &SandboxesPane::updateButtons);
    connect(m_terminal, &QToolButton::clicked, this, [this] {
        if (const Core::SandboxInfo *sandbox = selected())
            Q_EMIT openTerminalRequested(*sandbox);
    });
    connect(m_runFile, &QToolButton::clicked, this, [this] {
        if (const Core::SandboxInfo *sandbox = selected())
            Q_EMIT runFileRequested(*sandbox);
    });
    connect(m_start, &QToolButton::clicked, this, [this] { act(SandboxAction::Start); });
    connect(m_stop, &QToolButton::clicked, this, [this] { act(SandboxAction::Stop); });
    connect(m_remove, &QToolButton::clicked, this, &SandboxesPane::confirmRemove);
    connect(m_new, &QToolButton::clicked, this, &SandboxesPane::askNew);
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, &SandboxesPane::refresh);
    updateButtons();
}

int SandboxesPane::rowCount() const
{
    return m_list->topLevelItemCount();
}

QString SandboxesPane::cellText(int row, int column) const
{
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    return item ? item->text(column) : QString();
}

QString SandboxesPane::noteText() const
{
    return m_note->text();
}

void SandboxesPane::selectRow(int row)
{
    m_list->setCurrentItem(m_list->topLevelItem(row));
}

void SandboxesPane::refresh()
{
    if (std::exchange(m_listing, true)) {
        m_listAgain = true;
        return;
    }
    runInBackground<SandboxListing>(
        this, [stores = m_stores] { return listSandboxes(stores); },
        [this](const SandboxListing &listing) {
            m_listing = false;
            showListing(listing);
            if (std::exchange(m_listAgain, false))
                refresh();
        });
}

void SandboxesPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_timer->start();
}

void SandboxesPane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer->stop();
}

void SandboxesPane::showListing(const SandboxListing &listing)
{
    const Core::SandboxInfo *was = selected();
    const QString keep = was ? was->backend + QLatin1Char('/') + was->name : QString();
    m_sandboxes = listing.sandboxes;
    m_problems = listing.problems;
    const QSignalBlocker quiet(m_list);
    m_list->clear();
    const QDateTime now = QDateTime::currentDateTime();
    for (const Core::SandboxInfo &sandbox : std::as_const(m_sandboxes)) {
        auto *item = new QTreeWidgetItem(m_list, sandboxRowCells(sandbox, now));
        const QString tip = sandboxRowToolTip(sandbox);
        for (int column = 0; column < ColumnCount; ++column)
            item->setToolTip(column, tip);
        if (sandbox.backend + QLatin1Char('/') + sandbox.name == keep)
            m_list->setCurrentItem(item);
    }
    QStringList note = m_problems;
    if (!m_actionProblem.isEmpty())
        note.prepend(m_actionProblem);
    if (m_sandboxes.isEmpty() && note.isEmpty())
        note << QStringLiteral("No named sandboxes. Make one with New…, or “sandpit sandbox create NAME”; it keeps its "
                               "files and programs between commands.");
    m_note->setText(note.join(QLatin1Char('\n')));
    updateButtons();
    Q_EMIT listed();
}

void SandboxesPane::confirmRemove()
{
    const Core::SandboxInfo *sandbox = selected();
    if (!sandbox)
        return;
    auto *box = new QMessageBox(QMessageBox::Question, QStringLiteral("Remove Sandbox"),
                                QStringLiteral("Remove the sandbox “%1”? Every program in it ends.").arg(sandbox->name),
                                QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("confirmRemoveSandbox"));
    box->setInformativeText(sandbox->backend == QLatin1String("docker")
                                ? QStringLiteral("Its container is removed.")
                                : QStringLiteral("A folder it made for its files is deleted; a folder you gave it "
                                                 "stays."));
    box->addButton(QStringLiteral("Remove"), QMessageBox::DestructiveRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box](QAbstractButton *button) {
        if (box->buttonRole(button) == QMessageBox::DestructiveRole)
            act(SandboxAction::Remove);
    });
    box->open();
}

// Non-modal (open(), not exec()): the list keeps refreshing behind it.
void SandboxesPane::askNew()
{
    auto *dialog = new NewSandboxDialog(QStringLiteral("local"), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &NewSandboxDialog::createRequested, this, [this](const Core::SandboxSpec &spec) {
        runInBackground<QString>(
            this, [stores = m_stores, spec] { return createSandbox(stores, spec); },
            [this](const QString &problem) {
                m_actionProblem = problem;
                refresh();
            });
    });
    dialog->open();
}

void SandboxesPane::act(SandboxAction action)
{
    const Core::SandboxInfo *sandbox = selected();
    if (!sandbox)
        return;
    const QString backend = sandbox->backend;
    const QString name = sandbox->name;
    runInBackground<QString>(
        this, [stores = m_stores, backend, name, action] { return applySandboxAction(stores, backend, name, action); },
        [this](const QString &problem) {
            m_actionProblem = problem;
            refresh();
        });
}

void SandboxesPane::updateButtons()
{
    const Core::SandboxInfo *sandbox = selected();
    const bool running = sandbox && sandbox->state == Core::SandboxInfo::State::Running;
    m_terminal->setEnabled(running);
    m_runFile->setEnabled(running);
    m_start->setEnabled(sandbox && !running);
    m_stop->setEnabled(running);
    m_remove->setEnabled(sandbox != nullptr);
}

const Core::SandboxInfo *SandboxesPane::selected() const
{
    const int row = m_list->currentItem() ? m_list->currentIndex().row() : -1;
    return row >= 0 && row < m_sandboxes.size() ? &m_sandboxes.at(row) : nullptr;
}

} // namespace Sandpit::Ui
