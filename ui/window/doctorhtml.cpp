#include "window/doctorhtml.h"

#include "model/typeids.h"

namespace Sandpit::Ui {

namespace {
using Level = Core::IsolationReport::Level;

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

// One row: the mark and the name, then what was found and, when it is missing, the fix.
QString row(bool ok, const QString &name, const QString &found, const QString &fix = {})
{
    const QString mark = ok ? QStringLiteral("<span style='color:#2e7d32'>✓</span>")
                            : QStringLiteral("<span style='color:#c62828'>✗</span>");
    QString cell = esc(found);
    if (!fix.isEmpty())
        cell += QStringLiteral("<br><b>Fix:</b> ") + esc(fix);
    return QStringLiteral("<tr><td>%1</td><td><b>%2</b></td><td>%3</td></tr>").arg(mark, esc(name), cell);
}

QString table(const QString &rows)
{
    return QStringLiteral("<table cellspacing='0' cellpadding='3'>") + rows + QStringLiteral("</table>");
}

QString localHtml(const Core::DoctorReport &report)
{
    const Core::LocalSandboxCheck &local = report.local;
    QString html = QStringLiteral("<h3>Local sandbox: isolation %1</h3>").arg(Core::isolationLevelId(local.level));
    if (!local.error.isEmpty())
        return QStringLiteral("<h3>Local sandbox: could not be checked</h3><p>%1</p>").arg(esc(local.error));
    QString rows;
    QString lastFix;
    for (const Core::Protection &p : local.protections) {
        // One cause (no user namespace, a masked /proc) takes several protections: its fix is
        // said once.
        const QString fix = !p.fix.isEmpty() && p.fix == lastFix ? QStringLiteral("the same as above.") : p.fix;
        rows += row(p.present, p.label, (p.present ? QString() : QStringLiteral("Missing: ")) + p.detail, fix);
        if (!p.fix.isEmpty())
            lastFix = p.fix;
    }
    html += table(rows);
    if (local.level != Level::Full) {
        html += local.level > report.allowWeaker
            ? QStringLiteral("<p>Runs refuse to start here: your settings require isolation %1 at least. "
                             "Settings › Running lets them run with less, knowing what a program can then "
                             "reach.</p>")
                  .arg(Core::isolationLevelId(report.allowWeaker))
            : QStringLiteral("<p>Runs start here with isolation %1, as your settings allow.</p>")
                  .arg(Core::isolationLevelId(local.level));
    }
    return html;
}

QString dockerHtml(const Core::DockerCheck &docker)
{
    if (!docker.problem.isEmpty()) {
        return QStringLiteral("<h3>Docker: %1</h3><p>%2</p>")
            .arg(docker.reachable ? QStringLiteral("refuses you") : QStringLiteral("not reachable"),
                 esc(docker.problem));
    }
    QString rows;
    for (const Core::DockerImageCheck &image : docker.images) {
        const QString use = QStringLiteral("for ") + image.languages.join(QStringLiteral(", "));
        rows += row(image.present, image.image, image.present ? use : QStringLiteral("Missing, ") + use,
                    image.present ? QString() : QStringLiteral("docker pull ") + image.image);
    }
    QString html = QStringLiteral("<h3>Docker: reachable</h3><p>At %1, server %2.</p>")
                       .arg(esc(docker.endpoint), esc(docker.serverVersion))
        + table(rows);
    if (!docker.sandpitImages.isEmpty()) {
        html += QStringLiteral("<p>Sandpit's images here: %1. Choose one for a language in Settings › Docker.</p>")
                    .arg(esc(docker.sandpitImages.join(QStringLiteral(", "))));
    }
    return html;
}

QString languagesHtml(const QList<Core::ToolchainCheck> &languages)
{
    QString rows;
    for (const Core::ToolchainCheck &t : languages) {
        rows += t.found ? row(true, t.name, t.path + QStringLiteral(" — ") + t.version)
                        : row(false, t.name, QStringLiteral("Missing."), t.installHint);
    }
    return QStringLiteral("<h3>Languages in the local sandbox</h3>") + table(rows);
}
} // namespace

QString doctorHtml(const Core::DoctorReport &report)
{
    return localHtml(report) + dockerHtml(report.docker) + languagesHtml(report.languages);
}

} // namespace Sandpit::Ui
