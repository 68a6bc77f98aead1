#pragma once

#include "files/artifactlisting.h"
#include "model/runresult.h"

#include <QUrl>
#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QSplitter;
class QTableWidget;

namespace Sandpit::Ui {

class ArtifactPreview;

/// The files the last run wrote in its folder (output/ and beside the program, the latter
/// marked ↗ and explained once): path, size and type, a preview of the selected one, and
/// Open, Save As… and Save all… for the copies the engine kept.
class ArtifactsPane final : public QWidget
{
    Q_OBJECT
public:
    explicit ArtifactsPane(QWidget *parent = nullptr);

    int rowCount() const;
    /// The text of one cell; columns are path, size and MIME type.
    QString cellText(int row, int column) const;
    /// The note above the list: what was left out of it, or empty.
    QString noteText() const;
    /// The one sentence that says where files go and what the ↗ mark means, when a listed
    /// file has the mark; else empty.
    QString whereText() const;
    ArtifactPreview *preview() const { return m_preview; }
    void selectRow(int row);
    /// The kept copy of the selected file, or empty.
    QString selectedPath() const;

    /// How a file is opened with the desktop's application; tests replace it.
    void setUrlOpener(std::function<bool(const QUrl &)> opener);

public Q_SLOTS:
    void clear();
    void showArtifacts(const Sandpit::Core::RunResult &result);
    /// While the program runs: the files so far, greyed (they are kept, and can be previewed
    /// and saved, once it ends), with the file that was selected still selected.
    void showRunningListing(const Sandpit::Core::ArtifactListing &listing);
    /// Opens the selected file with the desktop's default application.
    void openSelected();
    /// Shows the previewed image large, in a window of its own inside Sandpit.
    void viewSelectedLarge();
    /// Asks where to save the selected file, then saveSelectedTo().
    void chooseSaveSelected();
    /// Asks for a folder, then saveAllTo().
    void chooseSaveAll();
    /// Copies the selected file to `path`, in the background.
    void saveSelectedTo(const QString &path);
    /// Copies every kept file into `folder` (with its folders below output/, or below the
    /// program's folder for one outside output/), in the background.
    void saveAllTo(const QString &folder);

Q_SIGNALS:
    /// A save finished; `message` says what was written where.
    void filesSaved(const QString &message);
    void saveFailed(const QString &message);
    void openFailed(const QString &message);

private:
    void showSelection();
    /// A double-click: an image is seen large here, any other file opens in its application.
    void activateSelected();
    void fillTable(const Sandpit::Core::RunResult &result);
    void updateActions();
    void showContextMenu(const QPoint &pos);
    /// Copies `pairs` (kept file, destination) in the background and reports.
    void copyInBackground(QList<std::pair<QString, QString>> pairs, const QString &where);
    const Sandpit::Core::Artifact *selectedArtifact() const;
    QString keptPath(const Sandpit::Core::Artifact &artifact) const;

    QLabel *m_note;
    QLabel *m_where;
    QSplitter *m_splitter;
    QTableWidget *m_table;
    QLabel *m_placeholder;
    ArtifactPreview *m_preview;
    QAction *m_openAction;
    QAction *m_saveAction;
    QAction *m_saveAllAction;
    QList<Sandpit::Core::Artifact> m_artifacts;
    QString m_dir;
    std::function<bool(const QUrl &)> m_openUrl;
};

} // namespace Sandpit::Ui
