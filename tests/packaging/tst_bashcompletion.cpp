// Bash completion as a user meets it: Tab after `sandpit`, after `sandpit run --`, after an
// option that takes a value, and where a program's file goes. The completion function runs in
// a real bash with COMP_WORDS and COMP_CWORD set as bash sets them, and its answers are
// compared with what the built program's own help lists.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "support/helptext.h"

namespace {
const QString kSandpit = QStringLiteral(SANDPIT_BIN_DIR "/sandpit");

QString shellQuoted(const QString &word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}
} // namespace

class TestBashCompletion : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_folder;

    // What Tab offers when the line is `sandpit WORDS…` and the cursor ends the last word.
    // (Outside a real Tab, compopt fails and _sandpit returns non-zero; COMPREPLY is what counts.)
    QStringList complete(const QStringList &words) const
    {
        QStringList quoted{shellQuoted(kSandpit)};
        for (const QString &word : words)
            quoted << shellQuoted(word);
        const QString script = QStringLiteral("source %1 && COMP_WORDS=(%2) && COMP_CWORD=%3 && { _sandpit; "
                                              "printf '%s\\n' \"${COMPREPLY[@]}\"; }")
                                   .arg(shellQuoted(QStringLiteral(SANDPIT_COMPLETION)), quoted.join(QLatin1Char(' ')))
                                   .arg(words.size());
        const SandpitTest::ToolRun bash
            = SandpitTest::runTool(QStringLiteral("bash"), {QStringLiteral("--norc"), QStringLiteral("-c"), script},
                                   QProcessEnvironment::systemEnvironment(), m_folder.path());
        if (bash.exitCode != 0)
            qWarning("bash: %s", bash.err.constData());
        QStringList offered = QString::fromUtf8(bash.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        offered.sort();
        return offered;
    }

    static void verifyOffersAll(const QStringList &offered, const QStringList &expected)
    {
        QVERIFY(!expected.isEmpty());
        for (const QString &word : expected)
            QVERIFY2(offered.contains(word),
                     qPrintable(word + QStringLiteral(" not offered; offered: ") + offered.join(QLatin1Char(' '))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        for (const char *name : {"hello.py", "main.rs", "notes.txt"}) {
            QFile file(m_folder.filePath(QString::fromLatin1(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        QVERIFY(QDir(m_folder.path()).mkdir(QStringLiteral("lessons")));
    }

    void offersEveryCommand()
    {
        verifyOffersAll(complete({QString()}),
                        SandpitTest::helpCommands(SandpitTest::sandpitHelp({QStringLiteral("--help")})));
    }

    void offersEveryOptionOfEveryCommand()
    {
        const QStringList commands = SandpitTest::helpCommands(SandpitTest::sandpitHelp({QStringLiteral("--help")}));
        QVERIFY(commands.contains(QStringLiteral("run")));
        for (const QString &command : commands) {
            const QStringList options
                = SandpitTest::helpOptions(SandpitTest::sandpitHelp({command, QStringLiteral("--help")}));
            QStringList longOptions = options.filter(QRegularExpression(QStringLiteral("^--")));
            verifyOffersAll(complete({command, QStringLiteral("--")}), longOptions);
        }
    }

    void offersTheValuesAnOptionTakes()
    {
        QFile file(QStringLiteral(SANDPIT_SOURCE_DIR "/resources/languages/languages.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList ids;
        for (const QJsonValue &language :
             QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("languages")).toArray())
            ids << language.toObject().value(QLatin1String("id")).toString();
        ids.sort();
        QCOMPARE(complete({QStringLiteral("run"), QStringLiteral("--lang"), QString()}), ids);
        QCOMPARE(complete({QStringLiteral("run"), QStringLiteral("--lang"), QStringLiteral("="), QStringLiteral("py")}),
                 QStringList{QStringLiteral("python")});
        const QStringList backends = complete({QStringLiteral("run"), QStringLiteral("--backend"), QString()});
        QCOMPARE(backends, (QStringList{QStringLiteral("docker"), QStringLiteral("local")}));
        const QString runHelp
            = QString::fromUtf8(SandpitTest::sandpitHelp({QStringLiteral("run"), QStringLiteral("--help")}));
        for (const QString &backend : backends)
            QVERIFY2(runHelp.contains(backend), qPrintable(backend));
        QCOMPARE(complete({QStringLiteral("run"), QStringLiteral("--allow-weaker"), QString()}),
                 (QStringList{QStringLiteral("never"), QStringLiteral("none"), QStringLiteral("partial")}));
        QCOMPARE(complete({QStringLiteral("run"), QStringLiteral("--workspace"), QString()}),
                 QStringList{QStringLiteral("lessons")});
    }

    void offersTheSandboxCommandsAndTheirOptions()
    {
        verifyOffersAll(complete({QStringLiteral("sandbox"), QString()}),
                        {QStringLiteral("create"), QStringLiteral("exec"), QStringLiteral("shell"),
                         QStringLiteral("logs"), QStringLiteral("stop"), QStringLiteral("kill"), QStringLiteral("rm"),
                         QStringLiteral("list")});
        QCOMPARE(complete({QStringLiteral("sandbox"), QStringLiteral("sh")}), QStringList{QStringLiteral("shell")});
        verifyOffersAll(complete({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box"),
                                  QStringLiteral("--")}),
                        {QStringLiteral("--image"), QStringLiteral("--local"), QStringLiteral("--memory"),
                         QStringLiteral("--cpus"), QStringLiteral("--workspace"), QStringLiteral("--label"),
                         QStringLiteral("--allow-net")});
        verifyOffersAll(
            complete({QStringLiteral("sandbox"), QStringLiteral("logs"), QStringLiteral("box"), QStringLiteral("--")}),
            {QStringLiteral("--follow"), QStringLiteral("--network")});
    }

    void offersProgramsAndFoldersForTheFile()
    {
        const QStringList programs{QStringLiteral("hello.py"), QStringLiteral("lessons"), QStringLiteral("main.rs")};
        QCOMPARE(complete({QStringLiteral("run"), QString()}), programs);
        QCOMPARE(complete({QStringLiteral("run"), QStringLiteral("he")}), QStringList{QStringLiteral("hello.py")});
        // What follows "--" goes to the program: any file.
        QVERIFY(complete({QStringLiteral("run"), QStringLiteral("hello.py"), QStringLiteral("--"), QString()})
                    .contains(QStringLiteral("notes.txt")));
    }
};

QTEST_GUILESS_MAIN(TestBashCompletion)
#include "tst_bashcompletion.moc"
