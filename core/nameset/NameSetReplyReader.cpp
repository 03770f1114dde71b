#include "nameset/NameSetReplyReader.h"

#include "probe/StrictJson.h"

#include <cmath>

namespace pb {

namespace {

using json = nlohmann::json;

QString number(double value)
{
    return QString::number(value, 'g', 15);
}

QString kindOf(const json& value)
{
    if (value.is_string())
        return QStringLiteral("text");
    if (value.is_number())
        return QStringLiteral("a number");
    if (value.is_array())
        return QStringLiteral("a list");
    if (value.is_object())
        return QStringLiteral("an object");
    if (value.is_boolean())
        return QStringLiteral("true/false");
    return QStringLiteral("null");
}

void requireText(const json& root, const char* key, QStringList* errors)
{
    const auto it = root.find(key);
    if (it == root.end())
        *errors << QStringLiteral("was missing the required field %1").arg(QLatin1String(key));
    else if (!it->is_string())
        *errors << QStringLiteral("gave %1 as %2, not text").arg(QLatin1String(key), kindOf(*it));
}

void requireTextList(const json& root, const char* key, QStringList* errors)
{
    const auto it = root.find(key);
    if (it == root.end()) {
        *errors << QStringLiteral("was missing the required field %1").arg(QLatin1String(key));
        return;
    }
    bool ok = it->is_array();
    for (std::size_t i = 0; ok && i < it->size(); ++i)
        ok = (*it)[i].is_string();
    if (!ok)
        *errors << QStringLiteral("gave %1 as %2, not a list of text")
                       .arg(QLatin1String(key), kindOf(*it));
}

} // namespace

NameSetReading NameSetReading::read(const QString& reply, const DecisionSet& decisions,
                                    const ScoreRange& range)
{
    NameSetReading out;
    const QString trimmed = reply.trimmed();
    const qsizetype open = trimmed.indexOf(QLatin1Char('{'));
    const qsizetype close = trimmed.lastIndexOf(QLatin1Char('}'));
    if (open < 0 || close < open) {
        out.errors << QStringLiteral("was not a JSON object");
        return out;
    }
    if (open > 0 || close < trimmed.size() - 1)
        out.errors << QStringLiteral("had text outside the JSON object; reply with the JSON "
                                     "object only");
    const StrictJson::Outcome parsed =
        StrictJson::parse(trimmed.mid(open, close - open + 1).toUtf8());
    if (!parsed.value || !parsed.value->is_object()) {
        out.errors << QStringLiteral("was not valid JSON (%1)").arg(parsed.syntaxError);
        return out;
    }
    if (!parsed.duplicateKeys.isEmpty())
        out.errors << QStringLiteral("gave %1 more than once")
                          .arg(parsed.duplicateKeys.join(QStringLiteral(", ")));
    const json& root = *parsed.value;

    const auto decision = root.find("decision");
    if (decision == root.end()) {
        out.errors << QStringLiteral("was missing the required field decision");
    } else if (!decision->is_string()) {
        out.errors << QStringLiteral("gave decision as %1, not text").arg(kindOf(*decision));
    } else {
        out.decision = QString::fromStdString(decision->get<std::string>());
        if (!decisions.values.contains(out.decision))
            out.errors << QStringLiteral("gave decision \"%1\", which is not one of: %2")
                              .arg(out.decision, decisions.values.join(QStringLiteral(", ")));
    }
    const auto score = root.find("score");
    if (score == root.end()) {
        out.errors << QStringLiteral("was missing the required field score");
    } else if (!score->is_number()) {
        out.errors << QStringLiteral("gave score as %1, not a number").arg(kindOf(*score));
    } else {
        out.score = score->get<double>();
        if (!std::isfinite(out.score) || !range.contains(out.score))
            out.errors << QStringLiteral("gave score %1, outside the range %2 to %3")
                              .arg(number(out.score), number(range.min), number(range.max));
    }
    requireText(root, "rationale", &out.errors);
    requireTextList(root, "strengths", &out.errors);
    requireTextList(root, "concerns", &out.errors);
    requireText(root, "tone_summary", &out.errors);
    out.valid = out.errors.isEmpty();
    return out;
}

} // namespace pb
