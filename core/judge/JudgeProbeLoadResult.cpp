#include "judge/JudgeProbeLoadResult.h"

#include "probe/ProbeLoadResult.h"

#include <QStringList>

namespace pb {

namespace {

void collect(const QString& source, const QList<ProbeProblem>& problems, bool errors,
             QStringList* lines)
{
    for (const ProbeProblem& p : problems) {
        if (p.isError() == errors)
            *lines << ProbeLoadResult::render(source, p);
    }
}

} // namespace

bool JudgeProbeLoadResult::hasErrors() const
{
    for (const ProbeProblem& p : problems) {
        if (p.isError())
            return true;
    }
    return rubric && rubric->hasErrors();
}

bool JudgeProbeLoadResult::hasWarnings() const
{
    return !warningText().isEmpty();
}

QString JudgeProbeLoadResult::errorText() const
{
    QStringList lines;
    collect(sourceName, problems, true, &lines);
    if (rubric)
        collect(rubric->sourceName, rubric->problems, true, &lines);
    return lines.join(QLatin1Char('\n'));
}

QString JudgeProbeLoadResult::warningText() const
{
    QStringList lines;
    collect(sourceName, problems, false, &lines);
    if (rubric)
        collect(rubric->sourceName, rubric->problems, false, &lines);
    return lines.join(QLatin1Char('\n'));
}

QString JudgeProbeLoadResult::text() const
{
    const QString errors = errorText();
    const QString warnings = warningText();
    if (errors.isEmpty())
        return warnings;
    if (warnings.isEmpty())
        return errors;
    return errors + QLatin1Char('\n') + warnings;
}

} // namespace pb
