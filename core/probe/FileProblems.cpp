#include "probe/FileProblems.h"

#include <QStringList>

namespace pb {

namespace {

// One problem per line, whatever text a message quotes from the file.
QString oneLine(QString text)
{
    text.replace(QLatin1Char('\r'), QStringLiteral("\\r"));
    text.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return text;
}

QString renderAll(const QString& sourceName, const QList<ProbeProblem>& problems)
{
    QStringList lines;
    lines.reserve(problems.size());
    for (const ProbeProblem& problem : problems) {
        lines << FileProblems::render(sourceName, problem);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

bool FileProblems::hasErrors() const
{
    for (const ProbeProblem& problem : problems) {
        if (problem.isError()) {
            return true;
        }
    }
    return false;
}

QList<ProbeProblem> FileProblems::errors() const
{
    QList<ProbeProblem> out;
    for (const ProbeProblem& problem : problems) {
        if (problem.isError()) {
            out << problem;
        }
    }
    return out;
}

QList<ProbeProblem> FileProblems::warnings() const
{
    QList<ProbeProblem> out;
    for (const ProbeProblem& problem : problems) {
        if (!problem.isError()) {
            out << problem;
        }
    }
    return out;
}

QString FileProblems::errorText() const
{
    return renderAll(sourceName, errors());
}

QString FileProblems::warningText() const
{
    return renderAll(sourceName, warnings());
}

QString FileProblems::text() const
{
    return renderAll(sourceName, errors() + warnings());
}

QString FileProblems::render(const QString& sourceName, const ProbeProblem& problem)
{
    QString where = sourceName;
    if (problem.line > 0) {
        where += QLatin1Char(':') + QString::number(problem.line) + QLatin1Char(':') +
                 QString::number(problem.column);
    } else if (!problem.path.isEmpty()) {
        where += QStringLiteral(": ") + problem.path;
    }
    const QString severity = problem.isError() ? QString() : QStringLiteral("warning: ");
    return oneLine(where + QStringLiteral(": ") + severity + problem.message);
}

} // namespace pb
