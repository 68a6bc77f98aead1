#include "session/documenttab.h"

#include "editor/editorwidget.h"
#include "languages/language.h"
#include "session/documentfile.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUuid>
#include <QVBoxLayout>

namespace Sandpit::Ui {

DocumentTab::DocumentTab(const Core::LanguageRegistry &languages, QWidget *parent)
    : QWidget(parent)
    , m_editor(new EditorWidget(this))
    , m_document(new DocumentFile(languages, this))
    , m_banners(new QVBoxLayout)
    , m_bufferId(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    m_editor->setObjectName(QStringLiteral("editor"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_banners->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_banners);
    layout->addWidget(m_editor, 1);
    setFocusProxy(m_editor);
    connect(m_editor, &QsciScintilla::modificationChanged, this, &DocumentTab::appearanceChanged);
    connectDocument();
}

bool DocumentTab::isModified() const
{
    return m_editor->isModified();
}

bool DocumentTab::isUntouched() const
{
    return m_document->path().isEmpty() && m_openingPath.isEmpty() && !m_editor->isModified() && !m_recovered
        && m_runState == RunState::NotRun;
}

void DocumentTab::startNew(const QString &languageId)
{
    m_document->reset(languageId);
    const Core::Language *language = m_document->language();
    m_editor->setText(language ? language->templateCode : QString());
    m_editor->setModified(false);
}

void DocumentTab::chooseLanguage(const Core::Language *language)
{
    const bool untouched = m_document->path().isEmpty() && !isModified();
    m_document->setLanguage(language);
    if (untouched) {
        m_editor->setText(language->templateCode);
        m_editor->setModified(false);
    }
}

void DocumentTab::startFromText(const QString &fileName, const QString &text)
{
    m_document->resetLike(fileName);
    m_editor->setText(text);
    m_editor->setModified(false);
}

void DocumentTab::showUnsavedText(const QString &filePath, const Core::Language *language, const QString &text)
{
    m_openingPath.clear(); // a read still in flight is superseded: this text wins
    if (filePath.isEmpty())
        m_document->reset(language ? language->id : QString());
    else
        m_document->adopt(filePath);
    if (language)
        m_document->setLanguage(language);
    m_editor->setText(text);
    m_editor->setModified(true);
    m_editor->setCursorPosition(0, 0);
}

void DocumentTab::open(const QString &path, int line, int column)
{
    m_openingPath = QFileInfo(path).absoluteFilePath();
    m_openLine = line;
    m_openColumn = column;
    m_document->open(path);
}

void DocumentTab::save(std::function<void()> then)
{
    if (m_document->path().isEmpty()) {
        saveAs(std::move(then));
        return;
    }
    writeTo(m_document->path(), std::move(then));
}

void DocumentTab::saveAs(std::function<void()> then)
{
    // A file dialog is the one wait the learner asked for; it runs its own event loop, so the
    // window keeps painting and the running program's output keeps arriving.
    const QString path
        = QFileDialog::getSaveFileName(this, QStringLiteral("Save the program"),
                                       m_document->path().isEmpty() ? m_document->displayName() : m_document->path());
    if (path.isEmpty())
        return;
    writeTo(path, std::move(then));
}

void DocumentTab::writeTo(const QString &path, std::function<void()> then)
{
    if (then)
        m_queuedThens << std::move(then);
    m_queuedPath = QFileInfo(path).absoluteFilePath();
    // One write at a time: two in flight could land in either order, and the older text win.
    if (!m_savingPath.isEmpty())
        return;
    m_savingPath = std::exchange(m_queuedPath, QString());
    m_savingThens = std::exchange(m_queuedThens, {});
    m_savingText = m_editor->text(); // the newest text, whenever the save was asked for
    Q_EMIT savingToDisk(m_savingPath, m_savingText);
    m_document->saveAs(m_savingPath, m_savingText, m_editor->revision());
}

void DocumentTab::saveFinished()
{
    m_savingPath.clear();
    if (!m_queuedPath.isEmpty())
        writeTo(m_queuedPath, nullptr);
}

void DocumentTab::whenTextIsSafe(std::function<void()> proceed)
{
    if (!m_editor->isModified()) {
        proceed();
        return;
    }
    // Window-modal and non-blocking: the question must never stall the event loop.
    auto *box = new QMessageBox(
        QMessageBox::Question, QStringLiteral("Unsaved changes"),
        QStringLiteral("%1 has changes that are not saved. Save them first?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, window());
    box->setObjectName(QStringLiteral("unsavedChangesQuestion"));
    box->setDefaultButton(QMessageBox::Save);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, proceed = std::move(proceed)](int) {
        const auto answer = box->standardButton(box->clickedButton());
        if (answer == QMessageBox::Discard)
            proceed();
        else if (answer == QMessageBox::Save)
            save(proceed);
    });
    box->open();
}

void DocumentTab::addBanner(QWidget *banner)
{
    banner->setParent(this);
    m_banners->addWidget(banner);
    banner->show();
}

void DocumentTab::setRecovered(bool recovered)
{
    m_recovered = recovered;
    Q_EMIT appearanceChanged();
}

void DocumentTab::setRunning()
{
    m_runState = RunState::Running;
    m_outcome = QStringLiteral("Running…");
    m_lastDiagnostics.clear();
    Q_EMIT appearanceChanged();
}

void DocumentTab::setFinished(bool succeeded, const QString &outcome, const QList<Core::Diagnostic> &diagnostics)
{
    m_runState = succeeded ? RunState::Succeeded : RunState::Stopped;
    m_outcome = outcome;
    m_lastDiagnostics = diagnostics;
    Q_EMIT appearanceChanged();
}

QString DocumentTab::summary() const
{
    QStringList lines{m_document->path().isEmpty() ? QStringLiteral("%1 (not saved yet)").arg(m_document->displayName())
                                                   : m_document->path()};
    if (m_recovered)
        lines << QStringLiteral("Recovered after Sandpit closed unexpectedly");
    if (!m_outcome.isEmpty())
        lines << QStringLiteral("Last run: %1").arg(m_outcome);
    return lines.join(QLatin1Char('\n'));
}

void DocumentTab::connectDocument()
{
    connect(m_document, &DocumentFile::pathChanged, this, [this] {
        m_editor->setLanguage(m_document->language());
        Q_EMIT fileChanged();
        Q_EMIT appearanceChanged();
    });
    connect(m_document, &DocumentFile::opened, this, [this](const QString &text, const QString &warning) {
        m_openingPath.clear();
        m_editor->setText(text);
        m_editor->setModified(false);
        m_editor->setCursorPosition(std::min(m_openLine, std::max(0, m_editor->lines() - 1)), m_openColumn);
        m_editor->ensureCursorVisible();
        Q_EMIT openedFromDisk(m_document->path(), text);
        if (!warning.isEmpty())
            Q_EMIT problem(QStringLiteral("Opened with problems"), warning);
        else if (!m_document->language())
            Q_EMIT message(
                QStringLiteral("%1 is open as plain text: Sandpit does not know this file type, so it cannot "
                               "run it.")
                    .arg(m_document->displayName()));
        else
            Q_EMIT message(QStringLiteral("Opened %1").arg(m_document->path()));
    });
    connect(m_document, &DocumentFile::openFailed, this, [this](const QString &text) {
        m_openingPath.clear();
        Q_EMIT problem(QStringLiteral("Cannot open the file"), text);
    });
    connect(m_document, &DocumentFile::saved, this, [this](quint64 revision) {
        // Text typed while the save was in progress is not on disk yet.
        if (m_editor->revision() == revision)
            m_editor->setModified(false);
        if (m_recovered) {
            m_recovered = false;
            Q_EMIT appearanceChanged();
        }
        Q_EMIT savedToDisk(m_document->path(), std::exchange(m_savingText, QString()));
        Q_EMIT message(QStringLiteral("Saved %1").arg(m_document->path()));
        const auto thens = std::exchange(m_savingThens, {});
        saveFinished();
        for (const auto &next : thens)
            next();
    });
    connect(m_document, &DocumentFile::saveFailed, this, [this](const QString &text) {
        // What waited on this save (a quit, a close) does not go ahead.
        m_savingThens.clear();
        m_queuedThens.clear();
        m_queuedPath.clear();
        saveFinished();
        Q_EMIT problem(QStringLiteral("Cannot save the file"), text);
    });
}

} // namespace Sandpit::Ui
