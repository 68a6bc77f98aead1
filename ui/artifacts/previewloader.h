#pragma once

#include "artifacts/csvmodel.h"

#include <QImage>
#include <QString>

namespace Sandpit::Ui {

/// What the Artifacts pane shows for one file, made off the GUI thread.
struct Preview {
    enum class Kind { Image, Text, Table, Other };
    Kind kind = Kind::Other;
    QImage image;
    QString text;
    CsvTable table;
    QString note;  ///< what was left out (past a cap), or empty
    QString error; ///< why the file cannot be shown, or empty
};

/// Reads and parses a kept artifact for its preview. Every function here is safe to call on
/// any thread: the pane calls load() in the background.
class PreviewLoader final
{
public:
    static constexpr qint64 kMaxTextBytes = 1024 * 1024;
    static constexpr qint64 kMaxTableBytes = 4 * 1024 * 1024;
    static constexpr int kMaxTableRows = 10000;

    /// Which kind of preview a file of this MIME type gets, decided by QMimeDatabase (a
    /// Python or JSON file is a kind of text/plain).
    static Preview::Kind kindFor(const QString &mimeType);
    static Preview load(const QString &path, const QString &mimeType);

private:
    static Preview loadImage(const QString &path, const QString &mimeType);
    static Preview loadText(const QString &path);
    static Preview loadTable(const QString &path, const QString &mimeType);
};

} // namespace Sandpit::Ui
