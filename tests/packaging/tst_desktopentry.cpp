// The desktop entry as a desktop reads it: valid for desktop-file-validate, pointing at the
// window (its binary, its WM_CLASS, its icon in every size the hicolor theme is asked for),
// and offered for every language Sandpit runs, by the MIME types file managers know.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeDatabase>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <algorithm>

#include "commands.h"
#include "support/desktopentryfile.h"
#include "support/helptext.h"

namespace {
const QString kSource = QStringLiteral(SANDPIT_SOURCE_DIR);
const QString kEntry = SandpitTest::desktopEntryPath();
const QString kMimeGlobs = kSource + QStringLiteral("/packaging/desktop/sandpit-mime.xml");

// A PNG's width and height, from its IHDR chunk.
QSize pngSize(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = file.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG"))
        return {};
    const auto number = [&head](int at) { return qFromBigEndian<quint32>(head.constData() + at); };
    return QSize(int(number(16)), int(number(20)));
}
} // namespace

class TestDesktopEntry : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_mimeHome;

private Q_SLOTS:
    void initTestCase()
    {
        // The MIME database as it is once the package is installed: the system's, plus our
        // globs (update-mime-database, as the package's trigger runs it).
        QVERIFY(m_mimeHome.isValid());
        QVERIFY(QDir().mkpath(m_mimeHome.filePath(QStringLiteral("mime/packages"))));
        QVERIFY(QFile::copy(kMimeGlobs, m_mimeHome.filePath(QStringLiteral("mime/packages/sandpit.xml"))));
        const SandpitTest::ToolRun update = SandpitTest::runTool(QStringLiteral("update-mime-database"),
                                                                 {m_mimeHome.filePath(QStringLiteral("mime"))});
        QVERIFY2(update.exitCode == 0, update.err.constData());
        qputenv("XDG_DATA_DIRS", m_mimeHome.path().toUtf8() + ":/usr/local/share:/usr/share");
    }

    void desktopFileValidateAcceptsIt()
    {
        const SandpitTest::ToolRun check = SandpitTest::runTool(QStringLiteral("desktop-file-validate"), {kEntry});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        // Hints are allowed (the entry is in two main categories on purpose); nothing worse.
        const QByteArray said = check.out + check.err;
        QVERIFY2(!said.contains("error:") && !said.contains("warning:"), said.constData());
    }

    void startsTheWindowAndIsKnownByIt()
    {
        QCOMPARE(SandpitTest::desktopEntryValue(QStringLiteral("Exec")), QStringLiteral("sandpit %F"));
        QCOMPARE(SandpitTest::desktopEntryValue(QStringLiteral("Icon")), QStringLiteral("sandpit"));
        QCOMPARE(SandpitTest::desktopEntryValue(QStringLiteral("StartupNotify")), QStringLiteral("true"));
        // Qt names the window's WM_CLASS class after the application name.
        Sandpit::App::setIdentity();
        QCOMPARE(SandpitTest::desktopEntryValue(QStringLiteral("StartupWMClass")), QCoreApplication::applicationName());
    }

    void iconInEveryHicolorSize()
    {
        for (const int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
            const QString png = kSource + QStringLiteral("/resources/icons/hicolor/%1x%1/apps/sandpit.png").arg(size);
            QCOMPARE(pngSize(png), QSize(size, size));
        }
        QFile svg(kSource + QStringLiteral("/resources/icons/sandpit.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("viewBox=\"0 0 128 128\""));
    }

    void offeredForEveryLanguageItRuns()
    {
        QFile file(kSource + QStringLiteral("/resources/languages/languages.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray languages = QJsonDocument::fromJson(file.readAll()).object().value(u"languages").toArray();
        QVERIFY(!languages.isEmpty());
        const QStringList listed
            = SandpitTest::desktopEntryValue(QStringLiteral("MimeType")).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        const QMimeDatabase mime;
        for (const QJsonValue &language : languages) {
            for (const QJsonValue &extension : language.toObject().value(u"extensions").toArray()) {
                const QString name = QStringLiteral("program.") + extension.toString();
                const QMimeType type = mime.mimeTypeForFile(name, QMimeDatabase::MatchExtension);
                QVERIFY2(!type.isDefault(), qPrintable(name + QStringLiteral(" has no MIME type")));
                const QStringList names = QStringList{type.name()} + type.aliases();
                const bool offered = std::any_of(names.cbegin(), names.cend(),
                                                 [&listed](const QString &n) { return listed.contains(n); });
                QVERIFY2(offered,
                         qPrintable(name + QStringLiteral(" is ") + type.name()
                                    + QStringLiteral(", not in the entry's MimeType")));
            }
        }
    }

    void listsOnlyTypesTheDatabaseKnows()
    {
        const QMimeDatabase mime;
        for (const QString &name :
             SandpitTest::desktopEntryValue(QStringLiteral("MimeType")).split(QLatin1Char(';'), Qt::SkipEmptyParts))
            QVERIFY2(mime.mimeTypeForName(name).isValid(), qPrintable(name));
    }
};

QTEST_GUILESS_MAIN(TestDesktopEntry)
#include "tst_desktopentry.moc"
