#pragma once

#include "exercises/exercise.h"

#include <QMetaType>
#include <QString>

namespace Sandpit::Ui {

/// The exercise the learner has open: what the Exercises pane tells the Check pane and the
/// window when the learner opens one.
struct OpenExercise {
    Core::Course course;
    QString exerciseId;
    QString languageId;
    QString learnerFile; ///< absolute: the learner's own file for it, open in the editor

    const Core::Exercise *exercise() const { return course.exercise(exerciseId); }
    bool isValid() const { return exercise() != nullptr; }
};

} // namespace Sandpit::Ui

Q_DECLARE_METATYPE(Sandpit::Ui::OpenExercise)
