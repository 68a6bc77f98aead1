#include "engine/runrequestbuilder.h"

#include "engine/backendid.h"
#include "files/programfile.h"
#include "files/workspace.h"
#include "languages/language.h"
#include "languages/languageregistry.h"
#include "model/typeids.h"
#include "settings/networksettings.h"

#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <tuple>

namespace Sandpit::Core {

namespace {

struct LimitScale {
    double min;
    double max;
    double scale; // from the unit people type to the unit of Limits
    qint64 Limits::*field;
};

// The bounds keep a typo from becoming a run that never ends or a limit nothing fits in.
LimitScale scaleOf(RunRequestBuilder::Limit which)
{
    switch (which) {
    case RunRequestBuilder::Limit::TimeoutSeconds:
        return {0.1, 86400, 1000, &Limits::wallTimeMs};
    case RunRequestBuilder::Limit::MemoryMegabytes:
        return {8, 1024 * 1024, 1024.0 * 1024, &Limits::memoryBytes};
    case RunRequestBuilder::Limit::OutputKilobytes:
        return {1, 1024 * 1024, 1024, &Limits::outputBytes};
    }
    Q_UNREACHABLE();
}

QString languageIds(const LanguageRegistry &languages)
{
    QStringList ids;
    for (const Language &l : languages.languages())
        ids << l.id;
    return ids.join(QStringLiteral(", "));
}

// What a program that has no file of its own is called in the working folder.
QString unsavedFileName(const Language &language)
{
    return language.defaultFileName.isEmpty() ? QStringLiteral("main.txt") : language.defaultFileName;
}

} // namespace

RunRequestBuilder::RunRequestBuilder(const EngineSettings &settings)
    : m_settings(settings)
{
    m_request.limits = settings.limits;
    m_request.backend = settings.backend;
    m_request.packages = settings.packages;
    m_request.importPolicy = settings.importPolicy;
    m_request.weakestIsolation = settings.allowWeaker;
    m_request.network = settings.network;
}

RunRequestBuilder &RunRequestBuilder::editorProgram(const Language *language, const QString &fileName,
                                                    const QString &code)
{
    if (code.trimmed().isEmpty()) {
        fail(false, {RunError::Code::BadRequest, QStringLiteral("Nothing to run: the editor is empty.")});
        return *this;
    }
    if (!language) {
        fail(false,
             {RunError::Code::UnknownLanguage,
              QStringLiteral("Sandpit cannot run “%1”: it does not know what language this file type is.")
                  .arg(QFileInfo(fileName).fileName())});
        return *this;
    }
    m_request.language = language->id;
    m_request.entryFile = QFileInfo(fileName).fileName();
    if (QFileInfo(fileName).isAbsolute())
        m_request.packages.programFolder = QFileInfo(fileName).path();
    if (m_request.entryFile.isEmpty())
        m_request.entryFile = unsavedFileName(*language);
    m_request.sources = {{m_request.entryFile, code.toUtf8()}};
    return *this;
}

RunRequestBuilder &RunRequestBuilder::repl(const Language *language, const TerminalSize &size, const QString &fileName,
                                           const QString &code)
{
    if (!language) {
        fail(false,
             {RunError::Code::UnknownLanguage,
              QStringLiteral("Sandpit cannot open a REPL for “%1”: it does not know what language this file "
                             "type is.")
                  .arg(QFileInfo(fileName).fileName())});
        return *this;
    }
    if (!language->repl) {
        fail(true,
             {RunError::Code::BadRequest,
              QStringLiteral("%1 has no interactive shell (REPL) in Sandpit; use Run instead.").arg(language->name)});
        return *this;
    }
    m_request.language = language->id;
    m_request.sources.clear();
    m_request.entryFile.clear();
    if (!code.isNull())
        editorProgram(language, fileName, code);
    m_request.command = replCommand(*language->repl, m_request.entryFile);
    m_request.terminal = size;
    return stdinOpen();
}

const Language *RunRequestBuilder::languageFor(const QString &path, const QString &languageId,
                                               const LanguageRegistry &languages)
{
    const Language *language
        = languageId.isEmpty() ? languages.forFileName(path) : languages.find(languageId.toLower());
    if (!language) {
        const QString known = languageIds(languages);
        fail(true,
             {RunError::Code::UnknownLanguage,
              languageId.isEmpty()
                  ? QStringLiteral("cannot tell the language of %1 from its name; use --lang (one of %2)")
                        .arg(path, known)
                  : QStringLiteral("unknown language \"%1\"; known: %2").arg(languageId, known)});
    }
    return language;
}

RunRequestBuilder &RunRequestBuilder::programFile(const QString &path, const QString &languageId,
                                                  const LanguageRegistry &languages)
{
    // The file first: "/dev/null is a device" helps more than "cannot tell its language".
    const Expected<QByteArray> content = ProgramFile::read(path);
    if (!content) {
        fail(false, content.error());
        return *this;
    }
    const Language *language = languageFor(path, languageId, languages);
    if (!language)
        return *this;
    m_request.language = language->id;
    m_request.entryFile = QFileInfo(path).fileName();
    m_request.packages.programFolder = QFileInfo(path).absolutePath();
    m_request.sources = {{m_request.entryFile, *content}};
    return *this;
}

RunRequestBuilder &RunRequestBuilder::programStream(int fd, const QString &origin, const QString &languageId,
                                                    const LanguageRegistry &languages)
{
    if (languageId.isEmpty()) {
        fail(true,
             {RunError::Code::UnknownLanguage,
              QStringLiteral("%1 has no name to tell its language by; use --lang (one of %2)")
                  .arg(origin, languageIds(languages))});
        return *this;
    }
    const Language *language = languageFor(origin, languageId, languages);
    if (!language)
        return *this;
    Expected<QByteArray> checked = ProgramFile::readStream(fd, origin);
    if (checked)
        checked = ProgramFile::check(origin, std::move(*checked));
    if (!checked) {
        fail(false, checked.error());
        return *this;
    }
    m_request.language = language->id;
    m_request.entryFile = unsavedFileName(*language);
    m_request.sources = {{m_request.entryFile, *checked}};
    return *this;
}

RunRequestBuilder &RunRequestBuilder::arguments(const QStringList &arguments)
{
    m_request.arguments = arguments;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::limit(Limit which, const QString &option, const QString &text)
{
    const LimitScale limit = scaleOf(which);
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < limit.min || value > limit.max) {
        fail(true,
             {RunError::Code::BadRequest,
              QStringLiteral("--%1 must be a number between %2 and %3, not \"%4\".")
                  .arg(option)
                  .arg(limit.min)
                  .arg(limit.max)
                  .arg(text)});
        return *this;
    }
    m_request.limits.*limit.field = std::llround(value * limit.scale);
    return *this;
}

RunRequestBuilder &RunRequestBuilder::backend(const QString &id, Chosen chosen)
{
    const QString normalized = id.trimmed().toLower();
    if (!knownBackends().contains(normalized)) {
        fail(true,
             {RunError::Code::BadRequest,
              QStringLiteral("--backend must be one of %1, not \"%2\".")
                  .arg(knownBackends().join(QStringLiteral(", ")), id)});
        return *this;
    }
    m_request.backend = normalized;
    m_chosen = chosen;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::image(const QString &image)
{
    m_request.image = image;
    m_chosen = Chosen::ByCaller;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::allowWeaker(const QString &id)
{
    const auto chosen = allowWeakerFromId(id.trimmed().toLower());
    if (!chosen) {
        fail(true,
             {RunError::Code::BadRequest,
              QStringLiteral("--allow-weaker must be never, partial or none, not \"%1\".").arg(id)});
        return *this;
    }
    m_request.weakestIsolation = *chosen;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::importPolicy(const QStringList &warn, const QStringList &block)
{
    ImportPolicy policy;
    for (const auto &[option, values, into] :
         {std::tuple{"--warn-import", &warn, &policy.warn}, std::tuple{"--block-import", &block, &policy.block}}) {
        QString error;
        const auto names = ImportPolicy::parseList(values->join(QLatin1Char(',')), &error);
        if (!names) {
            fail(true, {RunError::Code::BadRequest, QLatin1String(option) + QStringLiteral(": ") + error});
            return *this;
        }
        *into = *names;
    }
    m_request.importPolicy = policy;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::allowNetwork(const QStringList &entries, const QString &option)
{
    QStringList split;
    for (const QString &entry : entries)
        split << NetworkSettings::entries(entry);
    if (split.isEmpty())
        return *this;
    const auto list = parseAllowList(split);
    if (!list) {
        fail(true, {RunError::Code::BadRequest, QStringLiteral("%1: %2").arg(option, list.error().message)});
        return *this;
    }
    m_request.network = *list;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::stdinData(const QByteArray &data)
{
    m_request.stdinData = data;
    m_request.keepStdinOpen = false;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::stdinFile(const QString &path)
{
    QFile input(path);
    if (!input.open(QIODevice::ReadOnly)) {
        fail(false,
             {RunError::Code::BadRequest,
              QStringLiteral("cannot read the stdin file %1: %2").arg(path, input.errorString())});
        return *this;
    }
    return stdinData(input.readAll());
}

RunRequestBuilder &RunRequestBuilder::stdinOpen()
{
    m_request.stdinData.clear();
    m_request.keepStdinOpen = true;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::outputStreamedOnly()
{
    m_request.keepOutputInResult = false;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::attach(const QStringList &paths)
{
    for (const QString &path : paths) {
        if (!QFileInfo::exists(path)) {
            fail(false, missingInputError({path, {}}));
            return *this;
        }
        m_request.inputFiles << InputFile{QFileInfo(path).absoluteFilePath(), {}};
    }
    return *this;
}

RunRequestBuilder &RunRequestBuilder::attach(const QList<InputFile> &inputFiles)
{
    m_request.inputFiles << inputFiles;
    return *this;
}

RunRequestBuilder &RunRequestBuilder::workspace(const QString &folder)
{
    m_request.keptWorkspace = folder.isEmpty() ? QString() : QFileInfo(folder).absoluteFilePath();
    return *this;
}

std::expected<RunRequest, RequestError> RunRequestBuilder::build() const
{
    if (m_error)
        return std::unexpected(*m_error);
    RunRequest request = m_request;
    // Chosen by a setting, Docker may be replaced by the local sandbox when it cannot be
    // reached, and the result says so; asked for by the caller, it is not replaced behind
    // their back.
    if (request.backend == kDockerBackendId && m_settings.dockerFallback && m_chosen == Chosen::BySettings)
        request.fallbackBackend = kLocalBackendId;
    return request;
}

void RunRequestBuilder::fail(bool wrongChoice, RunError error)
{
    if (!m_error)
        m_error = RequestError{wrongChoice, std::move(error)};
}

} // namespace Sandpit::Core
