#include "judge/RubricLoadResult.h"

#include "probe/ProbeLoadResult.h"

#include <QStringList>

namespace pb {

bool RubricLoadResult::hasErrors() const
{
    for (const ProbeProblem& p : problems) {
        if (p.isError())
            return true;
    }
    return false;
}

QString RubricLoadResult::text() const
{
    QStringList lines;
    for (const bool errors : {true, false}) {
        for (const ProbeProblem& p : problems) {
            if (p.isError() == errors)
                lines << ProbeLoadResult::render(sourceName, p);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace pb
