#include "judge/JudgeReplyReader.h"

#include "judge/JudgeSchema.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/StrictJson.h"

#include <QHash>
#include <QRegularExpression>

namespace pb {

namespace {

using json = nlohmann::json;

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString shown(const json& value)
{
    QString text = JsonFieldReader::toQString(value.dump());
    if (text.size() > 40)
        text = text.left(40) + QStringLiteral("...");
    return text;
}

// A model often wraps JSON in one Markdown fence; taking the inside of a single fence that
// is the whole reply changes no content, so it is not a guess.
QString unfenced(const QString& raw)
{
    static const QRegularExpression fence(
        QStringLiteral("^```[A-Za-z]*[ \\t]*\\r?\\n(.*)\\r?\\n?```$"),
        QRegularExpression::DotMatchesEverythingOption);
    const QString trimmed = raw.trimmed();
    const QRegularExpressionMatch m = fence.match(trimmed);
    if (m.hasMatch() && !m.captured(1).contains(QStringLiteral("```")))
        return m.captured(1);
    return trimmed;
}

std::optional<int> verdictOf(const json& value, const Rubric& rubric, bool pairwise)
{
    if (pairwise) {
        if (value == "A")
            return 0;
        if (value == "B")
            return 1;
        return std::nullopt;
    }
    if (rubric.scale == RubricScale::PassFail) {
        if (!value.is_string())
            return std::nullopt;
        return rubric.verdictFromText(
            JsonFieldReader::toQString(value.get_ref<const std::string&>()));
    }
    if (!value.is_number_integer())
        return std::nullopt;
    const qint64 level = value.get<qint64>();
    if (level < Rubric::kLowestLevel || level > Rubric::kHighestLevel)
        return std::nullopt;
    return int(level);
}

} // namespace

JudgeReplyReading JudgeReplyReader::read(const QString& raw, const Rubric& rubric, bool pairwise,
                                         bool requireEvidence)
{
    JudgeReplyReading reading;
    QStringList& errors = reading.errors;
    const QString text = unfenced(raw);
    if (text.isEmpty()) {
        errors << QStringLiteral("the reply is empty, not a JSON object");
        return reading;
    }
    const StrictJson::Outcome outcome = StrictJson::parse(text.toUtf8());
    if (!outcome.value) {
        errors << QStringLiteral("the reply is not JSON (line %1, column %2: %3)")
                      .arg(outcome.line)
                      .arg(outcome.column)
                      .arg(outcome.syntaxError);
        return reading;
    }
    for (const QString& key : outcome.duplicateKeys)
        errors << QStringLiteral("%1: is given more than once").arg(key);
    const json& root = *outcome.value;
    if (!root.is_object()) {
        errors << QStringLiteral("the reply must be a JSON object {\"criteria\": [...]}, not %1")
                      .arg(JsonFieldReader::typeName(root));
        return reading;
    }
    const auto list = root.find("criteria");
    if (list == root.end()) {
        errors << QStringLiteral("criteria: missing");
        return reading;
    }
    if (!list->is_array()) {
        errors << QStringLiteral("criteria: must be a list, not %1")
                      .arg(JsonFieldReader::typeName(*list));
        return reading;
    }
    const QString key = JudgeSchema::verdictKey(rubric, pairwise);
    const std::string keyUtf8 = key.toStdString();
    QHash<QString, CriterionAnswer> found;
    QHash<QString, qsizetype> firstUse;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString path = JsonPath::element(QStringLiteral("criteria"), qsizetype(i));
        const json& entry = (*list)[i];
        if (!entry.is_object()) {
            errors << QStringLiteral("%1: must be an object, not %2")
                          .arg(path, JsonFieldReader::typeName(entry));
            continue;
        }
        CriterionAnswer answer;
        bool ok = true;
        const auto id = entry.find("id");
        if (id == entry.end() || !id->is_string()) {
            errors << QStringLiteral("%1.id: missing or not text").arg(path);
            ok = false;
        } else {
            answer.id = JsonFieldReader::toQString(id->get_ref<const std::string&>());
            if (!rubric.criterion(answer.id)) {
                errors << QStringLiteral("%1.id: %2 is not a criterion of the rubric (%3)")
                              .arg(path, quoted(answer.id),
                                   rubric.ids().join(QStringLiteral(", ")));
                ok = false;
            } else if (firstUse.contains(answer.id)) {
                errors << QStringLiteral("%1.id: repeats %2 (also at criteria[%3])")
                              .arg(path, answer.id)
                              .arg(firstUse.value(answer.id));
                ok = false;
            } else {
                firstUse.insert(answer.id, qsizetype(i));
            }
        }
        const auto verdict = entry.find(keyUtf8);
        if (verdict == entry.end()) {
            errors << QStringLiteral("%1.%2: missing").arg(path, key);
            ok = false;
        } else if (const auto value = verdictOf(*verdict, rubric, pairwise)) {
            answer.value = *value;
        } else {
            const bool outOfRange =
                !pairwise && rubric.scale == RubricScale::Levels && verdict->is_number_integer();
            if (outOfRange)
                errors
                    << QStringLiteral("%1.%2: %3 is outside 1-4").arg(path, key, shown(*verdict));
            else
                errors << QStringLiteral("%1.%2: %3 is not %4")
                              .arg(path, key, shown(*verdict),
                                   JudgeSchema::verdictChoices(rubric, pairwise));
            ok = false;
        }
        const auto evidence = entry.find("evidence");
        if (evidence != entry.end() && !evidence->is_null()) {
            if (!evidence->is_string()) {
                errors << QStringLiteral("%1.evidence: must be text, not %2")
                              .arg(path, JsonFieldReader::typeName(*evidence));
                ok = false;
            } else {
                answer.evidence =
                    JsonFieldReader::toQString(evidence->get_ref<const std::string&>());
            }
        } else if (requireEvidence) {
            errors << QStringLiteral("%1.evidence: missing (a verbatim quote, or \"\" when no "
                                     "span is relevant)")
                          .arg(path);
            ok = false;
        }
        if (ok)
            found.insert(answer.id, answer);
    }
    QStringList missing;
    for (const RubricCriterion& c : rubric.criteria) {
        if (!firstUse.contains(c.id))
            missing << c.id;
    }
    if (!missing.isEmpty())
        errors << QStringLiteral("criteria: no verdict for %1")
                      .arg(missing.join(QStringLiteral(", ")));
    if (!errors.isEmpty())
        return reading;
    for (const RubricCriterion& c : rubric.criteria)
        reading.answers << found.value(c.id);
    reading.valid = true;
    return reading;
}

} // namespace pb
