// docs/EXERCISES.md shows authors the format; every example in it must load. The blocks whose
// first line says "file: PATH" make up the complete example pack, loaded as written; every other
// TOML block is a piece of an exercise.toml, loaded inside a minimal exercise that has the
// files the pieces name.
#include "exercises/packloader.h"

#include "support/testfiles.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::writeFile;

namespace {

struct Block {
    QString language;
    QByteArray text;
    QString file; ///< from a first line "# file: PATH" or "<!-- file: PATH -->"
};

/// The fenced blocks of a Markdown file, their indentation (inside a list item) removed.
QList<Block> fencedBlocks(const QByteArray &markdown)
{
    static const QRegularExpression fence(QStringLiteral("^( *)```(\\w*)$"));
    static const QRegularExpression tag(QStringLiteral("file: ([^ ]+)"));
    QList<Block> blocks;
    std::optional<Block> open;
    qsizetype indent = 0;
    for (const QByteArray &line : markdown.split('\n')) {
        const auto match = fence.match(QString::fromUtf8(line));
        if (match.hasMatch() && !open) {
            indent = match.capturedLength(1);
            open = Block{match.captured(2), {}, {}};
        } else if (match.hasMatch()) {
            const auto file = tag.match(QString::fromUtf8(open->text.left(open->text.indexOf('\n'))));
            open->file = file.hasMatch() ? file.captured(1) : QString();
            blocks.append(*open);
            open.reset();
        } else if (open) {
            open->text += line.mid(qMin(indent, line.size() - line.trimmed().size())) + '\n';
        }
    }
    return blocks;
}

QList<Block> documentBlocks()
{
    return fencedBlocks(SandpitTest::readFile(QStringLiteral(SANDPIT_SOURCE_DIR "/docs/EXERCISES.md")));
}

/// A piece of exercise.toml made whole: a title, a language and a test where it has none.
QByteArray wholeExercise(const QByteArray &piece)
{
    QByteArray toml = "title = \"A piece of the documentation\"\n";
    if (!piece.contains("[languages."))
        toml += "[languages.python]\nentry = \"sum.py\"\n";
    const bool hasTest = QRegularExpression(QStringLiteral("^\\[\\[tests\\]\\]"), QRegularExpression::MultilineOption)
                             .match(QString::fromUtf8(piece))
                             .hasMatch();
    if (!hasTest && piece.contains("[tests."))
        toml += "[[tests]]\nname = \"piece\"\n";
    toml += piece;
    if (!hasTest && !piece.contains("[tests."))
        toml += "\n[[tests]]\nname = \"piece\"\nstdout = \"5\\n\"\n";
    return toml;
}

} // namespace

class TestPackLoaderDocs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theCompleteExampleLoads()
    {
        QTemporaryDir dir;
        int files = 0;
        for (const Block &block : documentBlocks()) {
            if (block.file.isEmpty())
                continue;
            QVERIFY(writeFile(dir.filePath(block.file), block.text));
            ++files;
        }
        QCOMPARE(files, 5);
        const auto course = PackLoader(dir.filePath(QStringLiteral("unpacked"))).load(dir.path());
        QVERIFY2(course.has_value(), course ? "" : qPrintable(course.error().toString()));
        QVERIFY2(course->problems.isEmpty(), qPrintable(course->problems.value(0).toString(dir.path())));
        QCOMPARE(course->id, QStringLiteral("demo"));
        QCOMPARE(course->exercises.size(), 1);
        const Exercise &sum = course->exercises.first();
        QCOMPARE(sum.tests.size(), 3);
        QCOMPARE(sum.maxPoints(), 4);
        QVERIFY(sum.statementMarkdown.contains(QStringLiteral("# Add two numbers")));
        QVERIFY(!sum.languages.first().solutionPath.isEmpty());
    }

    void everyPieceLoads_data()
    {
        QTest::addColumn<QByteArray>("piece");
        int n = 0;
        for (const Block &block : documentBlocks())
            if (block.language == QLatin1String("toml") && block.file.isEmpty())
                QTest::addRow("block %d: %s", ++n, block.text.left(block.text.indexOf('\n')).constData()) << block.text;
        QVERIFY(n >= 9);
    }

    void everyPieceLoads()
    {
        QFETCH(QByteArray, piece);
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("course.toml")), "id = \"docs\"\ntitle = \"Docs\"\n"));
        const QString folder = dir.filePath(QStringLiteral("piece/"));
        for (const char *file :
             {"README.md", "starter/sum.py", "solution/sum.py", "tests/01.in", "tests/01.out", "tests/data.csv",
              "tests/a.csv", "tests/result.txt", "harness/driver.py", "checker/check.py"})
            QVERIFY(writeFile(folder + QLatin1String(file), "1\n"));
        QVERIFY(writeFile(folder + QStringLiteral("exercise.toml"), wholeExercise(piece)));
        const auto course = PackLoader(dir.filePath(QStringLiteral("unpacked"))).load(dir.path());
        QVERIFY(course.has_value());
        QVERIFY2(course->problems.isEmpty(), qPrintable(course->problems.value(0).toString(dir.path())));
        QCOMPARE(course->exercises.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestPackLoaderDocs)
#include "tst_packloader_docs.moc"
