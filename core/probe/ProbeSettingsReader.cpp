#include "probe/ProbeSettingsReader.h"

#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"

#include <QRegularExpression>
#include <QUrl>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

const QString kPath = QStringLiteral("settings");

std::optional<int> positiveInt(JsonFieldReader& reader, const char* key)
{
    const std::optional<qint64> value = reader.integer(key, Need::Optional);
    if (!value) {
        return std::nullopt;
    }
    if (*value < 1) {
        reader.error(QLatin1String(key), QStringLiteral("must be 1 or more"));
        return std::nullopt;
    }
    if (*value > std::numeric_limits<int>::max()) {
        reader.error(QLatin1String(key), QStringLiteral("is too large"));
        return std::nullopt;
    }
    return int(*value);
}

// The seeds may be one string ("1-20, 31") or a list of numbers and range strings.
void readSeeds(JsonFieldReader& reader, ProbeSettings* out, QList<ProbeProblem>* problems)
{
    const json* value = reader.find("seeds");
    const QString path = reader.pathOf(QStringLiteral("seeds"));
    if (!value || value->is_null()) {
        problems->append(ProbeProblem::error(
            path,
            QStringLiteral("missing: list the seeds every variant runs with, e.g. \"1-20\"")));
        return;
    }
    QString text;
    bool elementsOk = true;
    if (value->is_string()) {
        text = JsonFieldReader::toQString(value->get_ref<const std::string&>());
    } else if (value->is_number_integer()) {
        if (const auto seed = JsonFieldReader::asInteger(*value, path, problems)) {
            text = QString::number(*seed);
        } else {
            return;
        }
    } else if (value->is_array()) {
        QStringList entries;
        for (std::size_t i = 0; i < value->size(); ++i) {
            const json& element = (*value)[i];
            const QString elementPath = JsonPath::element(path, qsizetype(i));
            if (element.is_string()) {
                const QString entry =
                    JsonFieldReader::toQString(element.get_ref<const std::string&>()).trimmed();
                if (entry.isEmpty()) {
                    problems->append(ProbeProblem::error(elementPath, QStringLiteral("is empty")));
                    elementsOk = false;
                } else {
                    entries << entry;
                }
            } else if (element.is_number_integer()) {
                if (const auto seed = JsonFieldReader::asInteger(element, elementPath, problems)) {
                    entries << QString::number(*seed);
                } else {
                    elementsOk = false;
                }
            } else {
                problems->append(ProbeProblem::error(
                    elementPath, QStringLiteral("must be a whole number or a range like \"1-20\", "
                                                "not %1")
                                     .arg(JsonFieldReader::typeName(element))));
                elementsOk = false;
            }
        }
        if (entries.isEmpty() && elementsOk) {
            problems->append(ProbeProblem::error(path, QStringLiteral("is an empty list: give at "
                                                                      "least one seed")));
            return;
        }
        text = entries.join(QStringLiteral(", "));
    } else {
        problems->append(ProbeProblem::error(
            path, QStringLiteral("must be text like \"1-20, 31\" or a list of seeds, not %1")
                      .arg(JsonFieldReader::typeName(*value))));
        return;
    }
    if (text.trimmed().isEmpty() && !elementsOk) {
        return;
    }
    const SeedList::Parsed parsed = SeedList::parse(text);
    for (const QString& error : parsed.errors) {
        problems->append(ProbeProblem::error(path, error));
    }
    if (parsed.ok() && elementsOk) {
        out->seeds = parsed.seeds;
        out->seedsText = text;
    }
}

