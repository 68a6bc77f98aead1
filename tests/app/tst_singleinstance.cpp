// One window per user and display, through the real sandpit binary (offscreen): a second
// `sandpit FILE` hands FILE to the running window and ends at once, a crashed window's socket
// does not stand in the way, and --new-window opens a window of its own.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

namespace {
/// A user's desktop of their own: a home, a runtime folder, and the windows started on it.
class Desktop
{
public:
    Desktop()
    {
        QDir(m_home.path()).mkpath(QStringLiteral("runtime"));
        QFile::setPermissions(runtime(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    ~Desktop()
    {
        for (auto &window : m_windows) {
            window->terminate();
            window->waitForFinished(20000);
        }
    }

    QString home() const { return m_home.path(); }
    QString runtime() const { return m_home.path() + QStringLiteral("/runtime"); }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), home());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home() + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home() + QStringLiteral("/data"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime());
        env.insert(QStringLiteral("DISPLAY"), QStringLiteral(":42"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("SANDPIT_DATA_DIR"));
        return env;
    }

    /// Starts a window that stays (the test ends it); its process.
    QProcess *startWindow(const QStringList &arguments)
    {
        auto window = std::make_unique<QProcess>();
        window->setProcessEnvironment(environment());
        window->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        window->setWorkingDirectory(home());
        window->start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), arguments);
        m_windows.push_back(std::move(window));
        return m_windows.back().get();
    }

    /// The socket a window listens on, once one does.
    bool listening() const
    {
        return QTest::qWaitFor(
            [&] { return !QDir(runtime()).entryList({QStringLiteral("sandpit-*.socket")}, QDir::System).isEmpty(); },
            20000);
    }

    /// The owner (pid) of the journal session holding an entry for `file`, once one does.
    qint64 windowWithFile(const QString &file) const
    {
        qint64 owner = 0;
        [[maybe_unused]] const bool found = QTest::qWaitFor([&] { return (owner = journalOwner(file)) != 0; }, 20000);
        return owner;
    }

private:
    qint64 journalOwner(const QString &file) const
    {
        const QDir journal(home() + QStringLiteral("/data/Sandpit/sandpit/journal"));
        for (const QString &session : journal.entryList({QStringLiteral("session-*")}, QDir::Dirs)) {
            const QDir dir(journal.filePath(session));
            for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
                QFile entry(dir.filePath(name));
                if (entry.open(QIODevice::ReadOnly) && entry.readAll().contains(file.toUtf8())) {
                    QFile owner(dir.filePath(QStringLiteral("owner")));
                    return owner.open(QIODevice::ReadOnly) ? owner.readAll().trimmed().toLongLong() : -1;
                }
            }
        }
        return 0;
    }

    QTemporaryDir m_home;
    std::vector<std::unique_ptr<QProcess>> m_windows;
};

struct SecondStart {
    bool finished = false;
    int exitCode = -1;
    qint64 elapsedMs = 0;
};

/// `sandpit ARGS` from `folder`, as a file manager or a terminal starts it.
SecondStart startAgain(const Desktop &desktop, const QStringList &arguments)
{
    QProcess process;
    process.setProcessEnvironment(desktop.environment());
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setWorkingDirectory(desktop.home());
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit"), arguments);
    SecondStart result;
    result.finished = process.waitForFinished(20000) && process.exitStatus() == QProcess::NormalExit;
    result.elapsedMs = clock.elapsed();
    result.exitCode = process.exitCode();
    if (!result.finished) {
        process.kill();
        process.waitForFinished();
    }
    return result;
}

void writeProgram(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write("print('hi')\n") != 12)
        qFatal("cannot write %s", qPrintable(path));
}
} // namespace

class TestSingleInstance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSecondStartHandsItsFileToTheRunningWindow();
    void aCrashedWindowsSocketDoesNotBlockTheNextStart();
    void newWindowOpensASeparateWindow();
};

void TestSingleInstance::aSecondStartHandsItsFileToTheRunningWindow()
{
    Desktop desktop;
    writeProgram(desktop.home() + QStringLiteral("/second.py"));
    QProcess *first = desktop.startWindow({});
    QVERIFY(desktop.listening());
    // A relative name, as typed in a terminal: resolved in the second start's folder.
    const SecondStart second = startAgain(desktop, {QStringLiteral("second.py")});
    QVERIFY2(second.finished, "the second start opened a window of its own");
    QCOMPARE(second.exitCode, 0);
    qInfo("the second start ended after %lld ms", second.elapsedMs);
    QCOMPARE(desktop.windowWithFile(desktop.home() + QStringLiteral("/second.py")), first->processId());
    // With no file, it only brings the window forward, and still ends at once.
    const SecondStart bare = startAgain(desktop, {});
    QVERIFY(bare.finished);
    QCOMPARE(bare.exitCode, 0);
}

void TestSingleInstance::aCrashedWindowsSocketDoesNotBlockTheNextStart()
{
    Desktop desktop;
    writeProgram(desktop.home() + QStringLiteral("/a.py"));
    writeProgram(desktop.home() + QStringLiteral("/b.py"));
    QProcess *crashed = desktop.startWindow({});
    QVERIFY(desktop.listening());
    crashed->kill();
    QVERIFY(crashed->waitForFinished(10000));
    QVERIFY(desktop.listening()); // the socket file is left behind

    QProcess *next = desktop.startWindow({QStringLiteral("a.py")});
    QCOMPARE(desktop.windowWithFile(desktop.home() + QStringLiteral("/a.py")), next->processId());
    // It took the socket over: the start after it hands its file over.
    const SecondStart third = startAgain(desktop, {QStringLiteral("b.py")});
    QVERIFY(third.finished);
    QCOMPARE(third.exitCode, 0);
    QCOMPARE(desktop.windowWithFile(desktop.home() + QStringLiteral("/b.py")), next->processId());
}

void TestSingleInstance::newWindowOpensASeparateWindow()
{
    Desktop desktop;
    writeProgram(desktop.home() + QStringLiteral("/own.py"));
    writeProgram(desktop.home() + QStringLiteral("/later.py"));
    QProcess *first = desktop.startWindow({});
    QVERIFY(desktop.listening());
    QProcess *separate = desktop.startWindow({QStringLiteral("--new-window"), QStringLiteral("own.py")});
    QCOMPARE(desktop.windowWithFile(desktop.home() + QStringLiteral("/own.py")), separate->processId());
    // The first window keeps the socket: later starts still go to it.
    const SecondStart later = startAgain(desktop, {QStringLiteral("later.py")});
    QVERIFY(later.finished);
    QCOMPARE(later.exitCode, 0);
    QCOMPARE(desktop.windowWithFile(desktop.home() + QStringLiteral("/later.py")), first->processId());
}

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
