#include "exercises/packchecks.h"

#include "exercises/referencetimesreader.h"
#include "history/outputcomparison.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace Sandpit::Core {

namespace {
constexpr qint64 kMaxSaneTimeMs = 60'000;
constexpr qint64 kMinSaneMemory = 16LL * 1024 * 1024;
constexpr qint64 kMaxSaneMemory = 8LL * 1024 * 1024 * 1024;

/// The words of a wrong program's name and the verdict each promises.
struct PromiseWord {
    const char *word;
    Verdict verdict;
};
constexpr PromiseWord kPromiseWords[] = {
    {"slow", Verdict::TimeLimit},   {"timeout", Verdict::TimeLimit},    {"tle", Verdict::TimeLimit},
    {"loops", Verdict::TimeLimit},  {"memory", Verdict::MemoryLimit},   {"mle", Verdict::MemoryLimit},
    {"oom", Verdict::MemoryLimit},  {"crash", Verdict::RuntimeError},   {"crashes", Verdict::RuntimeError},
    {"rte", Verdict::RuntimeError}, {"compile", Verdict::CompileError}, {"flood", Verdict::OutputLimit},
    {"ole", Verdict::OutputLimit},
};

ValidationFinding finding(ValidationFinding::Severity severity, const Exercise &exercise, const QString &subject,
                          const QString &message)
{
    ValidationFinding f;
    f.severity = severity;
    f.exerciseId = exercise.id;
    f.subject = subject;
    f.message = message;
    return f;
}

/// The text between each pair of ``` lines of a Markdown statement.
QList<QByteArray> codeBlocks(const QString &markdown)
{
    QList<QByteArray> blocks;
    std::optional<QString> open;
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        if (line.trimmed().startsWith(QStringLiteral("```"))) {
            if (open)
                blocks << open->toUtf8();
            open = open ? std::nullopt : std::optional<QString>(QString());
            continue;
        }
        if (open)
            *open += line + QLatin1Char('\n');
    }
    return blocks;
}

bool shownIn(const QList<QByteArray> &blocks, const QByteArray &text)
{
    for (const QByteArray &block : blocks)
        if (OutputComparison::compare(text, block).matches)
            return true;
    return false;
}

QString relative(const Exercise &exercise, const QString &path)
{
    return QDir(exercise.folder).relativeFilePath(path);
}
} // namespace

std::optional<Verdict> promisedVerdict(const QString &fileName)
{
    const QString base = QFileInfo(fileName).completeBaseName().toLower();
    static const QRegularExpression separators(QStringLiteral("[^a-z0-9]+"));
    for (const QString &word : base.split(separators, Qt::SkipEmptyParts))
        for (const PromiseWord &promise : kPromiseWords)
            if (word == QLatin1String(promise.word))
                return promise.verdict;
    return std::nullopt;
}

QList<ValidationFinding> checkStatementExamples(const Exercise &exercise)
{
    QList<ValidationFinding> findings;
    const QList<QByteArray> blocks = codeBlocks(exercise.statementMarkdown);
    for (const ExerciseTest &test : exercise.tests) {
        if (test.visibility != Visibility::Example)
            continue;
        const auto missing = [&](const QString &what) {
            ValidationFinding f = finding(
                ValidationFinding::Severity::Warning, exercise, QStringLiteral("README.md"),
                QStringLiteral("The statement shows no code block with the example's %1, so what a learner reads "
                               "and what Run example runs may differ.")
                    .arg(what));
            f.testName = test.name;
            f.file = exercise.folder + QStringLiteral("/README.md");
            findings << f;
        };
        if (!test.stdinData.trimmed().isEmpty() && !shownIn(blocks, test.stdinData))
            missing(QStringLiteral("input"));
        if (test.expectedStdout && !test.expectedStdout->trimmed().isEmpty() && !shownIn(blocks, *test.expectedStdout))
            missing(QStringLiteral("expected output"));
    }
    return findings;
}

