#include "grading/GradingSettings.h"

#include "judge/JudgeConfigReader.h"
#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"

#include <QFileInfo>

namespace pb {

void GradingSettings::readJudgeAndEvidence(JsonFieldReader& top, QList<ProbeProblem>* problems,
                                           JudgeConfig* judge, EvidencePolicy* evidence)
{
    QList<JudgeConfig> judges;
    JudgeConfigReader::readJudges(top, problems, &judges);
    if (judges.size() > 1)
        top.error(QStringLiteral("judges"),
                  QStringLiteral("grading takes one judge, not %1").arg(judges.size()));
    if (!judges.isEmpty())
        *judge = judges.constFirst();
    JudgeConfigReader::readEvidence(top, problems, evidence);
}

std::optional<GradingSettings> GradingSettings::parse(const QByteArray& bytes,
                                                      const QString& sourceName, QString* error)
{
    QList<ProbeProblem> problems;
    const std::optional<nlohmann::json> root = JsonFieldReader::parseDocument(bytes, &problems);
    GradingSettings out;
    if (root) {
        JsonFieldReader top(*root, QString(), &problems);
        if (FileFormat::check(top, QLatin1String(kKind), 1, QStringLiteral("grading settings"))) {
            top.checkKeys(
                {QStringLiteral("format"), QStringLiteral("judges"), QStringLiteral("evidence")});
            GradingSettings::readJudgeAndEvidence(top, &problems, &out.judge, &out.evidence);
        }
    }
    const FileProblems found{sourceName, problems};
    if (!root || found.hasErrors()) {
        *error = found.errorText();
        return std::nullopt;
    }
    out.warnings = found.warningText();
    return out;
}

std::optional<GradingSettings> GradingSettings::readFile(const QString& path, QString* error)
{
    const QString name = QFileInfo(path).fileName();
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("grading settings"), &problem);
    if (!bytes) {
        *error = FileProblems{name, {problem}}.errorText();
        return std::nullopt;
    }
    return parse(*bytes, name, error);
}

} // namespace pb
