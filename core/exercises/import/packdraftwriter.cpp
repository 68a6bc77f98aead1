#include "exercises/import/packdraftwriter.h"

#include "exercises/packloader.h"
#include "exercises/tomltext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace Sandpit::Core {

namespace {

class Writer
{
public:
    explicit Writer(QString folder)
        : m_folder(std::move(folder))
    {
    }
    bool put(const QString &relative, const QByteArray &content)
    {
        const QString path = m_folder + QLatin1Char('/') + relative;
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size()) {
            m_error = QStringLiteral("%1: cannot be written: %2").arg(path, file.errorString());
            return false;
        }
        m_written << relative;
        return true;
    }
    QStringList written() const { return m_written; }
    QString error() const { return m_error; }

private:
    QString m_folder;
    QStringList m_written;
    QString m_error;
};

QByteArray courseToml(const PackDraft &draft)
{
    QByteArray text;
    for (const QString &comment : draft.courseComments)
        text += "# " + comment.toUtf8().replace('\n', ' ') + '\n';
    text += "id = " + tomlString(draft.id) + '\n';
    text += "title = " + tomlString(draft.title) + '\n';
    text += "exercises = [" + tomlString(draft.id) + "]\n";
    return text;
}

QByteArray limitsToml(const std::optional<double> &time, const std::optional<int> &memory, const QByteArray &table)
{
    if (!time && !memory)
        return {};
    QByteArray text = '[' + table + "]\n";
    if (time)
        text += "time = " + QByteArray::number(*time) + '\n';
    if (memory)
        text += "memory = " + QByteArray::number(*memory) + '\n';
    return text;
}

QByteArray testToml(const DraftTest &test, int number)
{
    const QByteArray file = QStringLiteral("tests/%1").arg(number, 2, 10, QLatin1Char('0')).toUtf8();
    QByteArray text = "\n[[tests]]\nname = " + tomlString(test.name) + '\n';
    text += "stdin_file = \"" + file + ".in\"\n";
    if (test.expectedStdout)
        text += "stdout_file = \"" + file + ".out\"\n";
    if (!test.arguments.isEmpty()) {
        QByteArrayList args;
        for (const QString &argument : test.arguments)
            args << tomlString(argument);
        text += "args = [" + args.join(", ") + "]\n";
    }
    if (test.points != 1)
        text += "points = " + QByteArray::number(test.points) + '\n';
    if (!test.hint.isEmpty())
        text += "hint = " + tomlString(test.hint) + '\n';
    text += "visibility = " + tomlString(test.visibility) + '\n';
    if (!test.checkerToml.isEmpty())
        text += "checker = " + test.checkerToml.toUtf8() + '\n';
    text += limitsToml(test.timeSeconds, std::nullopt, "tests.limits");
    return text;
}

QByteArray exerciseToml(const PackDraft &draft)
{
    QByteArray text = "title = " + tomlString(draft.title) + '\n';
    if (!draft.checkerToml.isEmpty())
        text += "checker = " + draft.checkerToml.toUtf8() + '\n';
    text += "\n[languages." + draft.languageId.toUtf8() + "]\nentry = " + tomlString(draft.entryFile) + '\n';
    if (draft.checkerProgram) {
        text += "\n[checker]\nkind = \"program\"\nprogram = "
            + tomlString(QStringLiteral("checker/") + draft.checkerProgram->fileName) + '\n';
    }
    const QByteArray limits = limitsToml(draft.timeSeconds, draft.memoryMegabytes, "limits");
    if (!limits.isEmpty())
        text += '\n' + limits;
    for (qsizetype i = 0; i < draft.tests.size(); ++i)
        text += testToml(draft.tests.at(i), int(i + 1));
    return text;
}

bool writeFiles(const PackDraft &draft, Writer &writer)
{
    const QString exercise = draft.id + QLatin1Char('/');
    const QByteArray starter = draft.starter ? *draft.starter : draft.solutions.value(0).content;
    bool ok = writer.put(QStringLiteral("course.toml"), courseToml(draft))
        && writer.put(exercise + QStringLiteral("exercise.toml"), exerciseToml(draft))
        && writer.put(exercise + QStringLiteral("README.md"), draft.statementMarkdown.toUtf8())
        && writer.put(exercise + QStringLiteral("starter/") + draft.entryFile, starter);
    if (ok && !draft.solutions.isEmpty())
        ok = writer.put(exercise + QStringLiteral("solution/") + draft.entryFile, draft.solutions.first().content);
    for (const DraftProgram &wrong : draft.wrongs)
        ok = ok && writer.put(exercise + QStringLiteral("wrong/") + wrong.fileName, wrong.content);
    if (draft.checkerProgram)
        ok = ok
            && writer.put(exercise + QStringLiteral("checker/") + draft.checkerProgram->fileName,
                          draft.checkerProgram->content);
    for (qsizetype i = 0; ok && i < draft.tests.size(); ++i) {
        const QString base = exercise + QStringLiteral("tests/%1").arg(i + 1, 2, 10, QLatin1Char('0'));
        const DraftTest &test = draft.tests.at(i);
        ok = writer.put(base + QStringLiteral(".in"), test.stdinData)
            && (!test.expectedStdout || writer.put(base + QStringLiteral(".out"), *test.expectedStdout));
    }
    return ok;
}

std::expected<void, QString> checkLoads(const QString &folder, const QString &id)
{
    QTemporaryDir unpack;
    const auto course = PackLoader(unpack.path()).load(folder);
    if (!course)
        return std::unexpected(QStringLiteral("the pack written does not load: ") + course.error().toString(folder));
    if (!course->problems.isEmpty())
        return std::unexpected(QStringLiteral("the pack written does not load: ")
                               + course->problems.first().toString(folder));
    if (!course->exercise(id))
        return std::unexpected(QStringLiteral("the pack written has no exercise '%1'").arg(id));
    return {};
}

} // namespace

std::expected<QStringList, QString> PackDraftWriter::write(const PackDraft &draft, const QString &folder, bool force)
{
    const QDir dir(folder);
    if (dir.exists() && !dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) && !force)
        return std::unexpected(QStringLiteral("%1 is not empty (give --force to write into it)").arg(folder));
    if (draft.tests.isEmpty())
        return std::unexpected(QStringLiteral("nothing to import: no test was found"));
    if (draft.languageId.isEmpty() || draft.entryFile.isEmpty())
        return std::unexpected(QStringLiteral("nothing to import: no program in a known language was found"));
    if (!QDir().mkpath(folder))
        return std::unexpected(QStringLiteral("%1 cannot be made").arg(folder));
    Writer writer(QDir(folder).absolutePath());
    if (!writeFiles(draft, writer))
        return std::unexpected(writer.error());
    if (auto loaded = checkLoads(QDir(folder).absolutePath(), draft.id); !loaded)
        return std::unexpected(loaded.error());
    return writer.written();
}

} // namespace Sandpit::Core
