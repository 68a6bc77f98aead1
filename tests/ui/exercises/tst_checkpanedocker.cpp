// Check in the window on the Docker backend: a real daemon and the offline Python image
// (packaging/docker/build-offline-images.sh python). The local-sandbox twins are in
// tst_checkpane.

#include "exercises/checkpane.h"
#include "exercises/checkresultsmodel.h"
#include "support/checkfixture.h"
#include "support/dockerwindow.h"
#include "support/windowharness.h"

using namespace Sandpit;

namespace {
// Three containers, one after another.
constexpr int kContainerCheckTimeoutMs = 3 * SandpitTest::kContainerRunTimeoutMs;
// Right only inside a container: a Check that quietly ran elsewhere fails.
const QByteArray kRightInDocker = "import os\na = int(input())\nb = int(input())\n"
                                  "print(a + b if os.path.exists('/.dockerenv') else 'not in docker')\n";

} // namespace

class TestCheckPaneDocker : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("SANDPIT_DOCKER_IMAGE_PYTHON", SandpitTest::kOfflinePythonImage);
        QVERIFY(setUpApplication("tst_checkpanedocker"));
    }
    void init() { QVERIFY(openWindow(SandpitTest::dockerOnlySettings())); }
    void cleanup() { closeWindow(); }

    void f7ChecksInTheContainer()
    {
        QVERIFY(SandpitTest::openCheckFixture(*m_window, m_dir, kRightInDocker,
                                              [this] { return currentEditor()->text(); }));
        QTest::keyClick(currentEditor(), Qt::Key_F7);
        auto *pane = m_window->findChild<Ui::CheckPane *>(QStringLiteral("checkPane"));
        QTRY_COMPARE_WITH_TIMEOUT(pane->summary(), QStringLiteral("3 of 3 tests passed · 6/6 points"),
                                  kContainerCheckTimeoutMs);
    }
};

QTEST_MAIN(TestCheckPaneDocker)
#include "tst_checkpanedocker.moc"
