#include "exercises/checkrequests.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

namespace {
Expected<QByteArray> readWhole(const QString &path, const QString &what)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return std::unexpected(RunError{
            file.exists() ? RunError::Code::BadRequest : RunError::Code::MissingInputFile,
            QStringLiteral("Could not read %1 %2: %3.").arg(what, QDir::toNativeSeparators(path), file.errorString())});
    }
    return file.readAll();
}

void applyBackend(RunRequest &run, const CheckRequest &check)
{
    run.backend = check.backend;
    run.fallbackBackend = check.fallbackBackend;
    run.image = check.image;
    run.weakestIsolation = check.weakestIsolation;
}
} // namespace

Expected<CheckProgram> readCheckProgram(const CheckRequest &request)
{
    const ExerciseLanguage *language = request.exercise.language(request.languageId);
    if (!language) {
        return std::unexpected(RunError{RunError::Code::UnknownLanguage,
                                        QStringLiteral("The exercise \"%1\" cannot be solved in \"%2\".")
                                            .arg(request.exercise.id, request.languageId)});
    }
    auto learners = readWhole(request.learnerFile, QStringLiteral("your file"));
    if (!learners)
        return std::unexpected(learners.error());
    CheckProgram program;
    program.entryFile = language->entryFile;
    if (!language->harnessPath.isEmpty()) {
        auto driver = readWhole(language->harnessPath, QStringLiteral("the exercise's harness"));
        if (!driver)
            return std::unexpected(driver.error());
        program.entryFile = QFileInfo(language->harnessPath).fileName();
        program.sources << SourceFile{program.entryFile, *driver};
    }
    program.sources << SourceFile{language->entryFile, *learners};
    return program;
}

RunRequest testRunRequest(const CheckRequest &check, const CheckProgram &program, const ExerciseTest &test,
                          const ArtifactKeeping &keeping)
{
    RunRequest run;
    run.language = check.languageId;
    run.sources = program.sources;
    run.entryFile = program.entryFile;
    run.stdinData = test.stdinData;
    run.arguments = test.arguments;
    run.inputFiles = test.inputFiles;
    run.limits = check.exercise.limitsFor(test, check.baseLimits, check.languageId);
    run.importPolicy = check.exercise.importPolicy.value_or(check.importPolicy);
    run.network = check.exercise.network;
    run.keepArtifacts = keeping;
    applyBackend(run, check);
    return run;
}

Expected<RunRequest> checkerRunRequest(const CheckRequest &check, const CheckerSpec &checker, const CheckerFiles &files,
                                       const QByteArray &programStdout, const ArtifactKeeping &keeping)
{
    auto source = readWhole(checker.programPath, QStringLiteral("the exercise's checker"));
    if (!source)
        return std::unexpected(source.error());
    RunRequest run;
    run.language = checker.programLanguage;
    run.entryFile = QFileInfo(checker.programPath).fileName();
    run.sources = {{run.entryFile, *source}};
    run.stdinData = programStdout;
    run.inputFiles = {{files.input, QStringLiteral("input")}, {files.answer, QStringLiteral("answer")}};
    run.arguments = {QStringLiteral("input"), QStringLiteral("answer"), QStringLiteral("output")};
    // A checker is the exercise's code: the learner's limits say nothing about what it needs.
    run.limits = checker.limits.appliedTo(Limits{});
    run.keepArtifacts = keeping;
    applyBackend(run, check);
    // Docker runs the checker in its language's image, never the learner's chosen one.
    if (checker.programLanguage != check.languageId)
        run.image.clear();
    return run;
}

const CheckerSpec &checkerOf(const Exercise &exercise, const ExerciseTest &test)
{
    return test.checker ? *test.checker : exercise.checker;
}

} // namespace Sandpit::Core
