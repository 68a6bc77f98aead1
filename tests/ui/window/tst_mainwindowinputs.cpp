// The Input Files pane in the real window on a real engine: attachments remembered per
// program, a missing one in red that stops the run, a workspace kept between runs, and the
// program's command-line arguments (Run › Program Arguments…).

#include "run/attachmentspane.h"
#include "support/windowharness.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>

using namespace Sandpit;

class TestMainWindowInputs : public QObject, private WindowHarness
{
    Q_OBJECT

private:
    Ui::AttachmentsPane *openProgram(const QString &program)
    {
        m_window->openFile(program);
        if (!QTest::qWaitFor(
                [&] {
                    return m_window->windowTitle().startsWith(QFileInfo(program).fileName())
                        && !m_editor->text().isEmpty();
                },
                5000))
            return nullptr;
        return m_window->findChild<Ui::AttachmentsPane *>(QStringLiteral("attachmentsPane"));
    }

    void remember(const QString &program, const QStringList &inputs, bool persistent)
    {
        QSettings().setValue(
            QStringLiteral("attachments/programs"),
            QVariantMap{{program,
                         QVariantMap{{QStringLiteral("inputs"), inputs}, {QStringLiteral("persistent"), persistent}}}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(setUpApplication("tst_mainwindowinputs"));
        // Kept workspaces go to the data folder: this test's own.
        qputenv("SANDPIT_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }
    void init()
    {
        QSettings().remove(QStringLiteral("attachments"));
        QVERIFY(openWindow());
    }
    void cleanup() { closeWindow(); }

    void listsAttachmentsAndAMissingOneStopsTheRun()
    {
        const QString program = writeFile(QStringLiteral("reads.py"), "print(open('data.csv').read().strip())\n");
        const QString data = writeFile(QStringLiteral("data.csv"), "x,y\n1,2\n");
        const QString gone = m_dir.filePath(QStringLiteral("gone.csv"));
        remember(program, {data, gone}, false);
        Ui::AttachmentsPane *pane = openProgram(program);
        QVERIFY(pane);
        QVERIFY(pane->isVisible());
        QTRY_COMPARE(pane->count(), 2);
        QCOMPARE(pane->rowText(0), QStringLiteral("data.csv"));
        QVERIFY(!pane->rowIsMissing(0));
        QCOMPARE(pane->rowText(1), QStringLiteral("gone.csv (missing)"));
        QVERIFY(pane->rowIsMissing(1));
        QVERIFY2(pane->rowToolTip(1).contains(QStringLiteral("missing")), qPrintable(pane->rowToolTip(1)));
        QCOMPARE(pane->modeText(), QStringLiteral("Fresh each run"));
        QVERIFY(!pane->findChild<QPushButton *>(QStringLiteral("resetWorkspace"))->isEnabled());

        m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Could not run"), kRunTimeoutMs);
        QVERIFY2(m_output->plainText().contains(gone), qPrintable(m_output->plainText()));

        Q_EMIT pane->detachRequested(gone);
        QTRY_COMPARE(pane->count(), 1);
        m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        QVERIFY2(m_output->plainText().contains(QStringLiteral("x,y\n1,2")), qPrintable(m_output->plainText()));
        // Remembered for the program: the next window shows the same list.
        QCOMPARE(QSettings()
                     .value(QStringLiteral("attachments/programs"))
                     .toMap()
                     .value(program)
                     .toMap()
                     .value(QStringLiteral("inputs"))
                     .toStringList(),
                 QStringList{data});
    }

    void aKeptWorkspaceGrowsUntilItIsReset()
    {
        QFile fixture(QStringLiteral(SANDPIT_FIXTURES_DIR "/counts_runs.py"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QString program = writeFile(QStringLiteral("counts.py"), fixture.readAll());
        Ui::AttachmentsPane *pane = openProgram(program);
        QVERIFY(pane);
        auto *mode = pane->findChild<QComboBox *>(QStringLiteral("workspaceMode"));
        auto *reset = pane->findChild<QPushButton *>(QStringLiteral("resetWorkspace"));
        // Nothing is in use yet, so the pane is folded to one line: unfold it, as a learner
        // does with its arrow, to reach the workspace switch.
        pane->setFolded(false);
        QVERIFY(mode && mode->isVisible());
        QCOMPARE(pane->modeText(), QStringLiteral("Fresh each run"));
        Q_EMIT pane->persistentChosen(true);
        QTRY_COMPARE(pane->modeText(), QStringLiteral("Kept between runs"));
        QVERIFY(reset->isEnabled());

        const auto runAndExpect = [&](const QString &count) {
            m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
            QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
            QTRY_VERIFY2(m_output->plainText().startsWith(count), qPrintable(m_output->plainText()));
        };
        runAndExpect(QStringLiteral("1\n"));
        runAndExpect(QStringLiteral("2\n"));
        reset->click();
        QTRY_VERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("clean")));
        runAndExpect(QStringLiteral("1\n"));
    }

    void programArgumentsReachTheProgramAndStayWithIt()
    {
        QFile fixture(QStringLiteral(SANDPIT_FIXTURES_DIR "/prints_its_arguments.py"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QByteArray code = fixture.readAll();
        const QString program = writeFile(QStringLiteral("args.py"), code);
        const QString other = writeFile(QStringLiteral("other.py"), code);
        Ui::AttachmentsPane *pane = openProgram(program);
        QVERIFY(pane);
        QVERIFY(pane->isFolded());

        // As a learner does: the menu puts the cursor in the field, and they type.
        m_window->findChild<QAction *>(QStringLiteral("actionProgramArguments"))->trigger();
        auto *field = pane->findChild<QLineEdit *>(QStringLiteral("programArguments"));
        QVERIFY(field);
        QTRY_VERIFY(field->hasFocus());
        QVERIFY(!pane->isFolded());
        QTest::keyClicks(field, QStringLiteral("data.txt \"two words\" '' $HOME na"));
        // keyClicks() types ASCII only: the ï comes as a key with its text, as an input method gives it.
        QTest::sendKeyEvent(QTest::Click, field, Qt::Key_unknown, QStringLiteral("ï"), Qt::NoModifier);
        QTest::keyClicks(field, QStringLiteral("ve"));
        QSignalSpy messages(m_window->statusBar(), &QStatusBar::messageChanged);
        m_window->findChild<QAction *>(QStringLiteral("actionRun"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
        QTRY_VERIFY2(m_output->plainText().startsWith(
                         QStringLiteral("[\"data.txt\", \"two words\", \"\", \"$HOME\", \"naïve\"]\n")),
                     qPrintable(m_output->plainText()));
        // The run is named with what the program was given.
        QVERIFY(std::any_of(messages.cbegin(), messages.cend(), [](const QList<QVariant> &m) {
            return m.value(0).toString().startsWith(QStringLiteral("Running args.py data.txt \"two words\""));
        }));

        // Another program has none of them; back to the first, they are there again, and the
        // folded pane says so.
        QVERIFY(openProgram(other));
        QTRY_COMPARE(field->text(), QString());
        QVERIFY(openProgram(program));
        QTRY_COMPARE(field->text(), QStringLiteral("data.txt \"two words\" \"\" $HOME naïve"));
        pane->setFolded(true);
        QVERIFY2(pane->summaryText().contains(QStringLiteral("arguments: data.txt")), qPrintable(pane->summaryText()));
    }
};

QTEST_MAIN(TestMainWindowInputs)
#include "tst_mainwindowinputs.moc"
