#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/RubricLoadResult.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// What loading a judge probe produced: every problem in the probe file and in the rubric
// file it names, each under its own file name, and the document only when neither has an
// error.
struct JudgeProbeLoadResult
{
    QString sourceName; // "library-padding.judge.json"
    std::optional<JudgeProbeDocument> document;
    QList<ProbeProblem> problems;           // in the probe file
    std::optional<RubricLoadResult> rubric; // when the rubric is a separate file

    bool ok() const { return document.has_value(); }
    bool hasErrors() const;
    bool hasWarnings() const;
    // One problem per line, "file: path: message"; errors first, then warnings.
    QString text() const;
    QString errorText() const;
    QString warningText() const;
};

} // namespace pb
