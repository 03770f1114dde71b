#include "metrics/JsonFieldMetric.h"

#include "metrics/PythonText.h"
#include "probe/StrictJson.h"

#include <QRegularExpression>

namespace pb {

namespace {

using json = nlohmann::json;

bool isOpeningJsonFence(const QString& line)
{
    static thread_local const QRegularExpression fence(
        QStringLiteral("^[ \\t]*```[ \\t]*json[ \\t]*$"),
        QRegularExpression::CaseInsensitiveOption);
    return fence.match(line).hasMatch();
}

bool isFenceLine(const QString& line)
{
    return line.trimmed().startsWith(QStringLiteral("```"));
}

bool isClosingFence(const QString& line)
{
    return line.trimmed() == QStringLiteral("```");
}

bool isAsciiIndex(const QString& part)
{
    for (const QChar c : part) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9')) {
            return false;
        }
    }
    return !part.isEmpty();
}

const json* walk(const json& root, const QStringList& parts)
{
    const json* node = &root;
    for (const QString& part : parts) {
        if (node->is_object()) {
            const auto it = node->find(part.toStdString());
            if (it == node->end()) {
                return nullptr;
            }
            node = &*it;
        } else if (node->is_array() && isAsciiIndex(part)) {
            bool ok = false;
            const qulonglong index = part.toULongLong(&ok);
            if (!ok || index >= node->size()) {
                return nullptr;
            }
            node = &(*node)[std::size_t(index)];
        } else {
            return nullptr;
        }
    }
    return node;
}

} // namespace

QStringList jsonFieldParts(const QString& field)
{
    const QStringList parts = field.split(QLatin1Char('.'));
    for (const QString& part : parts) {
        if (part.isEmpty()) {
            return {};
        }
    }
    return parts;
}

JsonReplyText jsonTextOfReply(const QString& reply)
{
    const QString whole = reply.trimmed();
    if (StrictJson::parse(whole.toUtf8()).value) {
        return {whole, {}};
    }
    static thread_local const QRegularExpression lineBreak(QStringLiteral("\r\n|\r|\n"));
    const QStringList lines = PythonText::withoutLoneSurrogates(reply).split(lineBreak);
    QStringList blocks;
    bool inside = false;
    bool insideJson = false;
    QStringList current;
    for (const QString& line : lines) {
        if (!inside) {
            if (isFenceLine(line)) {
                inside = true;
                insideJson = isOpeningJsonFence(line);
                current.clear();
            }
            continue;
        }
        if (isClosingFence(line)) {
            if (insideJson) {
                blocks << current.join(QLatin1Char('\n'));
            }
            inside = false;
            continue;
        }
        current << line;
    }
    if (blocks.size() > 1) {
        return {{}, QStringLiteral("several-json-blocks")};
    }
    if (blocks.isEmpty()) {
        return {{}, QStringLiteral("unparsable-json")};
    }
    return {blocks.front(), {}};
}

MetricResult evaluateJsonField(const MetricSpec& spec, const QString& reply)
{
    const JsonReplyText text = jsonTextOfReply(reply);
    if (!text.flag.isEmpty()) {
        return MetricResult::flagged(text.flag);
    }
    const StrictJson::Outcome parsed = StrictJson::parse(text.text.toUtf8());
    if (!parsed.value) {
        return MetricResult::flagged(QStringLiteral("unparsable-json"));
    }
    if (!parsed.duplicateKeys.isEmpty()) {
        return MetricResult::flagged(QStringLiteral("duplicate-key"));
    }
    const QStringList parts = jsonFieldParts(spec.field);
    const json* value = parts.isEmpty() ? nullptr : walk(*parsed.value, parts);
    if (!value) {
        return MetricResult::flagged(QStringLiteral("field-missing"));
    }
    if (spec.categories.isEmpty()) {
        if (!value->is_number()) {
            return MetricResult::flagged(QStringLiteral("not-a-number"));
        }
        return MetricResult::score(value->get<double>());
    }
    QString category;
    if (value->is_string()) {
        category = QString::fromStdString(value->get_ref<const std::string&>());
    } else if (value->is_boolean()) {
        category = value->get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    } else {
        return MetricResult::flagged(QStringLiteral("unknown-category"));
    }
    if (!spec.categories.contains(category)) {
        return MetricResult::flagged(QStringLiteral("unknown-category"));
    }
    return MetricResult::score(category == spec.positive ? 1.0 : 0.0);
}

} // namespace pb
