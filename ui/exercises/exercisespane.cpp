#include "exercises/exercisespane.h"

#include "exercises/learnerfiles.h"
#include "window/backgroundtask.h"

#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
constexpr int kCourseRole = Qt::UserRole;
constexpr int kExerciseRole = Qt::UserRole + 1;
const auto kLanguageKey = QStringLiteral("exercises/language");

QString scoreText(int score, int maxScore)
{
    return QStringLiteral("%1/%2").arg(score).arg(maxScore);
}

/// What reset leaves behind: the file's text before, beside it, and the starter's text.
struct ResetDone {
    std::expected<QByteArray, QString> starter;
    QString keptCopy;
};

/// Copies the learner's file beside itself ("sum.py.before-reset-20261126-2250"), and only once
/// that copy is safe sets it back to the starter: on a worker thread.
ResetDone resetFile(const Core::LearnerFiles &files, const Core::Course &course, const Core::Exercise &exercise,
                    const Core::ExerciseLanguage &language)
{
    const QString path = files.pathFor(course, exercise, language);
    const QString copy = path + QStringLiteral(".before-reset-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    if (QFile current(path); current.open(QIODevice::ReadOnly)) {
        const QByteArray old = current.readAll();
        QSaveFile kept(copy);
        if (!kept.open(QIODevice::WriteOnly) || kept.write(old) != old.size() || !kept.commit())
            return {std::unexpected(QStringLiteral("Your text could not be kept in %1 (%2), so the file was left as "
                                                   "it is.")
                                        .arg(copy, kept.errorString())),
                    {}};
    }
    const auto old = files.resetToStarter(course, exercise, language);
    if (!old)
        return {std::unexpected(old.error()), copy};
    QFile starter(path);
    if (!starter.open(QIODevice::ReadOnly))
        return {std::unexpected(starter.errorString()), copy};
    return {starter.readAll(), copy};
}
} // namespace

