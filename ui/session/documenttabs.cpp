#include "session/documenttabs.h"

#include "editor/editorwidget.h"
#include "session/documentfile.h"
#include "session/documenttab.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QStyle>
#include <QTabBar>

namespace Sandpit::Ui {

namespace {
QStringList localFiles(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    return paths;
}
} // namespace

DocumentTabs::DocumentTabs(const Core::LanguageRegistry &languages, QWidget *parent)
    : QTabWidget(parent)
    , m_languages(languages)
{
    setObjectName(QStringLiteral("documentTabs"));
    setDocumentMode(true);
    setTabsClosable(true);
    setMovable(true);
    setAcceptDrops(true);
    tabBar()->setElideMode(Qt::ElideMiddle);
    tabBar()->setExpanding(false);
    connect(this, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (auto *tab = qobject_cast<DocumentTab *>(widget(index)))
            requestClose(tab);
    });
    connect(this, &QTabWidget::currentChanged, this, [this] {
        // The learner types into the program in front, without clicking it first.
        if (DocumentTab *tab = current())
            tab->editor()->setFocus();
        Q_EMIT currentTabChanged(current());
    });
}

DocumentTab *DocumentTabs::current() const
{
    return qobject_cast<DocumentTab *>(currentWidget());
}

QList<DocumentTab *> DocumentTabs::tabs() const
{
    QList<DocumentTab *> all;
    for (int i = 0; i < count(); ++i) {
        if (auto *tab = qobject_cast<DocumentTab *>(widget(i)))
            all << tab;
    }
    return all;
}

DocumentTab *DocumentTabs::tabForPath(const QString &path) const
{
    if (path.isEmpty())
        return nullptr; // an untitled buffer is nobody's file
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (DocumentTab *tab : tabs()) {
        if ((!tab->document()->path().isEmpty() && tab->document()->path() == absolute)
            || tab->openingPath() == absolute)
            return tab;
    }
    return nullptr;
}

DocumentTab *DocumentTabs::newTab(const QString &languageId)
{
    DocumentTab *tab = addDocumentTab();
    tab->startNew(languageId);
    return tab;
}

DocumentTab *DocumentTabs::freshTab()
{
    DocumentTab *tab = current();
    if (tab && tab->isUntouched())
        return tab;
    return addDocumentTab();
}

void DocumentTabs::openFile(const QString &path, int line, int column)
{
    if (DocumentTab *open = tabForPath(path)) {
        setCurrentWidget(open);
        Q_EMIT message(QStringLiteral("%1 is already open.").arg(QFileInfo(path).fileName()));
        return;
    }
    DocumentTab *tab = freshTab();
    setCurrentWidget(tab);
    Q_EMIT message(QStringLiteral("Opening %1…").arg(path));
    tab->open(path, line, column);
}

void DocumentTabs::requestClose(DocumentTab *tab)
{
    setCurrentWidget(tab);
    tab->whenTextIsSafe([this, tab] { closeTab(tab); });
}

void DocumentTabs::closeTab(DocumentTab *tab)
{
    const int index = indexOf(tab);
    if (index < 0)
        return;
    // The window always has a program to type in.
    if (count() == 1) {
        // The new program takes the name of the one that leaves: "untitled.py" again.
        m_leaving = tab;
        newTab();
        m_leaving = nullptr;
    }
    removeTab(indexOf(tab));
    Q_EMIT tabClosed(tab);
    tab->deleteLater();
}

QList<DocumentTab *> DocumentTabs::modifiedTabs() const
{
    QList<DocumentTab *> modified;
    for (DocumentTab *tab : tabs()) {
        if (tab->isModified())
            modified << tab;
    }
    return modified;
}

void DocumentTabs::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void DocumentTabs::dropEvent(QDropEvent *event)
{
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    Q_EMIT filesDropped(paths);
}

bool DocumentTabs::eventFilter(QObject *watched, QEvent *event)
{
    // The editor takes drops of text itself; a dropped file is opened instead of pasting its
    // path into the program.
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove || event->type() == QEvent::Drop) {
        auto *drop = static_cast<QDropEvent *>(event);
        const QStringList paths = localFiles(drop->mimeData());
        if (!paths.isEmpty()) {
            drop->acceptProposedAction();
            if (event->type() == QEvent::Drop)
                Q_EMIT filesDropped(paths);
            return true;
        }
    }
    return QTabWidget::eventFilter(watched, event);
}

DocumentTab *DocumentTabs::addDocumentTab()
{
    auto *tab = new DocumentTab(m_languages, this);
    // Two unsaved programs are never both "untitled.py": each name says which tab a traceback,
    // a Problems row or a History entry is about.
    QList<int> taken;
    for (DocumentTab *other : tabs()) {
        if (other != m_leaving && other->document()->path().isEmpty())
            taken << other->document()->untitledNumber();
    }
    int number = 1;
    while (taken.contains(number))
        ++number;
    tab->document()->setUntitledNumber(number);
    tab->editor()->viewport()->installEventFilter(this);
    connect(tab, &DocumentTab::appearanceChanged, this, [this, tab] { updateAppearance(tab); });
    connect(tab, &DocumentTab::message, this, &DocumentTabs::message);
    connect(tab, &DocumentTab::problem, this, &DocumentTabs::problem);
    const int index = addTab(tab, QString());
    updateAppearance(tab);
    setCurrentIndex(index);
    Q_EMIT tabAdded(tab);
    return tab;
}

void DocumentTabs::updateAppearance(DocumentTab *tab)
{
    const int index = indexOf(tab);
    if (index < 0)
        return;
    QString title = tab->document()->displayName();
    if (tab->isModified())
        title += QLatin1Char('*');
    setTabText(index, title);
    setTabToolTip(index, tab->summary());
    QStyle::StandardPixmap icon = QStyle::SP_CustomBase;
    if (tab->isRecovered())
        icon = QStyle::SP_BrowserReload;
    else if (tab->runState() == DocumentTab::RunState::Running)
        icon = QStyle::SP_MediaPlay;
    else if (tab->runState() == DocumentTab::RunState::Succeeded)
        icon = QStyle::SP_DialogApplyButton;
    else if (tab->runState() == DocumentTab::RunState::Stopped)
        icon = QStyle::SP_MessageBoxWarning;
    setTabIcon(index, icon == QStyle::SP_CustomBase ? QIcon() : style()->standardIcon(icon));
    Q_EMIT tabUpdated(tab);
}

} // namespace Sandpit::Ui
