// The window on the Docker backend: a real daemon and the offline Python image
// (packaging/docker/build-offline-images.sh python), typed input reaching input() in the
// container, and an input set run there. The local-sandbox twins are in tst_mainwindow.
#include "history/inputsetstore.h"
#include "support/dockerwindow.h"
#include "support/windowharness.h"

#include <QLineEdit>
#include <QPushButton>

using namespace Sandpit;

using SandpitTest::kContainerRunTimeoutMs;

class TestMainWindowDocker : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("SANDPIT_DOCKER_IMAGE_PYTHON", SandpitTest::kOfflinePythonImage);
        QVERIFY(setUpApplication("tst_mainwindowdocker"));
    }
    void init() { QVERIFY(openWindow(SandpitTest::dockerOnlySettings())); }
    void cleanup() { closeWindow(); }

    void inputLineFeedsInputInTheContainer();
    void inputSetRunsInTheContainer();
};

void TestMainWindowDocker::inputLineFeedsInputInTheContainer()
{
    auto *input = m_output->findChild<QLineEdit *>(QStringLiteral("inputLine"));
    QVERIFY(input);
    m_editor->setText(
        QStringLiteral("import os\nname = input('Your name: ')\n"
                       "print(f'Hello, {name}!', 'in docker' if os.path.exists('/.dockerenv') else 'elsewhere')\n"));
    m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
    // The prompt has no newline and the program no flush: it shows while input() waits.
    QTRY_COMPARE_WITH_TIMEOUT(m_output->plainText(), QStringLiteral("Your name: "), kContainerRunTimeoutMs);
    QVERIFY(input->isEnabled());
    QTest::keyClicks(input, QStringLiteral("Ada"));
    QTest::keyClick(input, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kContainerRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("Your name: Ada\nHello, Ada! in docker\n")),
             qPrintable(m_output->plainText()));
    QVERIFY(!m_output->plainText().contains(QStringLiteral("local sandbox instead")));
}

void TestMainWindowDocker::inputSetRunsInTheContainer()
{
    const QString program = m_dir.filePath(QStringLiteral("double.py"));
    QFile file(program);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("print(2 * int(input()))\n");
    file.close();
    QVERIFY(
        Core::InputSetStore::save(program, {{QStringLiteral("twenty-one"), "21\n", QByteArray("42\n")}}).has_value());
    m_window->openFile(program);
    QTRY_VERIFY(m_window->windowTitle().startsWith(QStringLiteral("double.py")));
    m_window->findChild<QAction *>(QStringLiteral("actionRunWithInput"))->trigger();
    auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("inputSetDialog"));
    QVERIFY(dialog);
    auto *run = dialog->findChild<QPushButton *>(QStringLiteral("inputSetRun"));
    QTRY_VERIFY(run->isEnabled());
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_output->plainText().contains(QStringLiteral("Input “twenty-one”: ✓ The output matches")),
                             kContainerRunTimeoutMs);
    QVERIFY2(m_output->plainText().startsWith(QStringLiteral("42\n")), qPrintable(m_output->plainText()));
    dialog->close();
}

QTEST_MAIN(TestMainWindowDocker)
#include "tst_mainwindowdocker.moc"
