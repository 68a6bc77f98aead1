#include "session/tabbanners.h"

#include "editor/editorwidget.h"
#include "session/changebanner.h"
#include "session/diffdialog.h"
#include "session/diskwatcher.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "session/textfile.h"
#include "window/backgroundtask.h"

#include <QFileInfo>

namespace Sandpit::Ui {

namespace {
const auto kBannerName = QStringLiteral("changeBanner");
const auto kHandlerProperty = "sandpitBannerHandler";

using Handler = std::function<void(int)>;

/// What the banner's buttons do now: they change with what the banner says.
void setHandler(ChangeBanner *banner, Handler handler)
{
    banner->setProperty(kHandlerProperty, QVariant::fromValue(std::make_shared<Handler>(std::move(handler))));
}
} // namespace

TabBanners::TabBanners(DocumentTabs &tabs, QWidget *window)
    : QObject(window)
    , m_tabs(tabs)
    , m_window(window)
    , m_watcher(new DiskWatcher(this))
{
    for (DocumentTab *tab : m_tabs.tabs())
        watch(tab);
    connect(&m_tabs, &DocumentTabs::tabAdded, this, &TabBanners::watch);
    connect(&m_tabs, &DocumentTabs::tabClosed, this, [this](DocumentTab *tab) {
        m_shownPath.remove(tab);
        const QString path = tab->document()->path();
        if (!path.isEmpty() && !m_tabs.tabForPath(path))
            m_watcher->unwatch(path);
    });
    connect(m_watcher, &DiskWatcher::changedOnDisk, this, &TabBanners::showChangedOnDisk);
    connect(m_watcher, &DiskWatcher::removedFromDisk, this, &TabBanners::showRemovedFromDisk);
}

void TabBanners::watch(DocumentTab *tab)
{
    m_shownPath.insert(tab, tab->document()->path());
    // Saved as another file: the old one is no longer this tab's to watch.
    connect(tab, &DocumentTab::fileChanged, this, [this, tab] {
        const QString now = tab->document()->path();
        const QString before = std::exchange(m_shownPath[tab], now);
        if (!before.isEmpty() && before != now && !m_tabs.tabForPath(before))
            m_watcher->unwatch(before);
    });
    connect(tab, &DocumentTab::openedFromDisk, this,
            [this](const QString &path, const QString &text) { m_watcher->watch(path, text.toUtf8()); });
    // Told before the write, so the watch does not take Sandpit's own save for another program's.
    connect(tab, &DocumentTab::savingToDisk, this, [this](const QString &path, const QString &text) {
        if (m_watcher->watchedFiles().contains(path))
            m_watcher->noteSaved(path, text.toUtf8());
    });
    connect(tab, &DocumentTab::savedToDisk, this, [this, tab](const QString &path, const QString &text) {
        if (!m_watcher->watchedFiles().contains(path))
            m_watcher->watch(path, text.toUtf8());
        if (ChangeBanner *banner = tab->findChild<ChangeBanner *>(kBannerName))
            banner->hide(); // what the banner asked about is settled by the save
    });
}

ChangeBanner *TabBanners::bannerOf(DocumentTab *tab)
{
    if (auto *banner = tab->findChild<ChangeBanner *>(kBannerName))
        return banner;
    auto *banner = new ChangeBanner(tab);
    banner->setObjectName(kBannerName);
    connect(banner, &ChangeBanner::buttonClicked, this, [banner](int index) {
        if (const auto handler = banner->property(kHandlerProperty).value<std::shared_ptr<Handler>>())
            (*handler)(index);
    });
    tab->addBanner(banner);
    return banner;
}

void TabBanners::showChangedOnDisk(const QString &path, const QString &newText)
{
    DocumentTab *tab = m_tabs.tabForPath(path);
    if (!tab || tab->editor()->text() == newText)
        return;
    const QString name = QFileInfo(path).fileName();
    ChangeBanner *banner = bannerOf(tab);
    banner->showMessage(
        ChangeBanner::Kind::Warning,
        tab->isModified()
            ? QStringLiteral("%1 was changed by another program, and your changes here are not saved.").arg(name)
            : QStringLiteral("%1 was changed by another program.").arg(name),
        {QStringLiteral("Reload"), QStringLiteral("Show Differences"), QStringLiteral("Keep Mine")});
    setHandler(banner, [this, tab, banner, newText](int index) {
        if (index == 0) {
            reload(tab, newText);
        } else if (index == 1) {
            showDiff(tab, QStringLiteral("On disk"), newText, QStringLiteral("In Sandpit"),
                     QStringLiteral("Reload from Disk"), QStringLiteral("Keep Mine"));
        } else {
            // The file and the tab now differ: the tab is what the learner keeps, unsaved.
            tab->editor()->setModified(true);
            banner->hide();
        }
    });
    Q_EMIT message(QStringLiteral("%1 was changed by another program.").arg(name));
}

void TabBanners::showRemovedFromDisk(const QString &path)
{
    DocumentTab *tab = m_tabs.tabForPath(path);
    if (!tab)
        return;
    const QString name = QFileInfo(path).fileName();
    ChangeBanner *banner = bannerOf(tab);
    banner->showMessage(ChangeBanner::Kind::Warning,
                        QStringLiteral("%1 was deleted or moved by another program. Its text is still here: save it to "
                                       "write the file again.")
                            .arg(name),
                        {QStringLiteral("Save"), QStringLiteral("Dismiss")});
    tab->editor()->setModified(true);
    setHandler(banner, [tab, banner](int index) {
        if (index == 0)
            tab->save();
        banner->hide();
    });
}

void TabBanners::watchReopened(DocumentTab *tab, const QString &text)
{
    if (!tab->document()->path().isEmpty())
        m_watcher->watch(tab->document()->path(), text.toUtf8());
}

void TabBanners::showRecovered(DocumentTab *tab, const QDateTime &journaledAt)
{
    tab->setRecovered(true);
    ChangeBanner *banner = bannerOf(tab);
    const QString path = tab->document()->path();
    if (!path.isEmpty()) {
        // Watched from the file's present text, so a later change by another program shows;
        // and a file changed after the copy was made is said at once: saving would replace it.
        struct Disk {
            std::expected<TextFile::Contents, QString> contents;
            QDateTime modified;
        };
        runInBackground<Disk>(
            tab,
            [path] {
                return Disk{TextFile::read(path), QFileInfo(path).lastModified()};
            },
            [this, tab, banner, path, journaledAt](const Disk &disk) {
                if (disk.contents)
                    m_watcher->watch(path, disk.contents->text.toUtf8());
                if (disk.contents && journaledAt.isValid() && disk.modified > journaledAt) {
                    banner->showMessage(
                        ChangeBanner::Kind::Warning,
                        QStringLiteral("Recovered after Sandpit closed unexpectedly, but %1 was changed on "
                                       "disk after this copy was made: saving would replace that.")
                            .arg(QFileInfo(path).fileName()),
                        banner->buttonTexts());
                }
            });
    }
    if (path.isEmpty()) {
        banner->showMessage(
            ChangeBanner::Kind::Info,
            QStringLiteral("Recovered after Sandpit closed unexpectedly. This program was never saved."),
            {QStringLiteral("Save As…"), QStringLiteral("Dismiss")});
        setHandler(banner, [tab, banner](int index) {
            if (index == 0)
                tab->saveAs();
            banner->hide();
        });
        return;
    }
    banner->showMessage(
        ChangeBanner::Kind::Info,
        QStringLiteral("Recovered after Sandpit closed unexpectedly: these changes to %1 were never saved.")
            .arg(QFileInfo(path).fileName()),
        {QStringLiteral("Show Differences"), QStringLiteral("Use the File on Disk"), QStringLiteral("Dismiss")});
    setHandler(banner, [this, tab, banner, path](int index) {
        if (index == 2) {
            banner->hide();
            return;
        }
        using Result = std::expected<TextFile::Contents, QString>;
        runInBackground<Result>(
            tab, [path] { return TextFile::read(path); },
            [this, tab, index](const Result &disk) {
                if (!disk) {
                    Q_EMIT message(disk.error());
                    return;
                }
                if (index == 1)
                    reload(tab, disk->text);
                else
                    showDiff(tab, QStringLiteral("On disk"), disk->text, QStringLiteral("Recovered"),
                             QStringLiteral("Use the File on Disk"), QStringLiteral("Keep Recovered"));
            });
    });
}

void TabBanners::showDiff(DocumentTab *tab, const QString &diskLabel, const QString &diskText, const QString &tabLabel,
                          const QString &reloadChoice, const QString &keepChoice)
{
    auto *dialog = new DiffDialog(m_window);
    dialog->setObjectName(QStringLiteral("diskDiffDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QStringLiteral("Differences: %1").arg(tab->document()->displayName()));
    dialog->setTexts(diskLabel, diskText, tabLabel, tab->editor()->text());
    dialog->setChoices({reloadChoice, keepChoice});
    connect(dialog, &DiffDialog::choiceMade, tab, [this, tab, diskText](int index) {
        if (index == 0) {
            reload(tab, diskText);
        } else if (auto *banner = tab->findChild<ChangeBanner *>(kBannerName)) {
            tab->editor()->setModified(true);
            banner->hide();
        }
    });
    dialog->open();
}

void TabBanners::reload(DocumentTab *tab, const QString &text)
{
    tab->editor()->setText(text);
    tab->editor()->setModified(false);
    tab->setRecovered(false);
    if (!tab->document()->path().isEmpty())
        m_watcher->watch(tab->document()->path(), text.toUtf8());
    if (auto *banner = tab->findChild<ChangeBanner *>(kBannerName))
        banner->hide();
    Q_EMIT message(QStringLiteral("Reloaded %1 from disk.").arg(tab->document()->displayName()));
}

} // namespace Sandpit::Ui
