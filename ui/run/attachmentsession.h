#pragma once

#include "model/runrequest.h"

#include <QList>
#include <QObject>
#include <QString>

namespace Sandpit::Ui {

/// One attached input file or folder as the pane shows it.
struct Attachment {
    QString path;
    bool isFolder = false;
    QString problem; ///< empty when it is there; else why it cannot be copied ("it is missing")
};

/// The current program's input files, workspace mode and command-line arguments. They are remembered per program
/// file in QSettings (`attachments/programs`), so they stay on this machine with the user's
/// other settings and never alter the folder the program lives in. Whether each attachment is
/// still there is checked off the GUI thread.
class AttachmentSession final : public QObject
{
    Q_OBJECT
public:
    /// `dataDir` holds the kept workspaces, one folder per program, under workspaces/.
    explicit AttachmentSession(QString dataDir, QObject *parent = nullptr);

    /// The program whose attachments these are; empty for an unsaved one. An unsaved
    /// program's attachments go with it when it is first saved.
    void setProgram(const QString &path);
    QList<Core::InputFile> inputFiles() const;
    bool isPersistent() const { return m_persistent; }
    /// Where the program's kept workspace lives; empty in fresh mode.
    QString keptWorkspace() const;
    /// The program's command-line arguments (its argv[1…]).
    QStringList arguments() const { return m_arguments; }

public Q_SLOTS:
    void attach(const QStringList &paths);
    void detach(const QString &path);
    void setPersistent(bool persistent);
    void setArguments(const QStringList &arguments);
    /// Empties the kept workspace (in the background); the next run starts clean.
    void resetWorkspace();
    /// Checks again, in the background, which attachments are there.
    void refresh();

Q_SIGNALS:
    void attachmentsChanged(const QList<Sandpit::Ui::Attachment> &attachments);
    void modeChanged(bool persistent);
    void argumentsChanged(const QStringList &arguments);
    /// The kept workspace was emptied (`ok`), or could not be; `message` says which.
    void workspaceReset(bool ok, const QString &message);

private:
    void load();
    void store() const;
    QString workspaceFolder() const;

    QString m_dataDir;
    QString m_program;
    QStringList m_paths;
    QStringList m_arguments;
    bool m_persistent = false;
    quint64 m_generation = 0; // a check that ends after the list changed is dropped
};

} // namespace Sandpit::Ui

Q_DECLARE_METATYPE(Sandpit::Ui::Attachment)
