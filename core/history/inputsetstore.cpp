#include "history/inputsetstore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace Sandpit::Core {

namespace {
const auto kName = QStringLiteral("name");
const auto kStdin = QStringLiteral("stdin");
const auto kExpected = QStringLiteral("expected_stdout");

std::unexpected<RunError> badFile(const QString &source, const QString &problem)
{
    return makeError(RunError::Code::BadRequest,
                     QStringLiteral("The input sets in “%1” cannot be read: %2. The file was left as it is; fix or "
                                    "remove it to use Run with input….")
                         .arg(source, problem));
}

Expected<QByteArray> readExisting(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return QByteArray();
    if (!file.open(QIODevice::ReadOnly))
        return badFile(path, file.errorString());
    if (file.size() > InputSetStore::kMaxBytes)
        return badFile(path, QStringLiteral("it is larger than 16 MB"));
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError)
        return badFile(path, file.errorString());
    return data;
}
} // namespace

QString InputSetStore::pathFor(const QString &programPath)
{
    return programPath + QStringLiteral(".sandpit-inputs.json");
}

QByteArray InputSetStore::toJson(const InputSets &sets)
{
    QJsonArray array;
    for (const InputSet &set : sets) {
        QJsonObject object{{kName, set.name}, {kStdin, QString::fromUtf8(set.stdinData)}};
        if (set.expectedStdout)
            object.insert(kExpected, QString::fromUtf8(*set.expectedStdout));
        array.append(object);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

Expected<InputSets> InputSetStore::fromJson(const QByteArray &json, const QString &source)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return badFile(source, QStringLiteral("%1 at byte %2").arg(error.errorString()).arg(error.offset));
    if (!document.isArray())
        return badFile(source, QStringLiteral("it should be a JSON array of input sets"));
    InputSets sets;
    const QJsonArray array = document.array();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject object = array.at(i).toObject();
        const QString where = QStringLiteral("entry %1").arg(i + 1);
        if (!array.at(i).isObject() || !object.value(kName).isString() || !object.value(kStdin).isString())
            return badFile(source, where + QStringLiteral(" needs a \"name\" and a \"stdin\" string"));
        const QJsonValue expected = object.value(kExpected);
        if (!expected.isUndefined() && !expected.isNull() && !expected.isString())
            return badFile(source, where + QStringLiteral(": \"expected_stdout\" should be a string"));
        InputSet set{object.value(kName).toString(), object.value(kStdin).toString().toUtf8(), std::nullopt};
        if (expected.isString())
            set.expectedStdout = expected.toString().toUtf8();
        sets.append(std::move(set));
    }
    return sets;
}

Expected<InputSets> InputSetStore::load(const QString &programPath)
{
    const QString path = pathFor(programPath);
    auto data = readExisting(path);
    if (!data)
        return std::unexpected(data.error());
    if (data->isEmpty() && !QFileInfo::exists(path))
        return InputSets();
    return fromJson(*data, path);
}

Expected<void> InputSetStore::save(const QString &programPath, const InputSets &sets)
{
    // What the user cannot see in Sandpit (a file it could not parse) must not be replaced
    // by what Sandpit shows (nothing).
    if (auto existing = load(programPath); !existing)
        return std::unexpected(existing.error());
    const QString path = pathFor(programPath);
    QSaveFile file(path);
    const QByteArray json = toJson(sets);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit()) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("Cannot save the input sets to “%1”: %2.").arg(path, file.errorString()));
    }
    return {};
}

} // namespace Sandpit::Core
