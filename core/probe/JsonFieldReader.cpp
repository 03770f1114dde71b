#include "probe/JsonFieldReader.h"

#include "probe/JsonPath.h"
#include "probe/StrictJson.h"

#include <algorithm>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;

int editDistance(const QString& a, const QString& b)
{
    QList<int> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j) {
        row[j] = int(j);
    }
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            const int cost = a[i - 1].toLower() == b[j - 1].toLower() ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[b.size()];
}

QString closest(const QString& key, const QStringList& known)
{
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const QString& candidate : known) {
        const int d = editDistance(key, candidate);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    const int allowed = key.size() <= 4 ? 1 : 2;
    return bestDistance <= allowed ? best : QString();
}

QString mustBe(const QString& expected, const json& value)
{
    return QStringLiteral("must be %1, not %2").arg(expected, JsonFieldReader::typeName(value));
}

} // namespace

JsonFieldReader::JsonFieldReader(const json& object, QString path, QList<ProbeProblem>* problems)
    : m_object(object), m_path(std::move(path)), m_problems(problems)
{
}

QString JsonFieldReader::pathOf(const QString& key) const
{
    return JsonPath::member(m_path, key);
}

const json* JsonFieldReader::find(const char* key) const
{
    if (!m_object.is_object()) {
        return nullptr;
    }
    const auto it = m_object.find(key);
    return it == m_object.end() ? nullptr : &*it;
}

bool JsonFieldReader::has(const char* key) const
{
    const json* value = find(key);
    return value && !value->is_null();
}

void JsonFieldReader::error(const QString& key, const QString& message)
{
    m_problems->append(ProbeProblem::error(pathOf(key), message));
}

void JsonFieldReader::warning(const QString& key, const QString& message)
{
    m_problems->append(ProbeProblem::warning(pathOf(key), message));
}

const json* JsonFieldReader::present(const char* key, Need need)
{
    const json* value = find(key);
    if (value && value->is_null() && need == Need::Optional) {
        return nullptr;
    }
    if (!value && need == Need::Required) {
        error(QLatin1String(key), QStringLiteral("missing"));
    }
    return value;
}

std::optional<QString> JsonFieldReader::string(const char* key, Need need)
{
    const json* value = present(key, need);
    return value ? asString(*value, pathOf(QLatin1String(key)), m_problems) : std::nullopt;
}

std::optional<QString> JsonFieldReader::nonEmptyString(const char* key, Need need)
{
    const std::optional<QString> value = string(key, need);
    if (value && value->trimmed().isEmpty()) {
        error(QLatin1String(key), QStringLiteral("is empty"));
        return std::nullopt;
    }
    return value;
}

std::optional<double> JsonFieldReader::number(const char* key, Need need)
{
    const json* value = present(key, need);
    if (!value) {
        return std::nullopt;
    }
    if (!value->is_number()) {
        error(QLatin1String(key), mustBe(QStringLiteral("a number"), *value));
        return std::nullopt;
    }
    return value->get<double>();
}

std::optional<qint64> JsonFieldReader::integer(const char* key, Need need)
{
    const json* value = present(key, need);
    return value ? asInteger(*value, pathOf(QLatin1String(key)), m_problems) : std::nullopt;
}

std::optional<bool> JsonFieldReader::boolean(const char* key, Need need)
{
    const json* value = present(key, need);
    if (!value) {
        return std::nullopt;
    }
    if (!value->is_boolean()) {
        error(QLatin1String(key), mustBe(QStringLiteral("true or false"), *value));
        return std::nullopt;
    }
    return value->get<bool>();
}

const json* JsonFieldReader::object(const char* key, Need need)
{
    const json* value = present(key, need);
    if (value && !value->is_object()) {
        error(QLatin1String(key), mustBe(QStringLiteral("an object { ... }"), *value));
        return nullptr;
    }
    return value;
}

const json* JsonFieldReader::array(const char* key, Need need)
{
    const json* value = present(key, need);
    if (value && !value->is_array()) {
        error(QLatin1String(key), mustBe(QStringLiteral("a list [ ... ]"), *value));
        return nullptr;
    }
    return value;
}