ExercisesPane::ExercisesPane(CourseSources sources, QString learnerFolder, QWidget *parent)
    : QWidget(parent)
    , m_sources(std::move(sources))
    , m_learnerFolder(std::move(learnerFolder))
    , m_tree(new QTreeWidget(this))
    , m_statement(new QTextBrowser(this))
    , m_notice(new QLabel(this))
    , m_language(new QComboBox(this))
    , m_open(new QPushButton(QStringLiteral("Open"), this))
    , m_reset(new QPushButton(QStringLiteral("Reset to Starter…"), this))
{
    m_tree->setObjectName(QStringLiteral("exercisesTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({QStringLiteral("Exercise"), QStringLiteral("Score")});
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_statement->setObjectName(QStringLiteral("exerciseStatement"));
    // Web links open in the browser; a pack's relative or file: link would replace the
    // statement with a file read on this thread, so it opens nothing.
    m_statement->setOpenLinks(false);
    connect(m_statement, &QTextBrowser::anchorClicked, this, [](const QUrl &url) {
        if (url.scheme() == u"https" || url.scheme() == u"http")
            QDesktopServices::openUrl(url);
    });
    m_statement->setPlaceholderText(QStringLiteral("Open a course with File › Exercises, then choose an exercise."));
    m_notice->setObjectName(QStringLiteral("exerciseNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse); // the command it names can be copied
    m_language->setObjectName(QStringLiteral("exerciseLanguage"));
    m_language->setToolTip(QStringLiteral("The language you solve it in"));
    m_open->setObjectName(QStringLiteral("openExercise"));
    m_open->setToolTip(QStringLiteral("Open your own file for this exercise in the editor"));
    m_reset->setObjectName(QStringLiteral("resetExercise"));
    m_reset->setToolTip(QStringLiteral("Replace your file with the starter code (your text is kept beside it)"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_language);
    buttons->addStretch();
    buttons->addWidget(m_reset);
    buttons->addWidget(m_open);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_statement);
    lowerLayout->addWidget(m_notice);
    lowerLayout->addLayout(buttons);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(lower);
    // The course's list and the statement share the height: a course of thirty exercises
    // needs its list, and the statement is read while writing.
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, &ExercisesPane::showSelection);
    connect(m_tree, &QTreeWidget::itemActivated, this, &ExercisesPane::openSelected);
    connect(m_open, &QPushButton::clicked, this, &ExercisesPane::openSelected);
    connect(m_reset, &QPushButton::clicked, this, &ExercisesPane::resetSelected);
    connect(m_language, &QComboBox::activated, this,
            [this] { QSettings().setValue(kLanguageKey, m_language->currentData().toString()); });
    showSelection();
}

void ExercisesPane::openCourse(const QString &path)
{
    const CourseSources sources = m_sources;
    runInBackground<LoadedCourse>(
        this, [path, sources] { return loadCourse(path, sources); },
        [this](const LoadedCourse &loaded) { showCourse(loaded); });
}

void ExercisesPane::showCourse(const LoadedCourse &loaded)
{
    if (!loaded.course) {
        Q_EMIT message(QStringLiteral("The exercise pack cannot be opened: %1").arg(loaded.course.error().toString()));
        return;
    }
    if (!loaded.progress.notice.isEmpty())
        Q_EMIT message(loaded.progress.notice);
    ShownCourse shown{loaded.path, *loaded.course, loaded.progress.progress};
    QTreeWidgetItem *item = nullptr;
    for (int i = 0; i < m_courses.size(); ++i) {
        if (m_courses.at(i).course.id == shown.course.id) {
            m_courses[i] = shown;
            item = m_tree->topLevelItem(i);
        }
    }
    if (!item) {
        m_courses.append(shown);
        item = new QTreeWidgetItem(m_tree);
    }
    fillCourseItem(item, shown);
    item->setExpanded(true);
    if (!m_tree->currentItem())
        m_tree->setCurrentItem(item);
    Q_EMIT courseShown(shown.course.id);
}

void ExercisesPane::fillCourseItem(QTreeWidgetItem *item, const ShownCourse &shown)
{
    const Core::Course &course = shown.course;
    qDeleteAll(item->takeChildren());
    for (const Core::Exercise &exercise : course.exercises) {
        auto *child = new QTreeWidgetItem(item);
        child->setData(0, kCourseRole, course.id);
        child->setData(0, kExerciseRole, exercise.id);
    }
    QMap<QString, QStringList> problems; // by id: the same order every time
    for (const Core::PackProblem &problem : course.problems)
        problems[problem.exerciseId.isEmpty() ? course.id : problem.exerciseId] << problem.toString(course.folder);
    for (auto it = problems.cbegin(); it != problems.cend(); ++it) {
        auto *broken = new QTreeWidgetItem(item);
        broken->setText(0, QStringLiteral("⚠ %1 (cannot be used)").arg(it.key()));
        broken->setToolTip(0, it.value().join(QLatin1Char('\n')));
        broken->setData(0, kCourseRole, course.id);
        broken->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }
    item->setText(0, course.title);
    item->setData(0, kCourseRole, course.id);
    showScores(item, shown);
}

void ExercisesPane::showScores(QTreeWidgetItem *item, const ShownCourse &shown)
{
    // In place: the selected exercise stays selected and its statement where it was scrolled.
    int score = 0;
    int maxScore = 0;
    for (int i = 0; i < shown.course.exercises.size() && i < item->childCount(); ++i) {
        const Core::Exercise &exercise = shown.course.exercises.at(i);
        const Core::ExerciseProgress progress = shown.progress.exercises.value(exercise.id);
        QTreeWidgetItem *child = item->child(i);
        child->setText(0, (progress.solved() ? QStringLiteral("✓ ") : QStringLiteral("    ")) + exercise.title);
        child->setText(1, scoreText(progress.bestScore, exercise.maxPoints()));
        QStringList languages;
        for (const Core::ExerciseLanguage &language : exercise.languages)
            languages << m_sources.languageNames.value(language.languageId, language.languageId);
        child->setToolTip(0,
                          QStringLiteral("%1 · %2").arg(progress.solved() ? QStringLiteral("Solved")
                                                                          : QStringLiteral("Not solved yet"),
                                                        languages.join(QStringLiteral(", "))));
        score += progress.bestScore;
        maxScore += exercise.maxPoints();
    }
    item->setText(1, scoreText(score, maxScore));
    item->setToolTip(0,
                     QStringLiteral("%1 of %2 exercises solved")
                         .arg(shown.progress.solvedCount())
                         .arg(shown.course.exercises.size()));
}

void ExercisesPane::reloadProgress(const QString &courseId)
{
    // The progress file alone: the course itself has not changed.
    const QString folder = m_sources.progressFolder;
    runInBackground<Core::ProgressStore::Loaded>(
        this, [folder, courseId] { return Core::ProgressStore(folder).load(courseId); },
        [this, courseId](const Core::ProgressStore::Loaded &loaded) {
            if (!loaded.notice.isEmpty())
                Q_EMIT message(loaded.notice);
            showProgress(loaded.progress);
            Q_EMIT courseShown(courseId);
        });
}

void ExercisesPane::showProgress(const Core::CourseProgress &progress)
{
    for (int i = 0; i < m_courses.size(); ++i) {
        if (m_courses.at(i).course.id != progress.courseId)
            continue;
        m_courses[i].progress = progress;
        showScores(m_tree->topLevelItem(i), m_courses.at(i));
    }
}

std::pair<const ExercisesPane::ShownCourse *, const Core::Exercise *> ExercisesPane::selection() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item)
        return {nullptr, nullptr};
    const QString courseId = item->data(0, kCourseRole).toString();
    for (const ShownCourse &shown : m_courses) {
        if (shown.course.id == courseId)
            return {&shown, shown.course.exercise(item->data(0, kExerciseRole).toString())};
    }
    return {nullptr, nullptr};
}

void ExercisesPane::showSelection()
{
    const auto [shown, exercise] = selection();
    m_language->clear();
    // Short under the statement, where the learner reads: each warning's first sentence; the
    // file and the fix, for the pack's author, in the tooltip.
    QStringList shortly;
    QStringList whole;
    for (const Core::PackProblem &warning : exercise ? exercise->warnings : QList<Core::PackProblem>()) {
        const qsizetype end = warning.message.indexOf(QStringLiteral(". "));
        shortly << QStringLiteral("⚠ ") + (end < 0 ? warning.message : warning.message.left(end + 1));
        whole << warning.toString(shown->course.folder);
    }
    m_notice->setText(shortly.join(QLatin1Char('\n')));
    m_notice->setToolTip(whole.join(QLatin1Char('\n')));
    m_notice->setVisible(!shortly.isEmpty());
    if (exercise) {
        m_statement->setMarkdown(statementMarkdown(*exercise));
        const QString last = QSettings().value(kLanguageKey).toString();
        for (const Core::ExerciseLanguage &language : exercise->languages)
            m_language->addItem(m_sources.languageNames.value(language.languageId, language.languageId),
                                language.languageId);
        m_language->setCurrentIndex(std::max(0, m_language->findData(last)));
    } else if (shown) {
        const QTreeWidgetItem *item = m_tree->currentItem();
        m_statement->setMarkdown(item->parent() ? QStringLiteral("This exercise cannot be used:\n\n") + item->toolTip(0)
                                                : shown->course.description);
    } else {
        m_statement->clear();
    }
    m_language->setVisible(m_language->count() > 1);
    m_open->setEnabled(exercise != nullptr);
    m_reset->setEnabled(exercise != nullptr);
}

bool ExercisesPane::select(const QString &courseId, const QString &exerciseId)
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, kCourseRole).toString() == courseId
            && (*it)->data(0, kExerciseRole).toString() == exerciseId) {
            m_tree->setCurrentItem(*it);
            return true;
        }
    }
    return false;
}

