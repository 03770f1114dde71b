#include "grading/GradeRow.h"

namespace pb {

GradeRow GradeRow::emptyFile(const QString& filename, const Rubric& rubric)
{
    GradeRow row;
    row.filename = filename;
    row.flags << QLatin1String(kEmptyFile);
    row.cells = QList<GradeCell>(rubric.criteria.size());
    return row;
}

GradeRow GradeRow::fromVerdict(const QString& filename, const Rubric& rubric,
                               const JudgeVerdict& verdict)
{
    GradeRow row;
    row.filename = filename;
    row.flags = verdict.flags();
    QList<std::optional<int>> levels;
    for (const RubricCriterion& c : rubric.criteria) {
        GradeCell cell;
        if (const CriterionGrade* g = verdict.grade(c.id)) {
            cell.level = g->value();
            cell.evidence = g->evidence;
            cell.match = g->check.match;
        }
        levels << cell.level;
        row.cells << cell;
    }
    if (verdict.outcome == JudgeOutcome::Scored)
        row.total = WeightedTotal::of(rubric, levels);
    return row;
}

bool GradeRow::isEmptySubmission(const QString& text)
{
    return text.trimmed().isEmpty();
}

} // namespace pb