void JsonFieldReader::checkKeys(const QStringList& known, const QHash<QString, QString>& misplaced)
{
    if (!m_object.is_object()) {
        return;
    }
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        const QString key = toQString(it.key());
        if (known.contains(key)) {
            continue;
        }
        if (misplaced.contains(key)) {
            error(key, misplaced.value(key));
            continue;
        }
        const QString suggestion = closest(key, known);
        warning(
            key,
            suggestion.isEmpty()
                ? QStringLiteral("unknown key, ignored")
                : QStringLiteral("unknown key, ignored (did you mean \"%1\"?)").arg(suggestion));
    }
}

std::optional<QString> JsonFieldReader::asString(const json& value, const QString& path,
                                                 QList<ProbeProblem>* problems)
{
    if (!value.is_string()) {
        problems->append(ProbeProblem::error(path, mustBe(QStringLiteral("text"), value)));
        return std::nullopt;
    }
    return toQString(value.get_ref<const std::string&>());
}

std::optional<qint64> JsonFieldReader::asInteger(const json& value, const QString& path,
                                                 QList<ProbeProblem>* problems)
{
    if (value.is_number_unsigned()) {
        const auto u = value.get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<qint64>::max())) {
            problems->append(ProbeProblem::error(path, QStringLiteral("is too large")));
            return std::nullopt;
        }
        return qint64(u);
    }
    if (value.is_number_integer()) {
        return qint64(value.get<std::int64_t>());
    }
    if (value.is_number_float()) {
        problems->append(ProbeProblem::error(path, QStringLiteral("must be a whole number")));
        return std::nullopt;
    }
    problems->append(ProbeProblem::error(path, mustBe(QStringLiteral("a whole number"), value)));
    return std::nullopt;
}

bool JsonFieldReader::hasErrorSince(const QList<ProbeProblem>& problems, qsizetype from)
{
    for (qsizetype i = from; i < problems.size(); ++i) {
        if (problems.at(i).isError()) {
            return true;
        }
    }
    return false;
}

std::optional<nlohmann::json> JsonFieldReader::parseDocument(const QByteArray& bytes,
                                                             QList<ProbeProblem>* problems)
{
    StrictJson::Outcome outcome = StrictJson::parse(bytes);
    if (!outcome.value) {
        ProbeProblem problem = ProbeProblem::error(QString(), outcome.syntaxError);
        problem.line = outcome.line;
        problem.column = outcome.column;
        problems->append(problem);
        return std::nullopt;
    }
    for (const QString& key : outcome.duplicateKeys) {
        problems->append(
            ProbeProblem::error(key, QStringLiteral("is given more than once; keep one")));
    }
    return std::move(outcome.value);
}

std::optional<nlohmann::json> JsonFieldReader::parseObject(const QByteArray& bytes,
                                                           const QString& noun,
                                                           QList<ProbeProblem>* problems)
{
    std::optional<json> root = parseDocument(bytes, problems);
    if (root && !root->is_object()) {
        problems->append(ProbeProblem::error(
            QString(), QStringLiteral("a %1 must hold one JSON object { ... }, not %2")
                           .arg(noun, typeName(*root))));
        return std::nullopt;
    }
    return root;
}

bool JsonFieldReader::requireObject(const json& value, const QString& path, const QString& shape,
                                    QList<ProbeProblem>* problems)
{
    if (value.is_object())
        return true;
    problems->append(ProbeProblem::error(
        path, QStringLiteral("must be an object %1, not %2").arg(shape, typeName(value))));
    return false;
}

QString JsonFieldReader::typeName(const json& value)
{
    switch (value.type()) {
    case json::value_t::null:
        return QStringLiteral("null");
    case json::value_t::boolean:
        return QStringLiteral("true/false");
    case json::value_t::string:
        return QStringLiteral("text");
    case json::value_t::array:
        return QStringLiteral("a list");
    case json::value_t::object:
        return QStringLiteral("an object");
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return QStringLiteral("a number");
    case json::value_t::binary:
    case json::value_t::discarded:
        break;
    }
    return QStringLiteral("an unsupported value");
}

QString JsonFieldReader::toQString(const std::string& utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

} // namespace pb