QList<ValidationFinding> checkUnusedTestFiles(const Exercise &exercise)
{
    QSet<QString> used;
    const QDir folder(exercise.folder);
    for (const ExerciseTest &test : exercise.tests) {
        for (const QString &path : {test.stdinFile, test.expectedStdoutFile})
            if (!path.isEmpty())
                used << QDir::cleanPath(folder.filePath(path));
        for (const InputFile &file : test.inputFiles)
            used << QDir::cleanPath(file.hostPath);
        for (const ExpectedFile &file : test.expectedFiles)
            if (!file.sourcePath.isEmpty())
                used << QDir::cleanPath(file.sourcePath);
        if (test.checker && !test.checker->programPath.isEmpty())
            used << QDir::cleanPath(test.checker->programPath);
    }
    QList<ValidationFinding> findings;
    QDirIterator it(folder.filePath(QStringLiteral("tests")), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = QDir::cleanPath(it.next());
        if (used.contains(path))
            continue;
        ValidationFinding f = finding(ValidationFinding::Severity::Warning, exercise, relative(exercise, path),
                                      QStringLiteral("No test uses this file: has a test lost it?"));
        f.file = path;
        findings << f;
    }
    return findings;
}

QList<ValidationFinding> checkLimits(const Exercise &exercise, const Limits &base)
{
    QList<ValidationFinding> findings;
    const auto insane = [&](const ExerciseTest &test, const QString &message) {
        ValidationFinding f = finding(ValidationFinding::Severity::Error, exercise, QStringLiteral("limits"), message);
        f.testName = test.name;
        f.file = exercise.folder + QStringLiteral("/exercise.toml");
        findings << f;
    };
    for (const ExerciseTest &test : exercise.tests) {
        const Limits limits = exercise.explicitLimitsFor(test, base);
        if (limits.wallTimeMs <= 0 || limits.wallTimeMs > kMaxSaneTimeMs)
            insane(test,
                   QStringLiteral("A time limit of %1 s: give it more than 0 and at most 60 s.")
                       .arg(double(limits.wallTimeMs) / 1000.0));
        if (limits.memoryBytes < kMinSaneMemory || limits.memoryBytes > kMaxSaneMemory)
            insane(test,
                   QStringLiteral("A memory limit of %1 MB: an interpreter needs 16 MB, and over 8 GB is no "
                                  "limit.")
                       .arg(limits.memoryBytes / (1024 * 1024)));
        if (test.expectedStdout && limits.outputBytes < test.expectedStdout->size())
            insane(test,
                   QStringLiteral("The output limit (%1 bytes) is under the expected output's %2 bytes: the "
                                  "reference itself would be stopped.")
                       .arg(limits.outputBytes)
                       .arg(test.expectedStdout->size()));
    }
    return findings;
}

QList<ValidationFinding> checkWrongExpectations(const Exercise &exercise)
{
    QSet<QString> run;
    for (const ExerciseLanguage &language : exercise.languages)
        for (const QString &path : language.wrongPaths)
            run << QFileInfo(path).fileName();
    QList<ValidationFinding> findings;
    for (auto it = exercise.wrongExpectations.cbegin(); it != exercise.wrongExpectations.cend(); ++it) {
        if (run.contains(it.key()))
            continue;
        ValidationFinding f = finding(
            ValidationFinding::Severity::Error, exercise, QStringLiteral("wrong/") + it.key(),
            QStringLiteral("[wrong.\"%1\"] names no program in wrong/ with a language's extension: it is never run.")
                .arg(it.key()));
        f.file = exercise.folder + QStringLiteral("/exercise.toml");
        findings << f;
    }
    return findings;
}

