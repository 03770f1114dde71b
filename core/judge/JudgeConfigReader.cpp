#include "judge/JudgeConfigReader.h"

#include "backends/BackendFactory.h"
#include "judge/JudgeProbeReader.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"
#include "probe/ProbeSettingsReader.h"

#include <cmath>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

void readJudge(JsonFieldReader& reader, JudgeConfig* out, QList<ProbeProblem>* problems)
{
    reader.checkKeys({QStringLiteral("name"), QStringLiteral("backend"), QStringLiteral("model"),
                      QStringLiteral("temperature"), QStringLiteral("seed"),
                      QStringLiteral("endpoints"), QStringLiteral("concurrency"),
                      QStringLiteral("timeout_seconds"), QStringLiteral("max_tokens"),
                      QStringLiteral("context_length"), QStringLiteral("keep_alive"),
                      QStringLiteral("api_key_env"), QStringLiteral("instructions"),
                      QStringLiteral("require_evidence"), QStringLiteral("structured_output"),
                      QStringLiteral("max_retries")});
    out->name = reader.nonEmptyString("name", Need::Required).value_or(QString()).trimmed();
    if (const auto backend = reader.string("backend", Need::Required)) {
        if (!JudgeProbeReader::judgeBackendNames().contains(*backend))
            reader.error(QStringLiteral("backend"),
                         QStringLiteral("must be one of %1, not %2")
                             .arg(JudgeProbeReader::judgeBackendNames().join(QStringLiteral(", ")),
                                  quoted(*backend)));
        else
            out->backend = *backend;
    }
    out->model = reader.string("model", Need::Optional).value_or(QString()).trimmed();
    if (out->backend != QLatin1String("stand-in-judge") && reader.has("backend") &&
        out->model.isEmpty())
        reader.error(QStringLiteral("model"),
                     QStringLiteral("missing: the %1 backend needs a model tag").arg(out->backend));
    if (const auto t = reader.number("temperature", Need::Optional)) {
        if (!(*t >= 0) || !std::isfinite(*t))
            reader.error(QStringLiteral("temperature"), QStringLiteral("must be 0 or more"));
        else
            out->temperature = *t;
    }
    if (const auto seed = reader.integer("seed", Need::Optional))
        out->seed = *seed;
    if (const json* endpoints = reader.array("endpoints", Need::Optional)) {
        const QString path = reader.pathOf(QStringLiteral("endpoints"));
        for (std::size_t i = 0; i < endpoints->size(); ++i) {
            const QString elementPath = JsonPath::element(path, qsizetype(i));
            const auto text = JsonFieldReader::asString((*endpoints)[i], elementPath, problems);
            if (!text)
                continue;
            QString error;
            if (!BackendFactory::parseEndpoint(*text, &error))
                problems->append(ProbeProblem::error(elementPath, error));
            else
                out->endpoints << text->trimmed();
        }
    }
    auto positive = [&](const char* key) -> std::optional<int> {
        const auto v = reader.integer(key, Need::Optional);
        if (!v)
            return std::nullopt;
        if (*v < 1 || *v > std::numeric_limits<int>::max()) {
            reader.error(QLatin1String(key), QStringLiteral("must be a whole number of 1 or more"));
            return std::nullopt;
        }
        return int(*v);
    };
    out->concurrency = positive("concurrency").value_or(out->concurrency);
    out->maxTokens = positive("max_tokens");
    out->contextLength = positive("context_length");
    if (const auto timeout = reader.number("timeout_seconds", Need::Optional)) {
        if (!(*timeout > 0))
            reader.error(QStringLiteral("timeout_seconds"), QStringLiteral("must be more than 0"));
        else
            out->timeoutSeconds = *timeout;
    }
    ProbeSettingsReader::readKeepAlive(reader, &out->keepAlive);
    if (const auto keyEnv = reader.string("api_key_env", Need::Optional)) {
        const QString problem = ProbeSettingsReader::apiKeyEnvProblem(*keyEnv);
        if (problem.isEmpty())
            out->apiKeyEnv = *keyEnv;
        else
            reader.error(QStringLiteral("api_key_env"), problem);
    }
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
        readJudge(reader, &config, problems);
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
