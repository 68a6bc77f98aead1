#include "session/documentfile.h"

#include "languages/languageregistry.h"
#include "session/textfile.h"
#include "window/backgroundtask.h"

#include <QFileInfo>

namespace Sandpit::Ui {

DocumentFile::DocumentFile(const Core::LanguageRegistry &languages, QObject *parent)
    : QObject(parent)
    , m_languages(languages)
{
    reset();
}

QString DocumentFile::displayName() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).fileName();
    const QString extension = m_language ? m_language->extensions.value(0) : QString();
    // A language that needs its own name for the file (Java's Main.java) gets it from the start.
    if (m_language && !m_language->defaultFileName.isEmpty()
        && m_language->defaultFileName != QStringLiteral("main.") + extension)
        return m_language->defaultFileName;
    const QString stem
        = m_untitledNumber > 1 ? QStringLiteral("untitled-%1").arg(m_untitledNumber) : QStringLiteral("untitled");
    return extension.isEmpty() ? stem : stem + QLatin1Char('.') + extension;
}

void DocumentFile::setUntitledNumber(int number)
{
    m_untitledNumber = number;
    if (m_path.isEmpty())
        Q_EMIT pathChanged();
}

void DocumentFile::reset(const QString &languageId)
{
    ++m_openSerial;
    m_path.clear();
    m_language = m_languages.find(languageId);
    if (!m_language && !m_languages.languages().isEmpty())
        m_language = &m_languages.languages().first();
    Q_EMIT pathChanged();
}

void DocumentFile::resetLike(const QString &fileName)
{
    const Core::Language *language = m_languages.forFileName(fileName);
    reset(language ? language->id : QString());
}

void DocumentFile::setLanguage(const Core::Language *language)
{
    if (language == m_language)
        return;
    m_language = language;
    Q_EMIT pathChanged();
}

void DocumentFile::adopt(const QString &path)
{
    ++m_openSerial;
    setPath(QFileInfo(path).absoluteFilePath());
}

void DocumentFile::open(const QString &path)
{
    const quint64 serial = ++m_openSerial;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    using Result = std::expected<TextFile::Contents, QString>;
    runInBackground<Result>(
        this, [absolute] { return TextFile::read(absolute); },
        [this, serial, absolute](const Result &result) {
            if (serial != m_openSerial)
                return;
            if (!result) {
                Q_EMIT openFailed(result.error());
                return;
            }
            setPath(absolute);
            Q_EMIT opened(result->text, result->warning);
        });
}

void DocumentFile::save(const QString &text, quint64 revision)
{
    saveAs(m_path, text, revision);
}

void DocumentFile::saveAs(const QString &path, const QString &text, quint64 revision)
{
    if (path.isEmpty()) {
        Q_EMIT saveFailed(QStringLiteral("Cannot save: the document has no file name yet."));
        return;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    using Result = std::expected<void, QString>;
    runInBackground<Result>(
        this, [absolute, text] { return TextFile::write(absolute, text); },
        [this, absolute, revision](const Result &result) {
            if (!result) {
                Q_EMIT saveFailed(result.error());
                return;
            }
            if (absolute != m_path)
                setPath(absolute);
            Q_EMIT saved(revision);
        });
}

void DocumentFile::setPath(const QString &path)
{
    m_path = path;
    m_language = m_languages.forFileName(QFileInfo(path).fileName());
    Q_EMIT pathChanged();
}

} // namespace Sandpit::Ui
