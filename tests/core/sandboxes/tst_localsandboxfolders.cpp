// Where the local sandboxes keep their state: the state names processes that stop and rm
// signal, and a root helper writes the state and the log there. Another user must not be
// able to steer any of it, through a folder on the way or a link planted in it.

#include "localsandboxesfixture.h"

#include <QFile>

#include <sys/stat.h>

using namespace SandpitTest;

class TestLocalSandboxFolders : public LocalSandboxesFixture
{
    Q_OBJECT

private:
    // create() at `root`: the error's message, or an empty string when it made the sandbox.
    static QString createAt(const QString &root)
    {
        LocalSandboxes sandboxes({.root = root});
        SandboxSpec spec;
        spec.name = QStringLiteral("steered");
        spec.backend = QStringLiteral("local");
        auto info = sandboxes.create(spec);
        if (info)
            sandboxes.remove(spec.name);
        return info ? QString() : info.error().message;
    }

    // A workspace folder the sandbox's user can change, as the sandbox runs as nobody as root.
    static void makeUsable(const QString &folder)
    {
        if (::getuid() == 0)
            QVERIFY(::chown(QFile::encodeName(folder).constData(), 65534, 65534) == 0);
    }

    // What `start` says of sandbox `name`, which is stopped; empty when it started.
    QString startRefusal(const QString &name)
    {
        const auto started = store().start(name);
        return started ? QString() : started.error().message;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_root.isValid()); }
    void cleanup() { removeAllSandboxes(); }

    void aFolderOnTheWayOthersMayWriteIsRefused()
    {
        const QString open = m_root.path() + QStringLiteral("/open");
        QVERIFY(QDir().mkpath(open));
        QVERIFY(::chmod(QFile::encodeName(open).constData(), 0777) == 0);
        const QString refused = createAt(open + QStringLiteral("/sandpit/sandboxes"));
        QVERIFY2(refused.contains(QStringLiteral("other users may write to ") + open), qPrintable(refused));
        QVERIFY(!QFileInfo::exists(open + QStringLiteral("/sandpit/sandboxes/steered")));

        // The same folder reached through a link of our own.
        const QString link = m_root.path() + QStringLiteral("/link");
        QVERIFY(QFile::link(open, link));
        const QString throughLink = createAt(link + QStringLiteral("/sandboxes"));
        QVERIFY2(throughLink.contains(QStringLiteral("other users may write")), qPrintable(throughLink));

        // A folder of our own, 0700, on the same way is fine.
        QVERIFY(createAt(m_root.path() + QStringLiteral("/own/sandboxes")).isEmpty());
    }

    // Only root can hand a folder or a link to another user; as anyone else, the folder that
    // others may write above is what such a user would plant in.
    void aFolderOrLinkOfAnotherUserOnTheWayIsRefused()
    {
        if (::geteuid() != 0)
            QSKIP("only root can make a file another user's");
        const QString theirs = m_root.path() + QStringLiteral("/theirs");
        QVERIFY(QDir().mkpath(theirs));
        QVERIFY(::chown(QFile::encodeName(theirs).constData(), 65534, 65534) == 0);
        const QString refused = createAt(theirs + QStringLiteral("/sandboxes"));
        QVERIFY2(refused.contains(QStringLiteral("belongs to another user")), qPrintable(refused));

        const QString own = m_root.path() + QStringLiteral("/target");
        QVERIFY(QDir().mkpath(own));
        const QString link = m_root.path() + QStringLiteral("/planted");
        QVERIFY(QFile::link(own, link));
        QVERIFY(::lchown(QFile::encodeName(link).constData(), 65534, 65534) == 0);
        const QString throughTheirLink = createAt(link + QStringLiteral("/sandboxes"));
        QVERIFY2(throughTheirLink.contains(QStringLiteral("belongs to another user")), qPrintable(throughTheirLink));
    }

    // A sandbox whose /work holds another's workspace can put a link to any folder of the
    // user's where that workspace was; starting the other must not bind what the link leads to.
    void startRefusesAWorkspaceReplacedSinceCreate()
    {
        QTemporaryDir proj(QDir::tempPath() + QStringLiteral("/tst_localsandboxfolders-proj-XXXXXX"));
        QTemporaryDir home(QDir::tempPath() + QStringLiteral("/tst_localsandboxfolders-home-XXXXXX"));
        const QString sub = proj.filePath(QStringLiteral("sub"));
        QVERIFY(QDir().mkpath(sub));
        makeUsable(proj.path());
        makeUsable(sub);
        makeUsable(home.path()); // so that only the link, not whose folder it is, can stop it
        SandboxSpec outer;
        outer.name = QStringLiteral("outer");
        outer.workspace = proj.path();
        SandboxSpec inner = outer;
        inner.name = QStringLiteral("inner");
        inner.workspace = sub;
        QVERIFY(store().create(outer));
        QVERIFY(store().create(inner));
        QVERIFY(store().stop(inner.name));
        auto controller = engine();
        const auto inOuter = [&](const QString &script) {
            const Outcome o
                = runToEnd(*controller, exec(outer.name, {QStringLiteral("sh"), QStringLiteral("-c"), script}));
            QVERIFY2(o.result, why(o).constData());
            QVERIFY2(o.result->exitCode == 0, o.liveStderr.constData());
        };

        inOuter(QStringLiteral("mv /work/sub /work/old && mkdir /work/sub"));
        const QString replaced = startRefusal(inner.name);
        QVERIFY2(replaced.contains(QStringLiteral("no longer the folder the sandbox was created with")),
                 qPrintable(replaced));
        QCOMPARE(listed(store(), inner.name).state, SandboxInfo::State::Stopped);

        inOuter(QStringLiteral("rmdir /work/sub && ln -s %1 /work/sub").arg(home.path()));
        const QString linked = startRefusal(inner.name);
        QVERIFY2(linked.contains(QStringLiteral("a link now stands on its path")), qPrintable(linked));
        QCOMPARE(listed(store(), inner.name).state, SandboxInfo::State::Stopped);
    }

    // A sandbox made before create kept which folder its workspace is: start binds the path
    // only with no link on it, and only a folder of this user's own.
    void aSandboxWithoutAKeptWorkspaceStartsOnlyOnAFolderOfTheUsersOwn()
    {
        QTemporaryDir proj(QDir::tempPath() + QStringLiteral("/tst_localsandboxfolders-old-XXXXXX"));
        const QString sub = proj.filePath(QStringLiteral("sub"));
        QVERIFY(QDir().mkpath(sub));
        makeUsable(proj.path());
        makeUsable(sub);
        SandboxSpec spec;
        spec.name = QStringLiteral("old");
        spec.workspace = sub;
        const auto made = store().create(spec);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        QVERIFY(store().stop(spec.name));
        QVERIFY(QFile::remove(m_root.path() + QStringLiteral("/old/workspace-identity")));
        // As root the folder is nobody's (the sandbox runs as nobody), which is not root's own.
        const QString refusal = startRefusal(spec.name);
        if (::getuid() == 0)
            QVERIFY2(refusal.contains(QStringLiteral("before Sandpit kept which folder")), qPrintable(refusal));
        else
            QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
        QVERIFY(store().stop(spec.name) || ::getuid() == 0);

        QVERIFY(QDir(proj.path()).rename(QStringLiteral("sub"), QStringLiteral("real")));
        QVERIFY(QFile::link(proj.filePath(QStringLiteral("real")), sub));
        const QString linked = startRefusal(spec.name);
        QVERIFY2(linked.contains(QStringLiteral("a link now stands on its path")), qPrintable(linked));
    }

    // A log planted as a link: the command runs, but its output goes nowhere but its run.
    void theHelperNeverWritesThroughALinkInTheStateFolder()
    {
        created(QStringLiteral("linked"));
        QTemporaryDir elsewhere;
        const QString victim = elsewhere.filePath(QStringLiteral("victim"));
        QFile file(victim);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString log = m_root.path() + QStringLiteral("/linked/log");
        QFile::remove(log);
        QVERIFY(QFile::link(victim, log));

        auto controller = engine();
        const Outcome outcome
            = runToEnd(*controller, exec(QStringLiteral("linked"), {QStringLiteral("echo"), QStringLiteral("secret")}));
        QVERIFY2(outcome.result, why(outcome).constData());
        QCOMPARE(outcome.liveStdout, QByteArray("secret\n"));
        QCOMPARE(QFileInfo(victim).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxFolders)
#include "tst_localsandboxfolders.moc"
