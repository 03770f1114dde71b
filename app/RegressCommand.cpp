#include "CliCommands.h"
#include "CliText.h"
#include "GradeJob.h"
#include "grading/GoldenSet.h"

namespace pb::cli {

int regressCommand(const QStringList& args)
{
    const QCommandLineOption rubric(QStringLiteral("rubric"),
                                    QStringLiteral("grade with this rubric (a revision) instead "
                                                   "of the golden set's"),
                                    QStringLiteral("RUBRIC"));
    RunOptions options(QStringLiteral(".golden.json"), QStringLiteral("does not apply"),
                       graderOptions() << rubric);
    options.setCommand(QStringLiteral("regress"), 1);
    if (!options.parse(args, QStringLiteral("give one golden set (probebench regress "
                                            "GOLDEN.golden.json --out DIR)")))
        return ExitBadInput;
    QString error;
    const std::optional<GoldenSet> golden = GoldenSet::readFile(options.probePath(), &error);
    if (!golden) {
        printErr(QStringLiteral("probebench regress: %1\n").arg(error));
        return ExitBadInput;
    }
    const QString rubricPath =
        options.parser().isSet(rubric) ? options.parser().value(rubric) : golden->rubricPath;
    return gradeWith(options, rubricPath, golden->submissionsPath, &*golden);
}

} // namespace pb::cli
