#include "probe/BackendSettingsReader.h"

#include "probe/JsonPath.h"

#include <QHash>
#include <QRegularExpression>
#include <QUrl>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

std::optional<int> positiveInt(JsonFieldReader& reader, const char* key)
{
    const std::optional<qint64> value = reader.integer(key, Need::Optional);
    if (!value)
        return std::nullopt;
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

void readEndpoints(JsonFieldReader& reader, BackendSettings* out)
{
    const json* list = reader.array("endpoints", Need::Optional);
    if (!list)
        return;
    QList<ProbeProblem>* problems = reader.problems();
    const QString path = reader.pathOf(QStringLiteral("endpoints"));
    QHash<QString, qsizetype> seen;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString elementPath = JsonPath::element(path, qsizetype(i));
        const std::optional<QString> text =
            JsonFieldReader::asString((*list)[i], elementPath, problems);
        if (!text)
            continue;
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
        while (normal.endsWith(QLatin1Char('/')))
            normal.chop(1);
        if (seen.contains(normal)) {
            problems->append(ProbeProblem::error(
                elementPath,
                QStringLiteral("repeats %1").arg(JsonPath::element(path, seen[normal]))));
            continue;
        }
        seen.insert(normal, qsizetype(i));
        out->endpoints << text->trimmed();
    }
    if (out->isStandIn() && !out->endpoints.isEmpty())
        problems->append(ProbeProblem::warning(
            path, QStringLiteral("ignored by the %1 backend").arg(out->backend)));
}

// Both prices or neither: a cost from one of them would be half a cost.
void readPrices(JsonFieldReader& reader, BackendSettings* out)
{
    constexpr double kMostPerMillion = TokenPrices::kMostPerMillion;
    auto price = [&reader](const char* key) -> std::optional<double> {
        const std::optional<double> value = reader.number(key, Need::Optional);
        if (value && !(*value >= 0.0 && *value <= kMostPerMillion)) {
            reader.error(QLatin1String(key),
                         QStringLiteral("must be between 0 and %1 (a price per million tokens)")
                             .arg(kMostPerMillion));
            return std::nullopt;
        }
        return value;
    };
    const std::optional<double> input = price("price_per_million_input");
    const std::optional<double> output = price("price_per_million_output");
    if (input && output)
        out->prices = TokenPrices{*input, *output};
    else if (input || output)
        reader.error(QLatin1String(input ? "price_per_million_output" : "price_per_million_input"),
                     QStringLiteral("is missing: give both prices, per million input and per "
                                    "million output tokens, or neither"));
}

// Ollama takes a number of seconds or a Go duration string ("5m", "1h30m").
void readKeepAlive(JsonFieldReader& reader, QString* keepAlive)
{
    const json* value = reader.find("keep_alive");
    if (!value || value->is_null())
        return;
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

} // namespace

QStringList BackendSettingsReader::keys()
{
    return {QStringLiteral("backend"),
            QStringLiteral("model"),
            QStringLiteral("temperature"),
            QStringLiteral("endpoints"),
            QStringLiteral("concurrency"),
            QStringLiteral("timeout_seconds"),
            QStringLiteral("max_tokens"),
            QStringLiteral("context_length"),
            QStringLiteral("keep_alive"),
            QStringLiteral("api_key_env"),
            QStringLiteral("price_per_million_input"),
            QStringLiteral("price_per_million_output")};
}

void BackendSettingsReader::read(JsonFieldReader& reader, const QStringList& backendNames,
                                 Need backendNeed, BackendSettings* out)
{
    if (const auto backend = reader.string("backend", backendNeed)) {
        if (backendNames.contains(*backend))
            out->backend = *backend;
        else
            reader.error(QStringLiteral("backend"),
                         QStringLiteral("must be one of %1, not \"%2\"")
                             .arg(backendNames.join(QStringLiteral(", ")), *backend));
    }
    if (const auto model =
            reader.nonEmptyString("model", out->isStandIn() ? Need::Optional : Need::Required))
        out->model = model->trimmed();
    if (const auto temperature = reader.number("temperature", Need::Optional)) {
        if (*temperature < 0)
            reader.error(QStringLiteral("temperature"), QStringLiteral("must be 0 or more"));
        else
            out->temperature = *temperature;
    }
    readEndpoints(reader, out);
    if (const auto concurrency = positiveInt(reader, "concurrency"))
        out->concurrency = *concurrency;
    if (const auto timeout = reader.number("timeout_seconds", Need::Optional)) {
        if (*timeout <= 0)
            reader.error(QStringLiteral("timeout_seconds"), QStringLiteral("must be more than 0"));
        else
            out->timeoutSeconds = *timeout;
    }
    out->maxTokens = positiveInt(reader, "max_tokens");
    out->contextLength = positiveInt(reader, "context_length");
    readKeepAlive(reader, &out->keepAlive);
    readPrices(reader, out);
    if (const auto keyEnv = reader.string("api_key_env", Need::Optional)) {
        const QString problem = apiKeyEnvProblem(*keyEnv);
        if (problem.isEmpty())
            out->apiKeyEnv = *keyEnv;
        else
            reader.error(QStringLiteral("api_key_env"), problem);
    }
}

QString BackendSettingsReader::apiKeyEnvProblem(const QString& value)
{
    static const QStringList keyPrefixes = {QStringLiteral("sk-"),  QStringLiteral("sk_"),
                                            QStringLiteral("gsk_"), QStringLiteral("xai-"),
                                            QStringLiteral("hf_"),  QStringLiteral("AIza"),
                                            QStringLiteral("pk-"),  QStringLiteral("Bearer")};
    const QString looksLikeKey = QStringLiteral(
        "looks like an API key itself. Never put a key in a probe file: store it in an "
        "environment variable and write the variable's name here, e.g. \"OPENAI_API_KEY\"");
    if (value.trimmed().isEmpty())
        return QStringLiteral("is empty");
    for (const QString& prefix : keyPrefixes) {
        if (value.trimmed().startsWith(prefix))
            return looksLikeKey;
    }
    bool hasSpace = false;
    bool hasLower = false;
    bool hasDigit = false;
    for (const QChar c : value) {
        hasSpace = hasSpace || c.isSpace();
        hasLower = hasLower || c.isLower();
        hasDigit = hasDigit || c.isDigit();
    }
    if (hasSpace || (value.size() >= 32 && hasLower && hasDigit))
        return looksLikeKey;
    static thread_local const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!name.match(value).hasMatch())
        return QStringLiteral("is not an environment variable name (letters, digits and _, "
                              "not starting with a digit), e.g. \"OPENAI_API_KEY\"");
    return {};
}

} // namespace pb
