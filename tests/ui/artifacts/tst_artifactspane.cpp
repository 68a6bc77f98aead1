// The Artifacts pane on its own, over kept files in a scratch folder: what each kind of file
// looks like in the preview, the notes about caps, and Open, Save As and Save all.

#include "artifacts/artifactpreview.h"
#include "artifacts/artifactspane.h"
#include "artifacts/imageview.h"
#include "artifacts/imageviewer.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMimeDatabase>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

using namespace Sandpit;
using Ui::Preview;

namespace {
const QByteArray kCsv = "name,comment,score\n"
                        "Ada,\"likes commas, a lot\",10\n"
                        "Bob,\"said \"\"hi\"\"\",7\n"
                        "Cy,\"two\nlines\",3\n";
const QByteArray kSvg = "<svg xmlns='http://www.w3.org/2000/svg' width='120' height='80'>"
                        "<rect width='120' height='80' fill='teal'/></svg>";

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}
} // namespace

class TestArtifactsPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_kept = std::make_unique<QTemporaryDir>();
        QVERIFY(m_kept->isValid());
        QVERIFY(QDir().mkpath(kept(QString())));
        QImage image(40, 30, QImage::Format_RGB32);
        image.fill(Qt::red);
        QVERIFY(image.save(kept(QStringLiteral("plot.png"))));
        write(QStringLiteral("drawing.svg"), kSvg);
        write(QStringLiteral("data.csv"), kCsv);
        write(QStringLiteral("logs/run.txt"), QByteArray("ok \xff\xfe end") + '\0' + QByteArray("after"));
        write(QStringLiteral("blob.bin"), QByteArray("\x7f\x01\x02\x03\x00\x00\xff", 7));
        m_pane = std::make_unique<Ui::ArtifactsPane>();
        m_pane->resize(500, 700);
        m_pane->show();
    }

    void cleanup()
    {
        m_pane.reset();
        m_kept.reset();
    }

    void listsTheFiles()
    {
        m_pane->showArtifacts(result());
        QCOMPARE(m_pane->rowCount(), 5);
        QCOMPARE(m_pane->cellText(0, 0), QStringLiteral("blob.bin"));
        QCOMPARE(m_pane->cellText(4, 0), QStringLiteral("plot.png"));
        QCOMPARE(m_pane->noteText(), QString());
    }

    void imageIsPreviewedAndZooms()
    {
        select(QStringLiteral("plot.png"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        Ui::ImageView *view = m_pane->preview()->imageView();
        QVERIFY(view->isVisible());
        QCOMPARE(view->imageSize(), QSize(40, 30));
        QCOMPARE(view->shownSize(), QSize(40, 30)); // fitting never enlarges a small image
        view->zoomIn();
        QVERIFY(view->shownSize().width() > 40);
        QVERIFY(view->shownSize().height() > 30);
        view->zoomToActualSize();
        QCOMPARE(view->shownSize(), QSize(40, 30));
    }

    void aLargePlotStartsFittedInAUsefulArea()
    {
        writeLargePlot();
        select(QStringLiteral("plot.png"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        Ui::ImageView *view = m_pane->preview()->imageView();
        QVERIFY(view->isFitted());
        QTRY_VERIFY(view->shownSize().width() >= 400 || view->shownSize().height() >= 300);
        QVERIFY(view->shownSize().width() <= view->width());
        QVERIFY(view->shownSize().height() <= view->height());
        // Zoomed in and another file chosen: the next image starts fitted again.
        view->zoomIn();
        QVERIFY(!view->isFitted());
        select(QStringLiteral("drawing.svg"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        QVERIFY(view->isFitted());
    }

    void doubleClickOnAnImageShowsItLargeInSandpit()
    {
        QList<QUrl> opened;
        m_pane->setUrlOpener([&opened](const QUrl &url) {
            opened << url;
            return true;
        });
        writeLargePlot();
        select(QStringLiteral("plot.png"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        auto *table = m_pane->findChild<QTableWidget *>(QStringLiteral("artifactsTable"));
        int row = 0;
        while (m_pane->cellText(row, 0) != QStringLiteral("plot.png"))
            ++row;
        const QRect cell = table->visualRect(table->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(opened.isEmpty()); // not handed to another application
        auto *viewer = m_pane->findChild<Ui::ImageViewer *>(QStringLiteral("imageViewer"));
        QVERIFY(viewer);
        QTRY_VERIFY(viewer->isVisible());
        QCOMPARE(viewer->view()->imageSize(), QSize(1600, 1200));
        QVERIFY(viewer->view()->isFitted());
        QTRY_VERIFY(viewer->view()->shownSize().width() > m_pane->preview()->imageView()->shownSize().width());
        // Its zoom reaches the pixels: 100% shows the plot at its own size.
        viewer->view()->zoomToActualSize();
        QCOMPARE(viewer->view()->shownSize(), QSize(1600, 1200));
        viewer->close();
        QTRY_VERIFY(!m_pane->findChild<Ui::ImageViewer *>(QStringLiteral("imageViewer")));

        // A double-click on the preview itself does the same.
        auto *viewport
            = m_pane->preview()->imageView()->findChild<QLabel *>(QStringLiteral("imageLabel"))->parentWidget();
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, viewport->rect().center());
        QVERIFY(m_pane->findChild<Ui::ImageViewer *>(QStringLiteral("imageViewer")));
        QVERIFY(opened.isEmpty());
    }

    void ctrlWheelZooms()
    {
        select(QStringLiteral("plot.png"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        Ui::ImageView *view = m_pane->preview()->imageView();
        auto *viewport = view->findChild<QLabel *>(QStringLiteral("imageLabel"))->parentWidget();
        QWheelEvent wheel(QPointF(10, 10), viewport->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, 120),
                          Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport, &wheel);
        QVERIFY(view->shownSize().width() > 40);
    }

    void svgIsPreviewedAsAnImage()
    {
        select(QStringLiteral("drawing.svg"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Image);
        QCOMPARE(m_pane->preview()->imageView()->imageSize(), QSize(120, 80));
    }

    void textIsPreviewedSafely()
    {
        select(QStringLiteral("logs/run.txt"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Text);
        QPlainTextEdit *text = m_pane->preview()->textView();
        QVERIFY(text->isVisible());
        QVERIFY(text->isReadOnly());
        QCOMPARE(text->toPlainText(), QStringLiteral("ok \uFFFD\uFFFD end\u2400after"));
    }

    void longTextIsCutWithANote()
    {
        write(QStringLiteral("big.txt"), QByteArray(Ui::PreviewLoader::kMaxTextBytes + 10, 'x'));
        select(QStringLiteral("big.txt"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Text);
        QCOMPARE(m_pane->preview()->textView()->toPlainText().size(), Ui::PreviewLoader::kMaxTextBytes);
        QVERIFY2(m_pane->preview()->headerText().contains(QStringLiteral("Showing the first 1 MB")),
                 qPrintable(m_pane->preview()->headerText()));
    }

    void csvIsATable()
    {
        select(QStringLiteral("data.csv"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Table);
        QTableView *table = m_pane->preview()->tableView();
        QVERIFY(table->isVisible());
        const QAbstractItemModel *model = table->model();
        QCOMPARE(model->columnCount(), 3);
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("comment"));
        QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("likes commas, a lot"));
        QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("10"));
        QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("said \"hi\""));
        QCOMPARE(model->index(2, 1).data().toString(), QStringLiteral("two\nlines"));
    }

    void csvOfNumbersKeepsItsFirstRow()
    {
        // primes.csv from the tour: data only. Its first row is data, not column names.
        write(QStringLiteral("primes.csv"), "2\r\n3\r\n5\r\n");
        select(QStringLiteral("primes.csv"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Table);
        const QAbstractItemModel *model = m_pane->preview()->tableView()->model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("2"));
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("1"));
    }

    void kindFollowsTheMimeDatabase_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<Preview::Kind>("kind");
        QTest::newRow("python") << QStringLiteral("main.py") << Preview::Kind::Text;
        QTest::newRow("c") << QStringLiteral("main.c") << Preview::Kind::Text;
        QTest::newRow("json") << QStringLiteral("result.json") << Preview::Kind::Text;
        QTest::newRow("markdown") << QStringLiteral("notes.md") << Preview::Kind::Text;
        QTest::newRow("tsv") << QStringLiteral("table.tsv") << Preview::Kind::Table;
        QTest::newRow("jpeg") << QStringLiteral("photo.jpg") << Preview::Kind::Image;
        QTest::newRow("gif") << QStringLiteral("anim.gif") << Preview::Kind::Image;
        QTest::newRow("bmp") << QStringLiteral("old.bmp") << Preview::Kind::Image;
        QTest::newRow("zip") << QStringLiteral("all.zip") << Preview::Kind::Other;
        QTest::newRow("pdf") << QStringLiteral("report.pdf") << Preview::Kind::Other;
    }

    void kindFollowsTheMimeDatabase()
    {
        QFETCH(QString, name);
        QFETCH(Preview::Kind, kind);
        const QString mime = QMimeDatabase().mimeTypeForFile(name, QMimeDatabase::MatchExtension).name();
        QCOMPARE(Ui::PreviewLoader::kindFor(mime), kind);
    }

    void otherFilesShowSizeAndType()
    {
        select(QStringLiteral("blob.bin"));
        QTRY_VERIFY(!m_pane->preview()->infoText().isEmpty());
        QCOMPARE(m_pane->preview()->kind(), Preview::Kind::Other);
        const QString info = m_pane->preview()->infoText();
        QVERIFY2(info.contains(QStringLiteral("7 bytes")), qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("application/octet-stream")), qPrintable(info));
    }

    void capsAreNoted()
    {
        Core::RunResult r = result();
        r.artifactsFound = 1234;
        r.artifactsByteCap = 64LL * 1024 * 1024;
        r.artifacts[0].kept = false;
        m_pane->showArtifacts(r);
        QVERIFY2(m_pane->noteText().contains(QStringLiteral("Showing 5 of 1234 files.")),
                 qPrintable(m_pane->noteText()));
        QVERIFY2(m_pane->noteText().contains(QStringLiteral("Stopped copying at 64 MB")),
                 qPrintable(m_pane->noteText()));
        m_pane->selectRow(0);
        QVERIFY(m_pane->preview()->infoText().contains(QStringLiteral("not kept")));

        r.artifactsLeftBehind = true; // the sandbox itself copied out only part of output/
        m_pane->showArtifacts(r);
        QVERIFY2(m_pane->noteText().startsWith(QStringLiteral("Showing 5 files: the program wrote more")),
                 qPrintable(m_pane->noteText()));
        QVERIFY(m_pane->selectedPath().isEmpty());
    }

    void saveAsCopiesTheBytes()
    {
        select(QStringLiteral("plot.png"));
        QTemporaryDir target;
        QSignalSpy saved(m_pane.get(), &Ui::ArtifactsPane::filesSaved);
        const QString dest = target.filePath(QStringLiteral("copy.png"));
        m_pane->saveSelectedTo(dest);
        QVERIFY(saved.wait());
        QCOMPARE(readFile(dest), readFile(kept(QStringLiteral("plot.png"))));
        QVERIFY(saved.at(0).at(0).toString().contains(dest));
    }

    void saveAllCopiesEveryFile()
    {
        m_pane->showArtifacts(result());
        QTemporaryDir target;
        QSignalSpy saved(m_pane.get(), &Ui::ArtifactsPane::filesSaved);
        m_pane->saveAllTo(target.path());
        QVERIFY(saved.wait());
        QCOMPARE(saved.at(0).at(0).toString(), QStringLiteral("Saved 5 files into %1").arg(target.path()));
        for (const QString &name :
             {QStringLiteral("data.csv"), QStringLiteral("logs/run.txt"), QStringLiteral("blob.bin"),
              QStringLiteral("drawing.svg"), QStringLiteral("plot.png")})
            QCOMPARE(readFile(target.filePath(name)), readFile(kept(name)));
    }

    void saveFailureIsReported()
    {
        select(QStringLiteral("data.csv"));
        QTemporaryDir target;
        const QString blocker = target.filePath(QStringLiteral("blocker")); // a file where a folder should be
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QSignalSpy failed(m_pane.get(), &Ui::ArtifactsPane::saveFailed);
        m_pane->saveSelectedTo(blocker + QStringLiteral("/inside/data.csv"));
        QVERIFY(failed.wait());
        QVERIFY2(failed.at(0).at(0).toString().startsWith(QStringLiteral("Cannot")),
                 qPrintable(failed.at(0).at(0).toString()));
    }

    void doubleClickOpensTheKeptCopy()
    {
        QList<QUrl> opened;
        m_pane->setUrlOpener([&opened](const QUrl &url) {
            opened << url;
            return true;
        });
        select(QStringLiteral("data.csv"));
        auto *table = m_pane->findChild<QTableWidget *>(QStringLiteral("artifactsTable"));
        const QRect cell = table->visualRect(table->model()->index(1, 0));
        // As a real double-click arrives: a click, then the second press as a double-click.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(opened, QList<QUrl>{QUrl::fromLocalFile(kept(QStringLiteral("data.csv")))});
    }

    void aNewRunClearsThePreview()
    {
        select(QStringLiteral("data.csv"));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Table);
        m_pane->clear();
        QCOMPARE(m_pane->rowCount(), 0);
        QCOMPARE(m_pane->preview()->kind(), Preview::Kind::Other);
    }

    // A learner's open("temps.csv", "w") beside the program: listed with its path and the mark,
    // the one sentence above the list says what the mark means, and its kept copy (at its
    // place in the program's folder) is previewed and saved like any other.
    void filesOutsideOutputAreMarkedAndExplainedOnce()
    {
        m_pane->showArtifacts(result());
        QCOMPARE(m_pane->whereText(), QString()); // nothing marked, nothing to explain

        const QByteArray temps("day,temp\n1,21\n2,23\n");
        QVERIFY(writeFile(m_kept->filePath(QStringLiteral("temps.csv")), temps));
        QVERIFY(writeFile(m_kept->filePath(QStringLiteral("data/week.txt")), "mon\n"));
        Core::RunResult r = result();
        r.artifacts << Core::Artifact{QStringLiteral("data/week.txt"), 4, QStringLiteral("text/plain"), true, false}
                    << Core::Artifact{QStringLiteral("temps.csv"), temps.size(), QStringLiteral("text/csv"), true,
                                      false};
        m_pane->showArtifacts(r);
        QCOMPARE(m_pane->rowCount(), 7);
        QCOMPARE(m_pane->cellText(4, 0), QStringLiteral("plot.png"));
        QCOMPARE(m_pane->cellText(5, 0), QStringLiteral("data/week.txt ↗"));
        QCOMPARE(m_pane->cellText(6, 0), QStringLiteral("temps.csv ↗"));
        QCOMPARE(m_pane->whereText(),
                 QStringLiteral("Files your program wrote are kept here until the next run; ↗ marks "
                                "one written outside the output/ folder."));
        // Once for the pane: no other label in it says so.
        int saying = 0;
        for (const QLabel *label : m_pane->findChildren<QLabel *>())
            saying += label->isVisibleTo(m_pane.get()) && label->text().contains(QStringLiteral("↗")) ? 1 : 0;
        QCOMPARE(saying, 1);

        m_pane->selectRow(6);
        QCOMPARE(m_pane->selectedPath(), m_kept->filePath(QStringLiteral("temps.csv")));
        QTRY_COMPARE(m_pane->preview()->kind(), Preview::Kind::Table);
        QTemporaryDir target;
        QSignalSpy saved(m_pane.get(), &Ui::ArtifactsPane::filesSaved);
        m_pane->saveAllTo(target.path());
        QVERIFY(saved.wait());
        QCOMPARE(readFile(target.filePath(QStringLiteral("temps.csv"))), temps);
        QCOMPARE(readFile(target.filePath(QStringLiteral("plot.png"))), readFile(kept(QStringLiteral("plot.png"))));

        m_pane->showArtifacts(result()); // the next run wrote only into output/
        QCOMPARE(m_pane->whereText(), QString());
    }

private:
    /// Where the engine keeps the copy of `name`, a file the program wrote in output/.
    QString kept(const QString &name) const { return m_kept->filePath(QStringLiteral("output/") + name); }

    void writeLargePlot()
    {
        QImage image(1600, 1200, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        QVERIFY(image.save(kept(QStringLiteral("plot.png"))));
    }

    void write(const QString &name, const QByteArray &content)
    {
        const QString path = kept(name);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(content), content.size());
    }

    Core::RunResult result() const
    {
        Core::RunResult r;
        r.artifactsDir = m_kept->path();
        const QMimeDatabase mimes;
        for (const QString &name :
             {QStringLiteral("blob.bin"), QStringLiteral("data.csv"), QStringLiteral("drawing.svg"),
              QStringLiteral("logs/run.txt"), QStringLiteral("plot.png"), QStringLiteral("big.txt"),
              QStringLiteral("primes.csv")}) {
            const QFileInfo info(kept(name));
            if (!info.exists())
                continue;
            r.artifacts << Core::Artifact{name, info.size(), mimes.mimeTypeForFile(info).name(), true};
        }
        r.artifactsFound = int(r.artifacts.size());
        return r;
    }

    void select(const QString &name)
    {
        m_pane->showArtifacts(result());
        for (int row = 0; row < m_pane->rowCount(); ++row) {
            if (m_pane->cellText(row, 0) == name) {
                m_pane->selectRow(row);
                return;
            }
        }
        QFAIL(qPrintable(QStringLiteral("no row for %1").arg(name)));
    }

    std::unique_ptr<QTemporaryDir> m_kept;
    std::unique_ptr<Ui::ArtifactsPane> m_pane;
};

QTEST_MAIN(TestArtifactsPane)
#include "tst_artifactspane.moc"