QList<ValidationFinding> checkReferenceTimes(const Exercise &exercise, bool recording)
{
    QList<ValidationFinding> findings;
    const QString path = exercise.folder + QLatin1Char('/') + kReferenceTimesFile;
    for (const PackProblem &warning : exercise.warnings) {
        if (recording && warning.file == path)
            continue; // recorded now
        ValidationFinding f
            = finding(ValidationFinding::Severity::Warning, exercise, kReferenceTimesFile, warning.message);
        f.file = warning.file;
        f.line = warning.line;
        findings << f;
    }
    const QFileInfo recorded(path);
    if (!recorded.exists())
        return findings;
    for (const ExerciseLanguage &language : exercise.languages) {
        const QFileInfo solution(language.solutionPath);
        if (language.solutionPath.isEmpty() || solution.lastModified() <= recorded.lastModified())
            continue;
        ValidationFinding f
            = finding(ValidationFinding::Severity::Warning, exercise, kReferenceTimesFile,
                      QStringLiteral("It is older than %1: the times in it may be an older solution's.%2")
                          .arg(relative(exercise, language.solutionPath),
                               recording ? QStringLiteral(" They are recorded again now.")
                                         : QStringLiteral(" Validate without --no-record to record them again.")));
        f.languageId = language.languageId;
        f.file = path;
        findings << f;
    }
    return findings;
}

QList<ValidationFinding> judgeReference(const Exercise &exercise, const QString &languageId, const QString &program,
                                        const CheckReport &report, const Limits &base)
{
    QList<ValidationFinding> findings;
    for (qsizetype i = 0; i < report.tests.size(); ++i) {
        const TestOutcome &outcome = report.tests.at(i);
        const ExerciseTest *test = nullptr;
        for (const ExerciseTest &t : exercise.tests)
            if (t.name == outcome.testName)
                test = &t;
        ValidationFinding f = finding(ValidationFinding::Severity::Error, exercise, relative(exercise, program), {});
        f.languageId = languageId;
        f.testName = outcome.testName;
        f.file = program;
        if (!outcome.passed()) {
            f.message = QStringLiteral("The reference solution fails this test: %1. %2")
                            .arg(verdictTitle(outcome.verdict), outcome.explanation)
                            .trimmed();
            findings << f;
            continue;
        }
        if (!test)
            continue;
        const Limits limits = exercise.explicitLimitsFor(*test, base);
        f.severity = ValidationFinding::Severity::Warning;
        // A limit that is a multiple of the reference's time is never too tight for it.
        const bool scaled = test->timeScaling.over(exercise.timeScaling).multiplier.has_value();
        if (!scaled && outcome.wallMs * 2 > limits.wallTimeMs) {
            f.message = QStringLiteral("The reference took %1 ms of the %2 ms limit: a slower machine will fail "
                                       "correct code. Raise the limit, or set it as a multiple of the reference's.")
                            .arg(outcome.wallMs)
                            .arg(limits.wallTimeMs);
            findings << f;
        }
        if (outcome.peakMemoryBytes * 2 > limits.memoryBytes) {
            f.message = QStringLiteral("The reference used %1 MB of the %2 MB memory limit: little room for a "
                                       "learner's less frugal solution.")
                            .arg(outcome.peakMemoryBytes / (1024 * 1024))
                            .arg(limits.memoryBytes / (1024 * 1024));
            findings << f;
        }
    }
    return findings;
}

QList<ValidationFinding> judgeWrongProgram(const Exercise &exercise, const QString &languageId, const QString &program,
                                           const CheckReport &report)
{
    ValidationFinding f = finding(ValidationFinding::Severity::Error, exercise, relative(exercise, program), {});
    f.languageId = languageId;
    f.file = program;
    if (report.allPassed()) {
        f.message = QStringLiteral("This wrong program passes every test: the tests do not catch its mistake.");
        return {f};
    }
    const QString fileName = QFileInfo(program).fileName();
    const bool stated = exercise.wrongExpectations.contains(fileName);
    const auto promised = stated ? std::optional(exercise.wrongExpectations.value(fileName)) : promisedVerdict(program);
    if (!promised)
        return {};
    QStringList got;
    for (const TestOutcome &outcome : report.tests) {
        if (outcome.verdict == *promised)
            return {};
        if (!outcome.passed())
            got << QStringLiteral("%1 on “%2”").arg(verdictTitle(outcome.verdict), outcome.testName);
    }
    f.message = QStringLiteral("%1 “%2”, but no test ends that way (%3).")
                    .arg(stated ? QStringLiteral("[wrong.\"%1\"] expects").arg(fileName)
                                : QStringLiteral("Its name promises"),
                         verdictTitle(*promised), got.join(QStringLiteral("; ")));
    return {f};
}

} // namespace Sandpit::Core
