// One window per user and display: the socket a second `sandpit FILE` hands its files to.
// The real server and the real client, in one process (the client, which blocks by design,
// on a thread of its own).
#include "window/instanceclient.h"
#include "window/instanceserver.h"

#include "files/runfolders.h"

#include <QFileInfo>
#include <QLocalSocket>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <future>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using Sandpit::Ui::InstanceClient;
using Sandpit::Ui::InstanceServer;

class TestInstanceServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void theSocketIsTheUsersOwnForThisDisplay();
    void aSharedRuntimeFolderIsNotUsed();
    void filesSentArriveAsAnOpenRequest();
    void noFilesJustAsksForTheWindow();
    void nobodyListeningMeansNoInstance();
    void aCrashedInstancesSocketDoesNotBlockTheNextStart();
    void garbageIsDroppedAndTheNextRequestStillWorks();

private:
    /// Sends on a thread (the client waits for the answer the server gives on this one).
    static InstanceClient::Outcome send(const QString &path, const QStringList &files);

    std::unique_ptr<QTemporaryDir> m_runtime;
    QProcessEnvironment m_env;
    QString m_path;
};

void TestInstanceServer::init()
{
    m_runtime = std::make_unique<QTemporaryDir>(); // 0700, as $XDG_RUNTIME_DIR is
    m_env = QProcessEnvironment();
    m_env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime->path());
    m_env.insert(QStringLiteral("DISPLAY"), QStringLiteral(":7"));
    const auto path = InstanceServer::socketPath(m_env);
    QVERIFY2(path.has_value(), qPrintable(path.error()));
    m_path = *path;
}

InstanceClient::Outcome TestInstanceServer::send(const QString &path, const QStringList &files)
{
    auto outcome = std::async(std::launch::async, [path, files] { return InstanceClient::send(path, files, 5000); });
    [[maybe_unused]] const bool done = QTest::qWaitFor(
        [&] { return outcome.wait_for(std::chrono::seconds(0)) == std::future_status::ready; }, 10000);
    return outcome.get();
}

void TestInstanceServer::theSocketIsTheUsersOwnForThisDisplay()
{
    QCOMPARE(QFileInfo(m_path).path(), m_runtime->path());
    QVERIFY(QFileInfo(m_path).fileName().contains(QString::number(::getuid())));
    QVERIFY(QFileInfo(m_path).fileName().contains(QStringLiteral(":7")));
    auto wayland = m_env;
    wayland.insert(QStringLiteral("WAYLAND_DISPLAY"), QStringLiteral("wayland-1"));
    QVERIFY(InstanceServer::socketPath(wayland)->contains(QStringLiteral("wayland-1")));
    QVERIFY(*InstanceServer::socketPath(wayland) != m_path); // another display, another window

    InstanceServer server;
    QVERIFY(server.listen(m_path));
    struct stat st { };
    QCOMPARE(::lstat(QFile::encodeName(m_path).constData(), &st), 0);
    QVERIFY(S_ISSOCK(st.st_mode));
    QCOMPARE(st.st_mode & 077, 0u); // no other user may connect
}

void TestInstanceServer::aSharedRuntimeFolderIsNotUsed()
{
    QVERIFY(QFile::setPermissions(m_runtime->path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                      | QFile::WriteOther | QFile::ExeOther));
    // A run has made its run folders' parent in /tmp first, as on any machine that ran a program.
    QVERIFY(Sandpit::Core::RunFolders::parent().has_value());
    const auto path = InstanceServer::socketPath(m_env);
    // Elsewhere, in a folder of the user's own; never in a folder others may write.
    QVERIFY2(path.has_value(), qPrintable(path ? QString() : path.error()));
    QVERIFY(QFileInfo(*path).path() != m_runtime->path());
    struct stat st { };
    QCOMPARE(::lstat(QFile::encodeName(QFileInfo(*path).path()).constData(), &st), 0);
    QCOMPARE(st.st_uid, ::getuid());
    QCOMPARE(st.st_mode & 077, 0u);
}

void TestInstanceServer::filesSentArriveAsAnOpenRequest()
{
    InstanceServer server;
    QVERIFY(server.listen(m_path));
    QSignalSpy requested(&server, &InstanceServer::filesRequested);
    const QStringList files{QStringLiteral("/home/learner/hello world.py"), QStringLiteral("/tmp/\u00e9t\u00e9.c")};
    QCOMPARE(send(m_path, files), InstanceClient::Outcome::Delivered);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.first().first().toStringList(), files);
}

void TestInstanceServer::noFilesJustAsksForTheWindow()
{
    InstanceServer server;
    QVERIFY(server.listen(m_path));
    QSignalSpy requested(&server, &InstanceServer::filesRequested);
    QCOMPARE(send(m_path, {}), InstanceClient::Outcome::Delivered);
    QCOMPARE(requested.count(), 1);
    QVERIFY(requested.first().first().toStringList().isEmpty());
}

void TestInstanceServer::nobodyListeningMeansNoInstance()
{
    QCOMPARE(send(m_path, {QStringLiteral("/tmp/a.py")}), InstanceClient::Outcome::NoInstance);
}

void TestInstanceServer::aCrashedInstancesSocketDoesNotBlockTheNextStart()
{
    // What a killed Sandpit leaves: a socket file that nobody accepts on.
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(m_path);
    std::memcpy(address.sun_path, name.constData(), name.size());
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    ::close(fd);
    QVERIFY(QFileInfo::exists(m_path));

    QCOMPARE(send(m_path, {}), InstanceClient::Outcome::NoInstance);
    InstanceServer server;
    QVERIFY(server.listen(m_path));
    QSignalSpy requested(&server, &InstanceServer::filesRequested);
    QCOMPARE(send(m_path, {QStringLiteral("/tmp/a.py")}), InstanceClient::Outcome::Delivered);
    QCOMPARE(requested.count(), 1);
}

void TestInstanceServer::garbageIsDroppedAndTheNextRequestStillWorks()
{
    InstanceServer server;
    QVERIFY(server.listen(m_path));
    QSignalSpy requested(&server, &InstanceServer::filesRequested);
    QLocalSocket stray;
    stray.connectToServer(m_path);
    QVERIFY(stray.waitForConnected(5000));
    stray.write(QByteArray(64, 'x'));
    QTRY_COMPARE(stray.state(), QLocalSocket::UnconnectedState);
    QCOMPARE(requested.count(), 0);
    QCOMPARE(send(m_path, {QStringLiteral("/tmp/b.py")}), InstanceClient::Outcome::Delivered);
    QCOMPARE(requested.count(), 1);
}

QTEST_GUILESS_MAIN(TestInstanceServer)
#include "tst_instanceserver.moc"