std::optional<OpenExercise> ExercisesPane::selectedExercise() const
{
    const auto [shown, exercise] = selection();
    if (!exercise || m_language->currentIndex() < 0)
        return std::nullopt;
    return OpenExercise{shown->course, exercise->id, m_language->currentData().toString(), {}};
}

void ExercisesPane::openSelected()
{
    std::optional<OpenExercise> chosen = selectedExercise();
    if (!chosen)
        return;
    const Core::LearnerFiles files(m_learnerFolder);
    const quint64 ticket = ++m_openTicket;
    runInBackground<std::expected<QString, QString>>(
        this,
        [files, chosen] {
            return files.ensure(chosen->course, *chosen->exercise(), *chosen->exercise()->language(chosen->languageId));
        },
        [this, chosen, ticket](const std::expected<QString, QString> &path) {
            if (ticket != m_openTicket)
                return; // the learner chose another exercise meanwhile: that one opens
            if (!path) {
                Q_EMIT message(path.error());
                return;
            }
            OpenExercise opened = *chosen;
            opened.learnerFile = *path;
            Q_EMIT exerciseOpened(opened);
        });
}

void ExercisesPane::resetSelected()
{
    std::optional<OpenExercise> chosen = selectedExercise();
    if (!chosen)
        return;
    const Core::LearnerFiles files(m_learnerFolder);
    const Core::ExerciseLanguage &language = *chosen->exercise()->language(chosen->languageId);
    chosen->learnerFile = files.pathFor(chosen->course, *chosen->exercise(), language);
    const auto answer = QMessageBox::question(
        this, QStringLiteral("Reset to Starter"),
        QStringLiteral("Replace your file %1 with the exercise's starter code?\n\nYour text is not lost: it is kept "
                       "beside the file, and Edit › Undo brings it back.")
            .arg(QFileInfo(chosen->learnerFile).fileName()),
        QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Reset)
        return;
    runInBackground<ResetDone>(
        this, [files, chosen, language] { return resetFile(files, chosen->course, *chosen->exercise(), language); },
        [this, chosen](const ResetDone &done) {
            if (!done.starter)
                Q_EMIT message(QStringLiteral("The file could not be reset: %1").arg(done.starter.error()));
            else
                Q_EMIT starterRestored(*chosen, *done.starter, done.keptCopy);
        });
}

} // namespace Sandpit::Ui
