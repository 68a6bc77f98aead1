// The Sandboxes pane as a user sees it: every backend's sandboxes with their state, memory and
// owner; a backend that cannot answer is a sentence, not an empty pane; Stop and Remove reach
// the right store (Remove only after the user confirms); Terminal and Run File Here ask the
// window for the selected sandbox.

#include "sandboxes/sandboxespane.h"

#include <QAbstractButton>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <mutex>

using namespace Sandpit;
using Core::SandboxInfo;

namespace {
SandboxInfo sandbox(const QString &name, const QString &backend,
                    SandboxInfo::State state = SandboxInfo::State::Running);

/// A store whose sandboxes the test sets, shared with the pane's worker threads.
struct FakeBackend {
    std::mutex lock;
    QString backend;
    QList<SandboxInfo> sandboxes;
    QString listError;
    QStringList calls;
};

class FakeStore final : public Core::SandboxStore
{
public:
    explicit FakeStore(std::shared_ptr<FakeBackend> backend)
        : m_backend(std::move(backend))
    {
    }
    QString backend() const override { return m_backend->backend; }
    Core::Expected<SandboxInfo> create(const Core::SandboxSpec &spec) override
    {
        const std::lock_guard guard(m_backend->lock);
        m_backend->calls << QStringLiteral("create ") + spec.name;
        SandboxInfo made = sandbox(spec.name, m_backend->backend);
        made.network = spec.network;
        m_backend->sandboxes << made;
        return made;
    }
    Core::Expected<QList<SandboxInfo>> list() override
    {
        const std::lock_guard guard(m_backend->lock);
        if (!m_backend->listError.isEmpty())
            return Core::makeError(Core::RunError::Code::BackendUnavailable, m_backend->listError);
        return m_backend->sandboxes;
    }
    Core::Expected<SandboxInfo> start(const QString &name) override
    {
        const std::lock_guard guard(m_backend->lock);
        m_backend->calls << QStringLiteral("start ") + name;
        for (SandboxInfo &info : m_backend->sandboxes) {
            if (info.name != name)
                continue;
            if (info.state == SandboxInfo::State::Running)
                return Core::makeError(Core::RunError::Code::BadRequest,
                                       QStringLiteral("The sandbox \"%1\" is running already.").arg(name));
            info.state = SandboxInfo::State::Running;
            return info;
        }
        return Core::makeError(Core::RunError::Code::BadRequest, QStringLiteral("No sandbox %1.").arg(name));
    }
    Core::Expected<void> stop(const QString &name) override { return record(QStringLiteral("stop ") + name); }
    Core::Expected<void> kill(const QString &name) override { return record(QStringLiteral("kill ") + name); }
    Core::Expected<void> remove(const QString &name) override
    {
        const std::lock_guard guard(m_backend->lock);
        m_backend->calls << QStringLiteral("remove ") + name;
        m_backend->sandboxes.removeIf([&](const SandboxInfo &s) { return s.name == name; });
        return {};
    }
    Core::Expected<Core::SandboxLogRead> logs(const QString &, qint64) override { return Core::SandboxLogRead{}; }
    Core::Expected<QList<Core::NetworkAttempt>> networkAttempts(const QString &) override
    {
        return QList<Core::NetworkAttempt>{};
    }

private:
    Core::Expected<void> record(const QString &call)
    {
        const std::lock_guard guard(m_backend->lock);
        m_backend->calls << call;
        return {};
    }
    std::shared_ptr<FakeBackend> m_backend;
};

SandboxInfo sandbox(const QString &name, const QString &backend, SandboxInfo::State state)
{
    SandboxInfo info;
    info.name = name;
    info.backend = backend;
    info.state = state;
    info.since = QDateTime::currentDateTime();
    info.memoryBytes = 12 * 1024 * 1024;
    info.memoryLimit = 256 * 1024 * 1024;
    info.owner = QStringLiteral("ada");
    info.workspace = QStringLiteral("/home/ada/lab");
    info.image = QStringLiteral("python:3.11");
    return info;
}
} // namespace

class TestSandboxesPane : public QObject
{
    Q_OBJECT

    std::shared_ptr<FakeBackend> m_local;
    std::shared_ptr<FakeBackend> m_docker;

    Ui::SandboxStores stores()
    {
        return [local = m_local, docker = m_docker] {
            std::vector<std::unique_ptr<Core::SandboxStore>> all;
            all.push_back(std::make_unique<FakeStore>(local));
            all.push_back(std::make_unique<FakeStore>(docker));
            return all;
        };
    }

    /// Refreshes and waits for the listing to be shown.
    static void listNow(Ui::SandboxesPane &pane)
    {
        QSignalSpy listed(&pane, &Ui::SandboxesPane::listed);
        pane.refresh();
        QVERIFY(listed.wait());
    }

private Q_SLOTS:
    void init()
    {
        m_local = std::make_shared<FakeBackend>();
        m_local->backend = QStringLiteral("local");
        m_docker = std::make_shared<FakeBackend>();
        m_docker->backend = QStringLiteral("docker");
    }

