#include "historycommand.h"

#include "commandline.h"
#include "history/runhistory.h"
#include "model/units.h"
#include "settings/historysettings.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kExitOk = 0;

/// One table row: time, file, language, backend, status (with the kill reason), duration.
QStringList row(const Core::RunRecord &record)
{
    const QString ranOn = record.result.value(QStringLiteral("backend")).toString();
    QString status = record.status();
    const QString signal = record.result.value(QStringLiteral("signal")).toString();
    if (status == QLatin1String("crashed") && !signal.isEmpty())
        status += QStringLiteral(": ") + signal;
    else if (status == QLatin1String("stopped"))
        status += QStringLiteral(": ") + Core::killReasonId(record.killReason());
    return {record.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
            record.fileName,
            record.language,
            ranOn.isEmpty() ? record.backend : ranOn,
            status,
            Core::formatDuration(record.wallMs())};
}

QString table(const QList<QStringList> &rows)
{
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &r : rows) {
        for (qsizetype i = 0; i < r.size(); ++i)
            widths[i] = std::max(widths[i], r.at(i).size());
    }
    QString out;
    for (const QStringList &r : rows) {
        QString line;
        for (qsizetype i = 0; i < r.size(); ++i)
            line += i + 1 < r.size() ? r.at(i).leftJustified(widths[i] + 2) : r.at(i);
        out += line + QLatin1Char('\n');
    }
    return out;
}
} // namespace

int runHistoryCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the runs Sandpit recorded, newest first."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("history"), QStringLiteral("The command."), QStringLiteral("history"));
    parser.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print a JSON array of the records, code and result included.")},
        {QStringLiteral("limit"), QStringLiteral("Show at most N runs (the newest)."), QStringLiteral("N")},
    });
    if (const auto early
        = parseCommandLine(parser, arguments, 1, QStringLiteral("usage: sandpit history [--json] [--limit N]")))
        return *early;
    int limit = -1;
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        limit = parser.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1) {
            printErr(QStringLiteral("--limit must be a whole number of runs, 1 or more, not \"%1\".")
                         .arg(parser.value(QStringLiteral("limit"))));
            return kExitUsage;
        }
    }
    const QSettings settings;
    const auto history = Core::HistorySettings::load(settings, QProcessEnvironment::systemEnvironment());
    if (!history) {
        printErr(history.error());
        return kExitUsage;
    }

    const Core::RunHistory store(history->directory, history->maxRecords);
    const Core::RunHistory::Listing listing = store.load(limit);
    for (const QString &note : listing.notes)
        printErr(note);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray records;
        for (const Core::RunRecord &record : listing.records)
            records.append(record.toJson());
        const QByteArray text = QJsonDocument(records).toJson(QJsonDocument::Indented);
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
        return kExitOk;
    }
    if (listing.records.isEmpty()) {
        std::printf("No runs recorded in %s.\n", qPrintable(history->directory));
        return kExitOk;
    }
    QList<QStringList> rows{{QStringLiteral("TIME"), QStringLiteral("FILE"), QStringLiteral("LANGUAGE"),
                             QStringLiteral("BACKEND"), QStringLiteral("STATUS"), QStringLiteral("DURATION")}};
    for (const Core::RunRecord &record : listing.records)
        rows << row(record);
    std::fputs(qPrintable(table(rows)), stdout);
    return kExitOk;
}

void recordRun(const Core::HistorySettings &settings, const Core::RunRequest &request, const Core::RunResult &result)
{
    if (!settings.wants(result))
        return;
    const Core::RunHistory store(settings.directory, settings.maxRecords);
    const auto stored = store.store(Core::RunRecord::fromRun(request, result, QDateTime::currentDateTimeUtc()));
    if (!stored)
        std::fprintf(stderr, "[sandpit] The run was not recorded in the history: %s\n", qPrintable(stored.error()));
}

} // namespace Sandpit::App
