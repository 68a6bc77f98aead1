// Grading throughput: 40 generated submissions of a 3-test Python exercise graded with
// `--jobs 2` (GradeBatch on the local sandbox, then in Docker), against the same 40 programs
// run bare with python3, two at a time, each fed its tests' input and its output compared.
// Figures are students per second; the ratio is grading's throughput over the bare one's.
// Each line also gives the CPU time per student (this process and every child it reaped: the
// python3 runs, the sandbox helpers with their init and program), which other work on the
// machine changes far less than it changes the wall time.
//
// Usage: bench_grade [--no-docker]

#include "grading/gradebatch.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <atomic>
#include <cstdio>
#include <sys/resource.h>
#include <thread>

using namespace Sandpit::Core;

namespace {
constexpr int kStudents = 40;
constexpr int kTests = 3;

void writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray input(int test)
{
    return QByteArray::number(test) + '\n' + QByteArray::number(test * 7) + '\n';
}

QByteArray expected(int test)
{
    return QByteArray::number(test * 8) + '\n';
}

/// The pack (one exercise "sum", three tests) and 40 students' sum.py, each a little different.
void writeClass(const QString &root)
{
    writeFile(root + QStringLiteral("/pack/course.toml"), "id = \"bench\"\ntitle = \"Bench\"\n");
    QByteArray exercise = "title = \"Sum\"\n\n[languages.python]\nentry = \"sum.py\"\n";
    for (int test = 0; test < kTests; ++test) {
        exercise += "\n[[tests]]\nname = \"t" + QByteArray::number(test) + "\"\nstdin = \""
            + input(test).replace("\n", "\\n") + "\"\nstdout = \"" + expected(test).replace("\n", "\\n") + "\"\n";
    }
    writeFile(root + QStringLiteral("/pack/sum/exercise.toml"), exercise);
    writeFile(root + QStringLiteral("/pack/sum/README.md"), "Print the sum of two numbers.\n");
    writeFile(root + QStringLiteral("/pack/sum/starter/sum.py"), "");
    writeFile(root + QStringLiteral("/pack/sum/solution/sum.py"), "print(int(input()) + int(input()))\n");
    for (int s = 0; s < kStudents; ++s) {
        writeFile(root + QStringLiteral("/students/s%1/sum.py").arg(s, 2, 10, QLatin1Char('0')),
                  "# student " + QByteArray::number(s) + "\na = int(input())\nb = int(input())\nprint(a + b)\n");
    }
}

double cpuSeconds()
{
    double seconds = 0;
    for (const int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage usage{};
        getrusage(who, &usage);
        seconds += double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    }
    return seconds;
}

/// Runs `measure` and returns what it returns, with the CPU time it took in `cpu`.
template<typename Measure>
double withCpu(double &cpu, Measure measure)
{
    const double before = cpuSeconds();
    const double result = measure();
    cpu = cpuSeconds() - before;
    return result;
}

void printLine(const char *what, double seconds, double cpu, double bareSeconds)
{
    std::printf("%-22s %6.2f s  %6.2f students/s  %5.1f ms CPU/student", what, seconds, kStudents / seconds,
                cpu * 1000 / kStudents);
    if (seconds != bareSeconds)
        std::printf("  %.2fx of bare", bareSeconds / seconds);
    std::printf("\n");
}

double bare(const QString &root)
{
    std::atomic<int> next{0};
    const auto worker = [&] {
        for (int s = next++; s < kStudents; s = next++) {
            for (int test = 0; test < kTests; ++test) {
                QProcess python;
                python.start(QStringLiteral("/usr/bin/python3"),
                             {root + QStringLiteral("/students/s%1/sum.py").arg(s, 2, 10, QLatin1Char('0'))});
                python.write(input(test));
                python.closeWriteChannel();
                python.waitForFinished(-1);
                if (python.readAllStandardOutput() != expected(test))
                    qFatal("bare python3 failed student %d", s);
            }
        }
    };
    QElapsedTimer timer;
    timer.start();
    std::thread one(worker), two(worker);
    one.join();
    two.join();
    return double(timer.nsecsElapsed()) / 1e9;
}

/// Seconds to grade the class, or a negative number when the batch could not run.
double grade(const QString &root, const QStringList &engines, const QString &outName)
{
    GradeRequest request;
    request.packPath = root + QStringLiteral("/pack");
    request.exerciseId = QStringLiteral("sum");
    request.submissionsPath = root + QStringLiteral("/students");
    request.outDir = root + QLatin1Char('/') + outName;
    request.jobs = 2;
    request.engines = engines;
    request.backend = QStringLiteral("local");
    GradeBatch batch;
    QEventLoop loop;
    double seconds = -1;
    QElapsedTimer timer;
    QObject::connect(&batch, &GradeBatch::batchFinished, &loop, [&](const GradeSummary &summary) {
        seconds = double(timer.nsecsElapsed()) / 1e9;
        int full = 0;
        for (const StudentGrade &g : summary.grades)
            full += g.report.score == kTests;
        if (full != kStudents) {
            std::fprintf(stderr, "%s: only %d of %d students got full marks\n", qPrintable(outName), full, kStudents);
            seconds = -1;
        }
        loop.quit();
    });
    QObject::connect(&batch, &GradeBatch::batchFailed, &loop, [&](const RunError &error) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(outName), qPrintable(error.message));
        loop.quit();
    });
    timer.start();
    batch.start(request);
    loop.exec();
    return seconds;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const bool docker = !(argc > 1 && QByteArray(argv[1]) == "--no-docker");
    qputenv("SANDPIT_DOCKER_IMAGE_PYTHON", "sandpit-offline/python:3.11");
    QTemporaryDir dir;
    writeClass(dir.path());
    bare(dir.path()); // warm the page cache and the interpreter
    double bareCpu = 0;
    double localCpu = 0;
    const double bareSeconds = withCpu(bareCpu, [&] { return bare(dir.path()); });
    const double localSeconds = withCpu(localCpu, [&] { return grade(dir.path(), {}, QStringLiteral("local")); });
    std::printf("%d students, %d tests each, two at a time\n\n", kStudents, kTests);
    printLine("bare python3:", bareSeconds, bareCpu, bareSeconds);
    if (localSeconds > 0)
        printLine("grade, local sandbox:", localSeconds, localCpu, bareSeconds);
    if (docker) {
        // No CPU figure: Docker's is the daemon's and the containers', not this process's.
        const double dockerSeconds
            = grade(dir.path(), {QStringLiteral("unix:///var/run/docker.sock")}, QStringLiteral("docker"));
        if (dockerSeconds > 0) {
            std::printf("grade, Docker:         %6.2f s  %6.2f students/s  %.2fx of bare\n", dockerSeconds,
                        kStudents / dockerSeconds, bareSeconds / dockerSeconds);
        }
    }
    return localSeconds > 0 ? 0 : 1;
}