    void listsEveryBackendByName()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local"))};
        m_local->sandboxes[0].network = {*Core::parseAllowedDestination(QStringLiteral("pypi.org:443")),
                                         *Core::parseAllowedDestination(QStringLiteral("*.example.org:80"))};
        SandboxInfo dead = sandbox(QStringLiteral("bigdata"), QStringLiteral("docker"), SandboxInfo::State::Dead);
        dead.endReason = QStringLiteral("It ran out of memory (256 MB).");
        dead.ownerGone = true;
        m_docker->sandboxes = {dead};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        QCOMPARE(pane.rowCount(), 2);
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Name), QStringLiteral("bigdata"));
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Backend), QStringLiteral("Docker"));
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::State), QStringLiteral("Ended by itself"));
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Owner), QStringLiteral("ada (gone)"));
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Where), QStringLiteral("python:3.11"));
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::Name), QStringLiteral("lab"));
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::Backend), QStringLiteral("This computer"));
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::Memory), QStringLiteral("12 MB of 256 MB"));
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::Where), QStringLiteral("/home/ada/lab"));
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::Network), QStringLiteral("pypi.org:443, *.example.org:80"));
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Network), QStringLiteral("None"));
        QVERIFY(pane.cellText(1, Ui::SandboxesPane::Since).startsWith(QStringLiteral("since ")));
    }

    // New…: the hosts are checked as typed, with the command line's sentence, and Create makes
    // the sandbox in the chosen backend's store with its list, shown once it is listed.
    void newMakesASandboxWithTheAllowedHostsTyped()
    {
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        pane.findChild<QToolButton *>(QStringLiteral("sandboxNew"))->click();
        auto *dialog = pane.findChild<QDialog *>(QStringLiteral("newSandboxDialog"));
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("newSandboxName"));
        auto *hosts = dialog->findChild<QLineEdit *>(QStringLiteral("newSandboxNetwork"));
        auto *problem = dialog->findChild<QLabel *>(QStringLiteral("newSandboxProblem"));
        auto *create = dialog->findChild<QPushButton *>(QStringLiteral("newSandboxCreate"));
        QTest::keyClicks(name, QStringLiteral("web"));
        QTest::keyClicks(hosts, QStringLiteral("pypi.org"));
        QVERIFY(!create->isEnabled());
        QVERIFY(problem->isVisible());
        QCOMPARE(problem->text(), Core::parseAllowedDestination(QStringLiteral("pypi.org")).error().message);
        QTest::keyClicks(hosts, QStringLiteral(":443, *.example.org:80"));
        QVERIFY(!problem->isVisible());
        QVERIFY(create->isEnabled());
        create->click();
        QTRY_COMPARE(pane.rowCount(), 1);
        QCOMPARE(m_local->calls, QStringList{QStringLiteral("create web")});
        QCOMPARE(pane.cellText(0, Ui::SandboxesPane::Network), QStringLiteral("pypi.org:443, *.example.org:80"));
    }

    void aBackendThatCannotAnswerIsASentence()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local"))};
        m_docker->listError = QStringLiteral("Docker is not running.");
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        QCOMPARE(pane.rowCount(), 1);
        QCOMPARE(pane.noteText(), QStringLiteral("Docker is not running."));
    }

    void noSandboxesSaysHowToMakeOne()
    {
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        QCOMPARE(pane.rowCount(), 0);
        QVERIFY(pane.noteText().contains(QStringLiteral("sandpit sandbox create")));
    }

    void stopReachesTheStoreThatHoldsIt()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local"))};
        m_docker->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("docker"))};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        // Both are called "lab": the one on this computer is the one stopped.
        pane.selectRow(pane.cellText(0, Ui::SandboxesPane::Backend) == QStringLiteral("This computer") ? 0 : 1);
        auto *stop = pane.findChild<QToolButton *>(QStringLiteral("sandboxStop"));
        QVERIFY(stop->isEnabled());
        QSignalSpy listed(&pane, &Ui::SandboxesPane::listed);
        stop->click();
        QVERIFY(listed.wait());
        QCOMPARE(m_local->calls, QStringList{QStringLiteral("stop lab")});
        QVERIFY(m_docker->calls.isEmpty());
    }

    void startBringsAStoppedOneBack()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local")),
                              sandbox(QStringLiteral("old"), QStringLiteral("local"), SandboxInfo::State::Stopped)};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        auto *start = pane.findChild<QToolButton *>(QStringLiteral("sandboxStart"));
        QVERIFY(start);
        pane.selectRow(0); // "lab" runs: nothing to start
        QVERIFY(!start->isEnabled());
        pane.selectRow(1);
        QVERIFY(start->isEnabled());
        QVERIFY(!pane.findChild<QToolButton *>(QStringLiteral("sandboxStop"))->isEnabled());
        QSignalSpy listed(&pane, &Ui::SandboxesPane::listed);
        start->click();
        QVERIFY(listed.wait());
        QCOMPARE(m_local->calls, QStringList{QStringLiteral("start old")});
        QCOMPARE(pane.cellText(1, Ui::SandboxesPane::State), pane.cellText(0, Ui::SandboxesPane::State));
        QVERIFY(!start->isEnabled()); // still selected, and running now
        QVERIFY(pane.findChild<QToolButton *>(QStringLiteral("sandboxTerminal"))->isEnabled());
    }

    void aStartThatFailsIsSaid()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("old"), QStringLiteral("local"), SandboxInfo::State::Stopped)};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        pane.selectRow(0);
        {
            // Started meanwhile by `sandpit sandbox start` in a shell: the store refuses.
            const std::lock_guard guard(m_local->lock);
            m_local->sandboxes[0].state = SandboxInfo::State::Running;
        }
        QSignalSpy listed(&pane, &Ui::SandboxesPane::listed);
        pane.findChild<QToolButton *>(QStringLiteral("sandboxStart"))->click();
        QVERIFY(listed.wait());
        QVERIFY2(pane.noteText().contains(QStringLiteral("running already")), qPrintable(pane.noteText()));
    }

    void removeAsksFirst()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local"))};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        pane.selectRow(0);
        pane.findChild<QToolButton *>(QStringLiteral("sandboxRemove"))->click();
        auto *box = pane.findChild<QMessageBox *>(QStringLiteral("confirmRemoveSandbox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("lab")));
        box->button(QMessageBox::Cancel)->click();
        QTest::qWait(0);
        QVERIFY(m_local->calls.isEmpty());

        pane.findChild<QToolButton *>(QStringLiteral("sandboxRemove"))->click();
        box = pane.findChild<QMessageBox *>(QStringLiteral("confirmRemoveSandbox"));
        QVERIFY(box);
        QAbstractButton *remove = nullptr;
        for (QAbstractButton *button : box->buttons()) {
            if (box->buttonRole(button) == QMessageBox::DestructiveRole)
                remove = button;
        }
        QVERIFY(remove);
        QSignalSpy listed(&pane, &Ui::SandboxesPane::listed);
        remove->click();
        QVERIFY(listed.wait());
        QCOMPARE(m_local->calls, QStringList{QStringLiteral("remove lab")});
        QCOMPARE(pane.rowCount(), 0);
    }

    void terminalAndRunAskTheWindowForARunningOne()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("lab"), QStringLiteral("local")),
                              sandbox(QStringLiteral("old"), QStringLiteral("local"), SandboxInfo::State::Stopped)};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        QSignalSpy terminal(&pane, &Ui::SandboxesPane::openTerminalRequested);
        QSignalSpy run(&pane, &Ui::SandboxesPane::runFileRequested);
        pane.selectRow(1); // "old", stopped
        QVERIFY(!pane.findChild<QToolButton *>(QStringLiteral("sandboxTerminal"))->isEnabled());
        QVERIFY(!pane.findChild<QToolButton *>(QStringLiteral("sandboxRunFile"))->isEnabled());
        QVERIFY(pane.findChild<QToolButton *>(QStringLiteral("sandboxRemove"))->isEnabled());
        pane.selectRow(0);
        pane.findChild<QToolButton *>(QStringLiteral("sandboxTerminal"))->click();
        pane.findChild<QToolButton *>(QStringLiteral("sandboxRunFile"))->click();
        QCOMPARE(terminal.size(), 1);
        QCOMPARE(terminal.at(0).at(0).value<SandboxInfo>().name, QStringLiteral("lab"));
        QCOMPARE(run.size(), 1);
    }

    void theSelectionSurvivesARefresh()
    {
        m_local->sandboxes = {sandbox(QStringLiteral("a"), QStringLiteral("local")),
                              sandbox(QStringLiteral("b"), QStringLiteral("local"))};
        Ui::SandboxesPane pane(stores());
        listNow(pane);
        pane.selectRow(1);
        {
            const std::lock_guard guard(m_local->lock);
            m_local->sandboxes.prepend(sandbox(QStringLiteral("0"), QStringLiteral("local")));
        }
        listNow(pane);
        QSignalSpy run(&pane, &Ui::SandboxesPane::runFileRequested);
        pane.findChild<QToolButton *>(QStringLiteral("sandboxRunFile"))->click();
        QCOMPARE(run.size(), 1);
        QCOMPARE(run.at(0).at(0).value<SandboxInfo>().name, QStringLiteral("b"));
    }
};

QTEST_MAIN(TestSandboxesPane)
#include "tst_sandboxespane.moc"
