#pragma once

#include "languages/languageregistry.h"

#include <QProcessEnvironment>
#include <QWidget>

class QLabel;
class QSettings;
class QTableWidget;

namespace Sandpit::Ui {

/// The Docker page's table: each language, the image its definition names, and the user's
/// own image for it (the setting docker/images/<id>). A language whose image comes from
/// SANDPIT_DOCKER_IMAGE_<ID> shows that image read-only and says so below the table.
class DockerImagesTable final : public QWidget
{
    Q_OBJECT
public:
    enum Column { LanguageColumn, DefaultColumn, OverrideColumn };

    DockerImagesTable(const Core::LanguageRegistry &languages, const QProcessEnvironment &environment,
                      QWidget *parent = nullptr);

    void load(const QSettings &settings);
    /// Writes the overrides; an empty one removes its key, so the language's own image is used.
    void save(QSettings &settings) const;
    void restoreDefaults();
    /// One message per image that is no good, naming its language.
    QStringList problems() const;
    QTableWidget *table() const { return m_table; }

Q_SIGNALS:
    void edited();

private:
    QString overrideAt(int row) const;
    void setOverrideAt(int row, const QString &image);
    void showProblems();
    void showOverrides();

    QList<Core::Language> m_languages;
    QProcessEnvironment m_environment;
    QStringList m_saved; // per row: the saved override, kept while a variable decides
    QTableWidget *m_table;
    QLabel *m_messages;
    QLabel *m_notes;
};

} // namespace Sandpit::Ui
