// The compiled system-call filter handed from one helper to the next (seccompimage.h): what
// an engine compiles once must be what every later helper installs, and a helper given an
// image anyone could still change, or a broken one, runs nothing.

#include "protocol.h"
#include "seccompfilter.h"
#include "seccompimage.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace Sandpit::Helper;

namespace {

constexpr int kAllSeals = F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL;

// A memfd holding `bytes`, with `seals` added.
int memfdWith(const std::string &bytes, int seals)
{
    const int fd = memfd_create("test-image", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0 || write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size()))
        qFatal("cannot fill a memfd");
    if (seals && fcntl(fd, F_ADD_SEALS, seals) != 0)
        qFatal("cannot seal a memfd");
    return fd;
}

SeccompProgram built()
{
    SeccompProgram program;
    if (!buildSeccompProgram(program))
        qFatal("libseccomp could not build the filter");
    return program;
}

bool same(const std::vector<sock_filter> &a, const std::vector<sock_filter> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(sock_filter)) == 0;
}

// What readSeccompImage makes of `bytes` sealed with `seals`: the failed step, or "" for none.
QByteArray readBack(const std::string &bytes, int seals, SeccompProgram &program)
{
    const int fd = memfdWith(bytes, seals);
    const Step step = readSeccompImage(fd, program);
    close(fd);
    return step ? QByteArray() : QByteArray(step.failed);
}

} // namespace

class TestSeccompImage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSealedImageReadsBackAsTheFilterThatWasBuilt()
    {
        const SeccompProgram original = built();
        SeccompProgram read;
        QCOMPARE(readBack(seccompImage(original), kAllSeals, read), QByteArray());
        QVERIFY(same(read.allowList, original.allowList));
        QVERIFY(same(read.rules, original.rules));
    }

    void anImageThatCouldStillBeWrittenIsRefused()
    {
        SeccompProgram read;
        QCOMPARE(readBack(seccompImage(built()), 0, read), QByteArray("seccomp-image-seals"));
        QCOMPARE(readBack(seccompImage(built()), F_SEAL_SHRINK | F_SEAL_GROW, read), QByteArray("seccomp-image-seals"));
        QVERIFY(read.allowList.empty());
    }

    void aBrokenImageIsRefused()
    {
        const std::string image = seccompImage(built());
        SeccompProgram read;
        QCOMPARE(readBack(image.substr(0, image.size() - 1), kAllSeals, read), QByteArray("seccomp-image-format"));
        QCOMPARE(readBack(image + "x", kAllSeals, read), QByteArray("seccomp-image-format"));
        QCOMPARE(readBack("SPS1", kAllSeals, read), QByteArray("seccomp-image-read"));
        std::string otherMagic = image;
        otherMagic[0] ^= 1;
        QCOMPARE(readBack(otherMagic, kAllSeals, read), QByteArray("seccomp-image-format"));
    }

    void theExportedImageIsTheFilterTheHelperBuilds()
    {
        QProcess helper;
        helper.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit-helper"), {QStringLiteral("--export-seccomp")});
        QVERIFY(helper.waitForFinished(30000));
        QCOMPARE(helper.exitCode(), 0);
        const QByteArray exported = helper.readAllStandardOutput();
        QCOMPARE(exported.toStdString(), seccompImage(built()));
    }

    // Fails closed: the helper writes a report naming the step, and nothing is built or run.
    void theHelperRunsNothingWithAnUnsealedImage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("work")));
        const int fd = memfdWith(seccompImage(built()), 0);
        QProcess helper;
        helper.setChildProcessModifier([fd] { fcntl(fd, F_SETFD, 0); });
        helper.start(QStringLiteral(SANDPIT_BIN_DIR "/sandpit-helper"),
                     {QStringLiteral("--workspace"), dir.filePath(QStringLiteral("work")), QStringLiteral("--report"),
                      dir.filePath(QStringLiteral("report")), QStringLiteral("--seccomp-fd"), QString::number(fd),
                      QStringLiteral("--"), QStringLiteral("/bin/echo"), QStringLiteral("ran")});
        QVERIFY(helper.waitForFinished(30000));
        close(fd);
        QCOMPARE(helper.exitCode(), Protocol::kExitSetupFailed);
        QCOMPARE(helper.readAllStandardOutput(), QByteArray());
        QFile report(dir.filePath(QStringLiteral("report")));
        QVERIFY(report.open(QIODevice::ReadOnly));
        QVERIFY(report.readAll().contains("setup_step=seccomp-image-seals\n"));
    }
};

QTEST_GUILESS_MAIN(TestSeccompImage)
#include "tst_seccompimage.moc"