void readEndpoints(JsonFieldReader& reader, const QString& backend, ProbeSettings* out,
                   QList<ProbeProblem>* problems)
{
    const json* list = reader.array("endpoints", Need::Optional);
    if (!list) {
        return;
    }
    const QString path = reader.pathOf(QStringLiteral("endpoints"));
    QHash<QString, qsizetype> seen;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString elementPath = JsonPath::element(path, qsizetype(i));
        const std::optional<QString> text =
            JsonFieldReader::asString((*list)[i], elementPath, problems);
        if (!text) {
            continue;
        }
        const QUrl url(text->trimmed(), QUrl::StrictMode);
        const QString scheme = url.scheme().toLower();
        if (!url.isValid() ||
            (scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
            url.host().isEmpty()) {
            problems->append(ProbeProblem::error(
                elementPath,
                QStringLiteral("is not a web address like \"http://localhost:11434\"")));
            continue;
        }
        if (!url.password().isEmpty()) {
            problems->append(ProbeProblem::error(
                elementPath, QStringLiteral("contains a password; probe files get shared, so "
                                            "leave credentials out of them")));
            continue;
        }
        QString normal = url.toString(QUrl::NormalizePathSegments);
        while (normal.endsWith(QLatin1Char('/'))) {
            normal.chop(1);
        }
        if (seen.contains(normal)) {
            problems->append(ProbeProblem::error(
                elementPath,
                QStringLiteral("repeats %1").arg(JsonPath::element(path, seen[normal]))));
            continue;
        }
        seen.insert(normal, qsizetype(i));
        out->endpoints << text->trimmed();
    }
    if (backend == QLatin1String("stand-in") && !out->endpoints.isEmpty()) {
        problems->append(
            ProbeProblem::warning(path, QStringLiteral("ignored by the stand-in backend")));
    }
}

} // namespace

QStringList ProbeSettingsReader::backendNames()
{
    return {QStringLiteral("stand-in"), QStringLiteral("ollama"), QStringLiteral("openai")};
}

QStringList ProbeSettingsReader::settingsKeys()
{
    return {QStringLiteral("backend"),         QStringLiteral("model"),
            QStringLiteral("temperature"),     QStringLiteral("seeds"),
            QStringLiteral("system"),          QStringLiteral("system_placement"),
            QStringLiteral("separator"),       QStringLiteral("planted_gap"),
            QStringLiteral("endpoints"),       QStringLiteral("concurrency"),
            QStringLiteral("timeout_seconds"), QStringLiteral("max_tokens"),
            QStringLiteral("context_length"),  QStringLiteral("keep_alive"),
            QStringLiteral("stream"),          QStringLiteral("api_key_env")};
}

QString ProbeSettingsReader::apiKeyEnvProblem(const QString& value)
{
    static const QStringList keyPrefixes = {QStringLiteral("sk-"),  QStringLiteral("sk_"),
                                            QStringLiteral("gsk_"), QStringLiteral("xai-"),
                                            QStringLiteral("hf_"),  QStringLiteral("AIza"),
                                            QStringLiteral("pk-"),  QStringLiteral("Bearer")};
    const QString looksLikeKey = QStringLiteral(
        "looks like an API key itself. Never put a key in a probe file: store it in an "
        "environment variable and write the variable's name here, e.g. \"OPENAI_API_KEY\"");
    if (value.trimmed().isEmpty()) {
        return QStringLiteral("is empty");
    }
    for (const QString& prefix : keyPrefixes) {
        if (value.trimmed().startsWith(prefix)) {
            return looksLikeKey;
        }
    }
    bool hasSpace = false;
    bool hasLower = false;
    bool hasDigit = false;
    for (const QChar c : value) {
        hasSpace = hasSpace || c.isSpace();
        hasLower = hasLower || c.isLower();
        hasDigit = hasDigit || c.isDigit();
    }
    if (hasSpace || (value.size() >= 32 && hasLower && hasDigit)) {
        return looksLikeKey;
    }
    static thread_local const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!name.match(value).hasMatch()) {
        return QStringLiteral("is not an environment variable name (letters, digits and _, "
                              "not starting with a digit), e.g. \"OPENAI_API_KEY\"");
    }
    return {};
}

