#include "grading/GradingRubric.h"

#include "judge/RubricReader.h"
#include "probe/FileProblems.h"

#include <QSet>
#include <cmath>

namespace pb {

namespace {

QString criterionPath(qsizetype index, const char* field)
{
    return QStringLiteral("criteria[%1].%2").arg(index).arg(QLatin1String(field));
}

} // namespace

QList<int> GradingRubric::levels()
{
    QList<int> out;
    for (int level = Rubric::kLowestLevel; level <= Rubric::kHighestLevel; ++level)
        out << level;
    return out;
}

QList<ProbeProblem> GradingRubric::check(const Rubric& rubric)
{
    QList<ProbeProblem> problems;
    if (rubric.scale != RubricScale::Levels) {
        problems << ProbeProblem::error(QStringLiteral("scale"),
                                        QStringLiteral("grading needs the four-level scale, "
                                                       "not pass/fail"));
    }
    if (rubric.criteria.isEmpty()) {
        problems << ProbeProblem::error(QStringLiteral("criteria"),
                                        QStringLiteral("a rubric needs at least one criterion"));
        return problems;
    }
    QSet<QString> seen;
    double sum = 0.0;
    bool whole = true;
    for (qsizetype i = 0; i < rubric.criteria.size(); ++i) {
        const RubricCriterion& c = rubric.criteria.at(i);
        if (c.id.trimmed().isEmpty())
            problems << ProbeProblem::error(criterionPath(i, "id"), QStringLiteral("is empty"));
        else if (seen.contains(c.id))
            problems << ProbeProblem::error(criterionPath(i, "id"),
                                            QStringLiteral("\"%1\" is used twice").arg(c.id));
        seen.insert(c.id);
        if (!std::isfinite(c.weight) || c.weight < 0 || c.weight > 100 ||
            c.weight != std::floor(c.weight)) {
            problems << ProbeProblem::error(
                criterionPath(i, "weight"),
                QStringLiteral("%1 is not a whole number from 0 to 100").arg(c.weight));
            whole = false;
        }
        sum += c.weight;
        for (int level = Rubric::kLowestLevel; level <= Rubric::kHighestLevel; ++level) {
            if (c.levels.value(level).trimmed().isEmpty())
                problems << ProbeProblem::error(criterionPath(i, "levels.") +
                                                    QString::number(level),
                                                QStringLiteral("missing: every criterion "
                                                               "describes levels 1 to 4"));
        }
        for (auto it = c.levels.cbegin(); it != c.levels.cend(); ++it) {
            if (it.key() < Rubric::kLowestLevel || it.key() > Rubric::kHighestLevel)
                problems << ProbeProblem::error(
                    criterionPath(i, "levels.") + QString::number(it.key()),
                    QStringLiteral("is not a level: the levels are 1 to 4"));
        }
    }
    if (whole && sum != 100.0) {
        problems << ProbeProblem::error(
            QStringLiteral("criteria"),
            QStringLiteral("the weights sum to %1, not 100").arg(qint64(sum)));
    }
    return problems;
}

std::optional<Rubric> GradingRubric::readFile(const QString& path, QString* error)
{
    const RubricLoadResult loaded = RubricReader::readFile(path);
    if (!loaded.ok()) {
        *error = loaded.text();
        return std::nullopt;
    }
    const QList<ProbeProblem> problems = check(*loaded.rubric);
    if (!problems.isEmpty()) {
        *error = FileProblems{loaded.sourceName, problems}.errorText();
        return std::nullopt;
    }
    return loaded.rubric;
}

} // namespace pb
