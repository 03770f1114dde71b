#include "judge/JudgeConfigReader.h"

#include "judge/JudgeProbeReader.h"
#include "probe/BackendSettingsReader.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

void readJudge(JsonFieldReader& reader, JudgeConfig* out)
{
    reader.checkKeys(BackendSettingsReader::keys()
                     << QStringLiteral("name") << QStringLiteral("seed")
                     << QStringLiteral("instructions") << QStringLiteral("require_evidence")
                     << QStringLiteral("structured_output") << QStringLiteral("max_retries"));
    out->name = reader.nonEmptyString("name", Need::Required).value_or(QString()).trimmed();
    BackendSettingsReader::read(reader, JudgeProbeReader::judgeBackendNames(), Need::Required, out);
    if (const auto seed = reader.integer("seed", Need::Optional))
        out->seed = *seed;
    out->instructions = reader.string("instructions", Need::Optional).value_or(QString());
    out->requireEvidence = reader.boolean("require_evidence", Need::Optional).value_or(true);
    out->structuredOutput = reader.boolean("structured_output", Need::Optional).value_or(true);
    if (const auto retries = reader.integer("max_retries", Need::Optional)) {
        if (*retries < 0 || *retries > 2)
            reader.error(QStringLiteral("max_retries"),
                         QStringLiteral("must be 0, 1 or 2: output that still does not validate "
                                        "is recorded as REVIEW_NEEDED, never guessed"));
        else
            out->maxRetries = int(*retries);
    }
}

} // namespace

void JudgeConfigReader::readJudges(JsonFieldReader& top, QList<ProbeProblem>* problems,
                                   QList<JudgeConfig>* out)
{
    const json* judges = top.array("judges", Need::Optional);
    if (!judges) {
        if (!top.has("judges"))
            top.error(
                QStringLiteral("judges"),
                QStringLiteral("missing: name at least one judge, e.g. \"judges\": "
                               "[{\"name\": \"stand-in\", \"backend\": \"stand-in-judge\"}]"));
        return;
    }
    const QString path = top.pathOf(QStringLiteral("judges"));
    if (judges->empty())
        problems->append(
            ProbeProblem::error(path, QStringLiteral("is empty: name at least one judge")));
    JsonUniqueIds names(path);
    for (std::size_t i = 0; i < judges->size(); ++i) {
        const QString judgePath = JsonPath::element(path, qsizetype(i));
        if (!(*judges)[i].is_object()) {
            problems->append(ProbeProblem::error(judgePath, QStringLiteral("must be an object")));
            continue;
        }
        JsonFieldReader reader((*judges)[i], judgePath, problems);
        JudgeConfig config;
        readJudge(reader, &config);
        names.claim(reader, QStringLiteral("name"), config.name, qsizetype(i));
        *out << config;
    }
}

void JudgeConfigReader::readEvidence(JsonFieldReader& top, QList<ProbeProblem>* problems,
                                     EvidencePolicy* out)
{
    const json* object = top.object("evidence", Need::Optional);
    if (!object)
        return;
    JsonFieldReader reader(*object, top.pathOf(QStringLiteral("evidence")), problems);
    reader.checkKeys({QStringLiteral("fuzzy_threshold")});
    if (const auto t = reader.number("fuzzy_threshold", Need::Optional)) {
        if (!(*t >= 50 && *t <= 100))
            reader.error(QStringLiteral("fuzzy_threshold"),
                         QStringLiteral("must be a percentage from 50 to 100"));
        else
            out->fuzzyThreshold = *t;
    }
}

} // namespace pb
