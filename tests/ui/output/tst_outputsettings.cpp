// The output pane's setting: output/max_lines, SANDPIT_OUTPUT_MAX_LINES, and what a user
// reads when either holds nonsense.

#include "output/outputsettings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using Sandpit::Ui::OutputSettings;

class TestOutputSettings : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QSettings> settings() const
    {
        return std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("sandpit.ini")), QSettings::IniFormat);
    }
    static QProcessEnvironment env(const QString &value)
    {
        QProcessEnvironment e;
        e.insert(QStringLiteral("SANDPIT_OUTPUT_MAX_LINES"), value);
        return e;
    }

    QTemporaryDir m_dir;

private Q_SLOTS:
    void cleanup() { settings()->clear(); }

    void defaultKeepsTenThousandLines()
    {
        const auto loaded = OutputSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(loaded);
        QCOMPARE(loaded->maxLines, 10'000);
    }

    void settingAndEnvironment()
    {
        settings()->setValue(QStringLiteral("output/max_lines"), 2500);
        auto loaded = OutputSettings::load(*settings(), QProcessEnvironment());
        QVERIFY(loaded);
        QCOMPARE(loaded->maxLines, 2500);
        loaded = OutputSettings::load(*settings(), env(QStringLiteral(" 300 ")));
        QVERIFY(loaded);
        QCOMPARE(loaded->maxLines, 300);
    }

    void badValuesAreNamed_data()
    {
        QTest::addColumn<bool>("fromEnvironment");
        QTest::addColumn<QString>("value");
        for (const bool fromEnvironment : {false, true}) {
            for (const char *value : {"lots", "-1", "99", "100001", "2.5", ""})
                QTest::addRow("%s %s", fromEnvironment ? "env" : "file", value)
                    << fromEnvironment << QString::fromLatin1(value);
        }
    }

    void badValuesAreNamed()
    {
        QFETCH(bool, fromEnvironment);
        QFETCH(QString, value);
        if (!fromEnvironment)
            settings()->setValue(QStringLiteral("output/max_lines"), value);
        const auto loaded = OutputSettings::load(*settings(), fromEnvironment ? env(value) : QProcessEnvironment());
        QVERIFY(!loaded);
        const QString name
            = fromEnvironment ? QStringLiteral("SANDPIT_OUTPUT_MAX_LINES") : QStringLiteral("output/max_lines");
        QVERIFY2(loaded.error().contains(name), qPrintable(loaded.error()));
        QVERIFY2(loaded.error().contains(QLatin1Char('"') + value + QLatin1Char('"')), qPrintable(loaded.error()));
        QVERIFY2(loaded.error().contains(QStringLiteral("between 100 and 100000")), qPrintable(loaded.error()));
    }
};

QTEST_GUILESS_MAIN(TestOutputSettings)
#include "tst_outputsettings.moc"
