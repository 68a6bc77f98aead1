// bundledCourseFolders(): the courses shipped with Sandpit are found beside the binary in
// ../share/sandpit/exercises (build/bin -> build/share, as /usr/bin -> /usr/share), where the
// build copies resources/exercises; SANDPIT_EXERCISES_DIR points elsewhere.
#include "exercises/bundledcourses.h"
#include "exercises/packloader.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {

constexpr int kChildTimeoutMs = 30000;

/// The courses in the source tree, which the build copied beside the binary.
QStringList sourceCourses()
{
    const QDir source(QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises"));
    QStringList names;
    for (const QString &name : source.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFileInfo::exists(source.filePath(name) + QStringLiteral("/course.toml")))
            names.append(name);
    return names;
}

QStringList names(const QStringList &folders)
{
    QStringList result;
    for (const QString &folder : folders)
        result.append(QFileInfo(folder).fileName());
    return result;
}

} // namespace

class TestBundledCourses : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { qunsetenv("SANDPIT_EXERCISES_DIR"); }
    void cleanup() { qunsetenv("SANDPIT_EXERCISES_DIR"); }

    void findsTheCoursesBesideTheBinary()
    {
        const QString share
            = QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/sandpit/exercises"));
        QVERIFY2(QFileInfo(share).isDir(), "the build did not copy resources/exercises into share/sandpit/exercises");
        const QStringList folders = bundledCourseFolders();
        QCOMPARE(names(folders), sourceCourses());
        for (const QString &folder : folders) {
            QVERIFY(folder.startsWith(share + QLatin1Char('/')));
            const auto course = PackLoader(QDir::tempPath()).load(folder);
            QVERIFY2(course.has_value(), course ? "" : qPrintable(course.error().toString()));
            QVERIFY2(course->problems.isEmpty(), qPrintable(course->problems.value(0).toString()));
        }
    }

    // Installed as the package lays it out: /usr/bin/<program> finds /usr/share/sandpit/exercises.
    // This test's own binary is copied into such a layout and asked (as a child process) what
    // it finds there.
    void findsTheCoursesOfAnInstalledLayout()
    {
        if (qEnvironmentVariableIsSet("SANDPIT_TEST_PRINT_COURSES")) { // the child
            printf("%s\n", qPrintable(bundledCourseFolders().join(QLatin1Char('\n'))));
            return;
        }
        QTemporaryDir prefix;
        const QString bin = prefix.filePath(QStringLiteral("usr/bin"));
        const QString share = prefix.filePath(QStringLiteral("usr/share/sandpit/exercises"));
        QVERIFY(QDir().mkpath(bin));
        QVERIFY(QFile::copy(QCoreApplication::applicationFilePath(), bin + QStringLiteral("/sandpit")));
        QVERIFY(
            SandpitTest::copyFolder(SandpitTest::loaderPack(QStringLiteral("two")), share + QStringLiteral("/two")));
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SANDPIT_TEST_PRINT_COURSES"), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.start(bin + QStringLiteral("/sandpit"), {QStringLiteral("findsTheCoursesOfAnInstalledLayout")});
        QVERIFY(child.waitForFinished(kChildTimeoutMs));
        const QByteArray out = child.readAllStandardOutput();
        QVERIFY2(out.contains(QFile::encodeName(share + QStringLiteral("/two\n"))), out.constData());
    }

    // SANDPIT_EXERCISES_DIR wins; a folder without course.toml, or a file, is no course.
    void honoursSandpitExercisesDir()
    {
        QTemporaryDir dir;
        QVERIFY(SandpitTest::copyFolder(SandpitTest::loaderPack(QStringLiteral("two")),
                                        dir.filePath(QStringLiteral("b-two"))));
        QVERIFY(SandpitTest::copyFolder(SandpitTest::loaderPack(QStringLiteral("record")),
                                        dir.filePath(QStringLiteral("a-record"))));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("empty")));
        QVERIFY(SandpitTest::writeFile(dir.filePath(QStringLiteral("course.toml")), "id = \"x\"\n"));
        qputenv("SANDPIT_EXERCISES_DIR", dir.path().toUtf8());
        QCOMPARE(bundledCourseFolders(),
                 (QStringList{dir.filePath(QStringLiteral("a-record")), dir.filePath(QStringLiteral("b-two"))}));
    }

    void findsNoneInAMissingFolder()
    {
        qputenv("SANDPIT_EXERCISES_DIR", "/nonexistent/sandpit/exercises");
        QVERIFY(bundledCourseFolders().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestBundledCourses)
#include "tst_bundledcourses.moc"
