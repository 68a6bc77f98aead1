// The learner's own files for exercises: made from the starter once, never overwritten, reset
// only when asked (giving back the old text), and kept inside their folder whatever the ids say.
#include "exercises/learnerfiles.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::readFile;
using SandpitTest::writeFile;
using SandpitTest::writeInto;

class TestLearnerFiles : public QObject
{
    Q_OBJECT

    QTemporaryDir m_pack;
    std::unique_ptr<QTemporaryDir> m_fresh;
    Course m_course;
    Exercise m_exercise;
    ExerciseLanguage m_python;

private Q_SLOTS:
    QString root() const { return m_fresh->path(); }

    void init()
    {
        m_fresh = std::make_unique<QTemporaryDir>();
        m_course.id = QStringLiteral("intro");
        m_exercise.id = QStringLiteral("sum");
        m_python.languageId = QStringLiteral("python");
        m_python.entryFile = QStringLiteral("sum.py");
        m_python.starterPath = writeInto(m_pack, QStringLiteral("starter.py"), "a = int(input())\n# TODO\n");
    }

    void startsFromTheStarterAndKeepsTheLearnersText()
    {
        const LearnerFiles files(root());
        const auto path = files.ensure(m_course, m_exercise, m_python);
        QVERIFY2(path.has_value(), qPrintable(path.error()));
        QCOMPARE(*path, root() + QStringLiteral("/intro/sum/sum.py"));
        QCOMPARE(readFile(*path), QByteArray("a = int(input())\n# TODO\n"));

        QVERIFY(writeFile(*path, "print(1 + 2)\n"));
        QCOMPARE(files.ensure(m_course, m_exercise, m_python).value(), *path);
        QCOMPARE(readFile(*path), QByteArray("print(1 + 2)\n"));
    }

    void resetGivesBackTheOldText()
    {
        const LearnerFiles files(root());
        const QString path = files.ensure(m_course, m_exercise, m_python).value();
        QVERIFY(writeFile(path, "my attempt\n"));
        const auto old = files.resetToStarter(m_course, m_exercise, m_python);
        QVERIFY(old.has_value());
        QCOMPARE(*old, QByteArray("my attempt\n"));
        QCOMPARE(readFile(path), QByteArray("a = int(input())\n# TODO\n"));
    }

    void noStarterMeansAnEmptyFile()
    {
        ExerciseLanguage bare = m_python;
        bare.starterPath.clear();
        const auto path = LearnerFiles(root()).ensure(m_course, m_exercise, bare);
        QVERIFY(path.has_value());
        QVERIFY(QFileInfo(*path).isFile());
        QCOMPARE(QFileInfo(*path).size(), 0);
    }

    void aMissingStarterIsSaid()
    {
        ExerciseLanguage broken = m_python;
        broken.starterPath = m_pack.filePath(QStringLiteral("gone.py"));
        const auto path = LearnerFiles(root()).ensure(m_course, m_exercise, broken);
        QVERIFY(!path.has_value());
        QVERIFY2(path.error().contains(QStringLiteral("gone.py")), qPrintable(path.error()));
    }

    void idsCannotClimbOut()
    {
        Course course;
        course.id = QStringLiteral("../..");
        Exercise exercise;
        exercise.id = QStringLiteral("../../etc");
        ExerciseLanguage language = m_python;
        language.entryFile = QStringLiteral("../x.py");
        const QString path = LearnerFiles(root()).pathFor(course, exercise, language);
        QVERIFY2(QFileInfo(path).absoluteFilePath().startsWith(root() + QLatin1Char('/')), qPrintable(path));
        // Each id is one harmless name: the path is its own clean form, three levels down.
        QCOMPARE(QDir::cleanPath(path), path);
        QCOMPARE(path.count(QLatin1Char('/')), root().count(QLatin1Char('/')) + 3);
    }

    void anUnwritableRootIsSaid()
    {
        const QString file = writeInto(*m_fresh, QStringLiteral("a-file"), "x");
        const auto path = LearnerFiles(file).ensure(m_course, m_exercise, m_python);
        QVERIFY(!path.has_value());
        QVERIFY2(path.error().contains(QStringLiteral("cannot be made")), qPrintable(path.error()));
    }
};

QTEST_GUILESS_MAIN(TestLearnerFiles)
#include "tst_learnerfiles.moc"
