#include "settings/dockerimagestable.h"

#include "settings/enginesettings.h"

#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
QString variableFor(const Core::Language &language)
{
    return QStringLiteral("SANDPIT_DOCKER_IMAGE_") + language.id.toUpper();
}

QTableWidgetItem *fixedItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}
} // namespace

DockerImagesTable::DockerImagesTable(const Core::LanguageRegistry &languages, const QProcessEnvironment &environment,
                                     QWidget *parent)
    : QWidget(parent)
    , m_languages(languages.languages())
    , m_environment(environment)
    , m_saved(m_languages.size())
    , m_table(new QTableWidget(int(m_languages.size()), 3))
    , m_messages(new QLabel)
    , m_notes(new QLabel)
{
    m_table->setObjectName(QStringLiteral("dockerImages"));
    m_messages->setObjectName(QStringLiteral("dockerImages#error"));
    m_notes->setObjectName(QStringLiteral("dockerImages#note"));
    m_messages->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    m_notes->setEnabled(false);
    for (QLabel *label : {m_messages, m_notes}) {
        label->setWordWrap(true);
        label->setVisible(false);
    }
    m_table->setHorizontalHeaderLabels(
        {QStringLiteral("Language"), QStringLiteral("Default image"), QStringLiteral("Your image")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (int row = 0; row < m_languages.size(); ++row) {
        const Core::Language &language = m_languages.at(row);
        m_table->setItem(row, LanguageColumn, fixedItem(language.name));
        m_table->setItem(row, DefaultColumn,
                         fixedItem(language.dockerImage.isEmpty() ? QStringLiteral("(none)") : language.dockerImage));
        m_table->setItem(row, OverrideColumn, new QTableWidgetItem);
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *intro
        = new QLabel(QStringLiteral("Programs run in the Docker backend use these images. Leave \"Your image\" "
                                    "empty to use the default. A change applies from the next start of Sandpit."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_table);
    layout->addWidget(m_messages);
    layout->addWidget(m_notes);

    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() != OverrideColumn)
            return;
        showProblems();
        Q_EMIT edited();
    });
}

QString DockerImagesTable::overrideAt(int row) const
{
    if (m_environment.contains(variableFor(m_languages.at(row))))
        return m_saved.at(row);
    return m_table->item(row, OverrideColumn)->text().trimmed();
}

void DockerImagesTable::setOverrideAt(int row, const QString &image)
{
    m_saved[row] = image;
    const QString variable = variableFor(m_languages.at(row));
    QTableWidgetItem *item = m_table->item(row, OverrideColumn);
    if (m_environment.contains(variable)) {
        item->setText(m_environment.value(variable));
        item->setFlags(item->flags() & ~Qt::ItemIsEditable);
        item->setToolTip(QStringLiteral("Set by %1 in the environment").arg(variable));
    } else {
        item->setText(image);
    }
}

void DockerImagesTable::load(const QSettings &settings)
{
    const QSignalBlocker blocker(m_table);
    for (int row = 0; row < m_languages.size(); ++row)
        setOverrideAt(row, settings.value(Core::EngineSettings::imageKey(m_languages.at(row).id)).toString().trimmed());
    showProblems();
    showOverrides();
}

void DockerImagesTable::save(QSettings &settings) const
{
    for (int row = 0; row < m_languages.size(); ++row) {
        const QString key = Core::EngineSettings::imageKey(m_languages.at(row).id);
        const QString image = overrideAt(row);
        if (image.isEmpty())
            settings.remove(key);
        else
            settings.setValue(key, image);
    }
}

void DockerImagesTable::restoreDefaults()
{
    const QSignalBlocker blocker(m_table);
    for (int row = 0; row < m_languages.size(); ++row)
        setOverrideAt(row, QString());
    showProblems();
    showOverrides();
}

QStringList DockerImagesTable::problems() const
{
    QStringList out;
    for (int row = 0; row < m_languages.size(); ++row) {
        const QString image = overrideAt(row);
        if (image.isEmpty() || m_environment.contains(variableFor(m_languages.at(row))))
            continue;
        if (const auto why
            = Core::EngineSettings::problemWith(Core::EngineSettings::imageKey(m_languages.at(row).id), image))
            out << QStringLiteral("The image for %1 %2").arg(m_languages.at(row).name, *why);
    }
    return out;
}

void DockerImagesTable::showProblems()
{
    const QStringList messages = problems();
    m_messages->setText(messages.join(QLatin1Char('\n')));
    m_messages->setVisible(!messages.isEmpty());
}

void DockerImagesTable::showOverrides()
{
    QStringList notes;
    for (int row = 0; row < m_languages.size(); ++row) {
        const QString variable = variableFor(m_languages.at(row));
        if (!m_environment.contains(variable))
            continue;
        notes << QStringLiteral("%1: set by %2=%3 in the environment; your saved image (%4) applies when it is unset.")
                     .arg(m_languages.at(row).name, variable, m_environment.value(variable),
                          m_saved.at(row).isEmpty() ? QStringLiteral("the default") : m_saved.at(row));
    }
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

} // namespace Sandpit::Ui
