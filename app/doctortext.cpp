#include "doctortext.h"

#include "model/typeids.h"

namespace Sandpit::App {

namespace {
constexpr qsizetype kWidth = 80;
constexpr qsizetype kLabelWidth = 24; // the longest label, "AppArmor allows userns", and a gap
const QString kYes = QStringLiteral("✓");
const QString kNo = QStringLiteral("✗");

// `text` after `first`, in lines of at most kWidth columns, each further line indented to
// `indent` columns.
QString wrapped(const QString &first, const QString &text, qsizetype indent)
{
    QString out = first;
    qsizetype column = first.size() - (first.lastIndexOf(QLatin1Char('\n')) + 1);
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const bool atStart = out.isEmpty() || out.endsWith(QLatin1Char(' ')) || out.endsWith(QLatin1Char('\n'));
        if (!atStart && column + 1 + word.size() > kWidth) {
            out += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
        } else if (!atStart) {
            out += QLatin1Char(' ');
            ++column;
        }
        out += word;
        column += word.size();
    }
    return out + QLatin1Char('\n');
}

QString row(bool ok, const QString &label, const QString &text)
{
    const QString head = QStringLiteral("  %1 %2").arg(ok ? kYes : kNo, label.leftJustified(kLabelWidth));
    return wrapped(head, text, 4 + kLabelWidth);
}

QString localText(const Core::DoctorReport &report)
{
    const Core::LocalSandboxCheck &local = report.local;
    if (!local.error.isEmpty())
        return wrapped(QStringLiteral("Local sandbox: could not be checked.\n  "), local.error, 2);
    QString out = QStringLiteral("Local sandbox: isolation %1\n").arg(Core::isolationLevelId(local.level));
    QString lastFix;
    for (const Core::Protection &p : local.protections) {
        out += row(p.present, p.label, (p.present ? QString() : QStringLiteral("missing: ")) + p.detail);
        if (!p.fix.isEmpty()) {
            // One cause (no user namespace) takes several protections: its fix is said once.
            const QString fix = p.fix == lastFix ? QStringLiteral("the same as above.") : p.fix;
            out += wrapped(QString(4 + kLabelWidth, QLatin1Char(' ')) + QStringLiteral("Fix: "), fix, 4 + kLabelWidth);
            lastFix = p.fix;
        }
    }
    if (local.level != Core::IsolationReport::Level::Full) {
        // Levels grow weaker as they grow: a run needs one no weaker than the setting allows.
        const QString runs = local.level > report.allowWeaker
            ? QStringLiteral("Runs refuse to start here: your settings require isolation %1 at least "
                             "(Settings › Running, or --allow-weaker, lets them run with less).")
                  .arg(Core::isolationLevelId(report.allowWeaker))
            : QStringLiteral("Runs start here with isolation %1, as your settings allow.")
                  .arg(Core::isolationLevelId(local.level));
        out += wrapped(QStringLiteral("  "), runs, 2);
    }
    return out;
}

QString dockerText(const Core::DockerCheck &docker)
{
    if (!docker.problem.isEmpty()) {
        const QString state = docker.reachable ? QStringLiteral("refuses you") : QStringLiteral("not reachable");
        return wrapped(QStringLiteral("Docker: %1 (%2)\n  ").arg(state, docker.endpoint), docker.problem, 2);
    }
    QString out = QStringLiteral("Docker: reachable at %1, server %2\n").arg(docker.endpoint, docker.serverVersion);
    for (const Core::DockerImageCheck &image : docker.images) {
        const QString use = QStringLiteral("for ") + image.languages.join(QStringLiteral(", "));
        out += row(image.present, image.image,
                   image.present ? use : QStringLiteral("missing, %1: docker pull %2").arg(use, image.image));
    }
    if (!docker.sandpitImages.isEmpty()) {
        out += wrapped(QStringLiteral("  Sandpit's images here:"),
                       docker.sandpitImages.join(QStringLiteral(", "))
                           + QStringLiteral(" (choose one for a language with SANDPIT_DOCKER_IMAGE_<LANGUAGE> or "
                                            "Settings › Docker)."),
                       4);
    }
    return out;
}

QString languagesText(const QList<Core::ToolchainCheck> &languages)
{
    QString out = QStringLiteral("Languages (local sandbox):\n");
    for (const Core::ToolchainCheck &t : languages) {
        out += t.found ? row(true, t.name, t.path + QStringLiteral(" — ") + t.version)
                       : row(false, t.name, QStringLiteral("missing; install it with: ") + t.installHint);
    }
    return out;
}
} // namespace

QString doctorText(const Core::DoctorReport &report)
{
    return localText(report) + QLatin1Char('\n') + dockerText(report.docker) + QLatin1Char('\n')
        + languagesText(report.languages);
}

} // namespace Sandpit::App
