// The AppStream metainfo as a software centre reads it: valid for appstreamcli, naming the
// desktop entry that is installed, showing screenshots that exist in docs/, and announcing
// the version the build makes.
#include <QFile>
#include <QFileInfo>
#include <QMultiMap>
#include <QTest>
#include <QXmlStreamReader>

#include "support/helptext.h"

namespace {
const QString kSource = QStringLiteral(SANDPIT_SOURCE_DIR);
const QString kId = QStringLiteral("io.github.sandpit.Sandpit");
const QString kMetainfo = kSource + QStringLiteral("/packaging/desktop/") + kId + QStringLiteral(".metainfo.xml");
// Screenshots are published from the repository's main branch; there is no other host.
const QString kPublished = QStringLiteral("https://raw.githubusercontent.com/sandpit/sandpit/main/");

// Each element's text and its "version" (for releases), by the element's name.
QMultiMap<QString, QString> readElements()
{
    QMultiMap<QString, QString> elements;
    QFile file(kMetainfo);
    if (!file.open(QIODevice::ReadOnly))
        return elements;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        if (name == QLatin1String("release"))
            elements.insert(name, xml.attributes().value(QLatin1String("version")).toString());
        else if (name == QLatin1String("launchable") || name == QLatin1String("image") || name == QLatin1String("id")
                 || name == QLatin1String("binary") || name == QLatin1String("content_rating"))
            elements.insert(name, xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    if (xml.hasError())
        qWarning("%s: %s", qPrintable(kMetainfo), qPrintable(xml.errorString()));
    return elements;
}
} // namespace

class TestMetainfo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appstreamcliAcceptsIt()
    {
        // --no-net: the screenshots' URLs are checked below against docs/ instead.
        const SandpitTest::ToolRun check = SandpitTest::runTool(
            QStringLiteral("appstreamcli"),
            {QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--explain"), kMetainfo});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        QVERIFY2(!check.out.contains("W:") && !check.out.contains("E:"), check.out.constData());
    }

    void namesTheInstalledDesktopEntry()
    {
        const auto elements = readElements();
        QCOMPARE(elements.value(QStringLiteral("id")), kId);
        const QString launchable = elements.value(QStringLiteral("launchable"));
        QCOMPARE(launchable, kId + QStringLiteral(".desktop"));
        QVERIFY(QFileInfo::exists(kSource + QStringLiteral("/packaging/desktop/") + launchable));
        QCOMPARE(elements.values(QStringLiteral("binary")), QStringList{QStringLiteral("sandpit")});
    }

    void screenshotsAreTheOnesInDocs()
    {
        const QStringList images = readElements().values(QStringLiteral("image"));
        QVERIFY(images.size() >= 2);
        for (const QString &image : images) {
            QVERIFY2(image.startsWith(kPublished), qPrintable(image));
            const QString path = kSource + QLatin1Char('/') + image.mid(kPublished.size());
            QVERIFY2(path.contains(QLatin1String("/docs/screenshot")) && QFileInfo::exists(path), qPrintable(path));
        }
    }

    void announcesThisVersion()
    {
        const QStringList releases = readElements().values(QStringLiteral("release"));
        QVERIFY(!releases.isEmpty());
        // QMultiMap gives the last inserted first; the newest release is the first in the file.
        QCOMPARE(releases.last(), QStringLiteral(SANDPIT_PROJECT_VERSION));
    }
};

QTEST_GUILESS_MAIN(TestMetainfo)
#include "tst_metainfo.moc"
