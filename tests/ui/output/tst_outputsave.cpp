// Saving the output pane to a file: every byte received, through a dialog, and failures said.

#include "output/outputpane.h"

#include <QFile>
#include <QFileDialog>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Sandpit;
using Core::OutputStream;

class TestOutputSave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void saveOutputWritesEverythingReceived();
    void saveOutputAsksWhereThroughADialog();
    void saveOutputFailureIsSaid();
    void aNewRunStartsANewRecording();
};

void TestOutputSave::saveOutputWritesEverythingReceived()
{
    Ui::OutputPane pane;
    pane.setMaxLines(100);
    QByteArray expected;
    for (int i = 0; i < 20'000; ++i) {
        const QByteArray chunk = i % 7 == 0 ? QByteArray("\x1b[31merror ") + QByteArray::number(i) + "\x1b[0m\n"
                                            : QByteArray("line ") + QByteArray::number(i) + " \xff\0\r\n";
        pane.appendOutput(i % 7 == 0 ? OutputStream::Stderr : OutputStream::Stdout, chunk);
        expected += chunk;
    }
    QVERIFY(pane.hasDroppedLines()); // the pane shows the last 100 lines; the file gets all
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("run.txt"));
    QSignalSpy saved(&pane, &Ui::OutputPane::outputSaved);
    pane.saveOutput(path);
    QTRY_COMPARE(saved.size(), 1);
    QCOMPARE(saved.first().at(0).toString(), path);
    QCOMPARE(saved.first().at(1).toLongLong(), expected.size());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), expected);
}

void TestOutputSave::saveOutputAsksWhereThroughADialog()
{
    Ui::OutputPane pane;
    auto *button = pane.findChild<QToolButton *>(QStringLiteral("saveOutputButton"));
    QVERIFY(!button->isEnabled()); // nothing to save yet
    pane.appendOutput(OutputStream::Stdout, "kept\n");
    QVERIFY(button->isEnabled());
    button->click();
    auto *dialog = pane.findChild<QFileDialog *>(QStringLiteral("saveOutputDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chosen.txt"));
    QSignalSpy saved(&pane, &Ui::OutputPane::outputSaved);
    dialog->selectFile(path);
    static_cast<QDialog *>(dialog)->accept(); // as the Save button does
    QTRY_COMPARE(saved.size(), 1);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("kept\n"));
}

void TestOutputSave::saveOutputFailureIsSaid()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "lost\n");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/out.txt"));
    QSignalSpy failed(&pane, &Ui::OutputPane::outputSaveFailed);
    QSignalSpy saved(&pane, &Ui::OutputPane::outputSaved);
    pane.saveOutput(path);
    QTRY_COMPARE(failed.size(), 1);
    const QString message = failed.first().at(1).toString();
    QVERIFY2(message.contains(path) && message.startsWith(QStringLiteral("Could not save the output")),
             qPrintable(message));
    QCOMPARE(saved.size(), 0);
    QVERIFY(!QFile::exists(path));
}

void TestOutputSave::aNewRunStartsANewRecording()
{
    Ui::OutputPane pane;
    pane.appendOutput(OutputStream::Stdout, "first run\n");
    QTemporaryDir dir;
    QSignalSpy saved(&pane, &Ui::OutputPane::outputSaved);
    // A save asked for before the next run starts still gets all of the first run.
    pane.saveOutput(dir.filePath(QStringLiteral("first.txt")));
    pane.clear();
    pane.appendOutput(OutputStream::Stderr, "second run\n");
    pane.saveOutput(dir.filePath(QStringLiteral("second.txt")));
    QTRY_COMPARE(saved.size(), 2);
    QFile first(dir.filePath(QStringLiteral("first.txt")));
    QFile second(dir.filePath(QStringLiteral("second.txt")));
    QVERIFY(first.open(QIODevice::ReadOnly) && second.open(QIODevice::ReadOnly));
    QCOMPARE(first.readAll(), QByteArray("first run\n"));
    QCOMPARE(second.readAll(), QByteArray("second run\n"));
}

QTEST_MAIN(TestOutputSave)
#include "tst_outputsave.moc"
