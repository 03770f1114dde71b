#pragma once

#include "judge/Rubric.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// What reading a rubric produced: every problem, named by its path inside the rubric
// ("criteria[1].levels.3: missing"), and the rubric only when none is an error.
struct RubricLoadResult
{
    QString sourceName; // the rubric file's name, or where an inline rubric sits
    std::optional<Rubric> rubric;
    QList<ProbeProblem> problems;

    bool ok() const { return rubric.has_value(); }
    bool hasErrors() const;
    // Errors first, then warnings, one per line, each prefixed with sourceName.
    QString text() const;
};

} // namespace pb