void ProbeSettingsReader::read(const json* settings, ProbeSettings* out,
                               QList<ProbeProblem>* problems)
{
    if (!settings) {
        return;
    }
    JsonFieldReader reader(*settings, kPath, problems);
    static const QStringList topLevel = {QStringLiteral("metric"),    QStringLiteral("noise_check"),
                                         QStringLiteral("title"),     QStringLiteral("description"),
                                         QStringLiteral("attribute"), QStringLiteral("items"),
                                         QStringLiteral("format")};
    QHash<QString, QString> misplaced;
    for (const QString& key : topLevel) {
        misplaced.insert(key, QStringLiteral("belongs at the top level of the file, next to "
                                             "\"settings\", not inside it"));
    }
    reader.checkKeys(settingsKeys(), misplaced);

    if (const auto backend = reader.string("backend", Need::Optional)) {
        if (backendNames().contains(*backend)) {
            out->backend = *backend;
        } else {
            reader.error(
                QStringLiteral("backend"),
                QStringLiteral("must be one of %1").arg(backendNames().join(QStringLiteral(", "))));
        }
    }
    const bool standIn = out->backend == QLatin1String("stand-in");
    out->model = reader.nonEmptyString("model", standIn ? Need::Optional : Need::Required)
                     .value_or(out->model);

    if (const auto temperature = reader.number("temperature", Need::Optional)) {
        if (*temperature < 0) {
            reader.error(QStringLiteral("temperature"), QStringLiteral("must be 0 or more"));
        } else {
            out->temperature = *temperature;
        }
    }
    readSeeds(reader, out, problems);

    if (const auto system = reader.string("system", Need::Optional)) {
        out->system = *system;
    }
    if (const auto placement = reader.string("system_placement", Need::Optional)) {
        if (const auto parsed = ProbePrompt::placementFromName(*placement)) {
            out->placement = *parsed;
        } else {
            reader.error(QStringLiteral("system_placement"),
                         QStringLiteral("must be one of %1")
                             .arg(ProbePrompt::placementNames().join(QStringLiteral(", "))));
        }
    }
    if (out->placement == SystemPlacement::None && !out->system.isEmpty()) {
        reader.warning(QStringLiteral("system"),
                       QStringLiteral("is not sent, because system_placement is \"none\""));
    }
    if (const auto separator = reader.string("separator", Need::Optional)) {
        out->separator = *separator;
    }
    if (const auto gap = reader.number("planted_gap", Need::Optional)) {
        out->plantedGap = *gap;
        if (!standIn) {
            reader.warning(QStringLiteral("planted_gap"),
                           QStringLiteral("only the stand-in backend uses it"));
        }
    }
    readEndpoints(reader, out->backend, out, problems);
    if (const auto concurrency = positiveInt(reader, "concurrency")) {
        out->concurrency = *concurrency;
    }
    if (const auto timeout = reader.number("timeout_seconds", Need::Optional)) {
        if (*timeout <= 0) {
            reader.error(QStringLiteral("timeout_seconds"), QStringLiteral("must be more than 0"));
        } else {
            out->timeoutSeconds = *timeout;
        }
    }
    out->maxTokens = positiveInt(reader, "max_tokens");
    out->contextLength = positiveInt(reader, "context_length");
    ProbeSettingsReader::readKeepAlive(reader, &out->keepAlive);
    if (const auto stream = reader.boolean("stream", Need::Optional)) {
        out->stream = *stream;
    }
    if (const auto keyEnv = reader.string("api_key_env", Need::Optional)) {
        const QString problem = apiKeyEnvProblem(*keyEnv);
        if (problem.isEmpty()) {
            out->apiKeyEnv = *keyEnv;
        } else {
            reader.error(QStringLiteral("api_key_env"), problem);
        }
    }
}

void ProbeSettingsReader::readKeepAlive(JsonFieldReader& reader, QString* keepAlive)
{
    const json* value = reader.find("keep_alive");
    if (!value || value->is_null()) {
        return;
    }
    if (value->is_number()) {
        *keepAlive = JsonFieldReader::toQString(value->dump());
        return;
    }
    if (!value->is_string()) {
        reader.error(QStringLiteral("keep_alive"),
                     QStringLiteral("must be a duration like \"5m\" or a number of seconds, not %1")
                         .arg(JsonFieldReader::typeName(*value)));
        return;
    }
    static thread_local const QRegularExpression duration(
        QStringLiteral(R"(^[+-]?(?:0|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$)"));
    const QString text = JsonFieldReader::toQString(value->get_ref<const std::string&>());
    if (!duration.match(text).hasMatch()) {
        reader.error(QStringLiteral("keep_alive"),
                     QStringLiteral("must be a duration like \"5m\", \"30s\" or \"1h\" (a number "
                                    "without quotes means seconds)"));
        return;
    }
    *keepAlive = text;
}

} // namespace pb
