#pragma once

#include "judge/Rubric.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// What batch grading needs of a rubric beyond what any Rubric holds: the lab's four
// observable levels (not pass/fail), at least one criterion, unique non-empty ids, every
// level 1..4 described, and whole-number weights summing to exactly 100, so the weighted
// total is exact integer arithmetic (WeightedTotal). RubricReader already refuses a rubric
// file that breaks these; the check covers a rubric value from anywhere else (an edited
// rubric, a judge probe's pass/fail rubric handed to the grader) before any call is made.
// Problems are named by path as RubricReader names them ("criteria[1].weight").
class GradingRubric
{
public:
    static QList<ProbeProblem> check(const Rubric& rubric);
    // The level set grading and agreement use: 1, 2, 3, 4.
    static QList<int> levels();
    // A rubric file read with RubricReader and then checked: the rubric, or none with *error
    // holding every problem, one a line, each named by file and path.
    static std::optional<Rubric> readFile(const QString& path, QString* error);
};

} // namespace pb
