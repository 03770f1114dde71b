#pragma once

#include "judge/Rubric.h"
#include "probe/ProbeProblem.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <nlohmann/json.hpp>

namespace pb {

// Writes rubrics in the form RubricReader reads back to an equal Rubric: the lab's form
// (id, name, whole-number weight, levels "4" to "1") or the pass/fail form (id, description,
// weights left out when they are the equal weights the reader would give). Whatever the
// rubric holds is written as it is, so an invalid rubric (a missing level, weights not
// summing to 100) reads back with the reader's own message for it.
class RubricWriter
{
public:
    // The rubric as a JSON object; withFormat adds "format": "probebench/rubric@1" (a file
    // has it, a rubric written inline in a judge probe does not need it).
    static nlohmann::ordered_json toObject(const Rubric& rubric, bool withFormat);
    // A rubric file, two-space indented.
    static QByteArray toJson(const Rubric& rubric);
    // Replaces the file atomically, unless it already reads back to this very rubric (then it
    // is left untouched, with its own layout). On failure returns false and says why.
    static bool writeFile(const Rubric& rubric, const QString& path, QString* error);
    // Every problem RubricReader reports for this rubric, by path inside the rubric
    // ("criteria[1].levels[\"3\"]"): the editor shows exactly the reader's messages.
    static QList<ProbeProblem> validate(const Rubric& rubric);
};

} // namespace pb
