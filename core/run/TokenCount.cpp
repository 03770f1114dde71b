#include "run/TokenCount.h"

#include "backends/ReplyFacts.h"

namespace pb {

namespace {

std::optional<qint64> sum(const std::optional<qint64>& a, const std::optional<qint64>& b)
{
    if (!a || !b)
        return std::nullopt;
    return *a + *b;
}

std::optional<qint64> countAt(const QJsonObject& details, const char* ollamaKey,
                              const char* openAiKey)
{
    QJsonValue value = details.value(QLatin1String(ollamaKey));
    if (value.isUndefined())
        value = details.value(QLatin1String(openAiKey));
    const std::optional<qint64> count = ReplyFacts::countOf(value);
    return count ? TokenCount::checked(*count) : std::nullopt;
}

} // namespace

TokenCount TokenCount::plus(const TokenCount& other) const
{
    return {sum(input, other.input), sum(output, other.output)};
}

TokenCount TokenCount::fromFacts(const QJsonObject& details)
{
    return {countAt(details, "prompt_eval_count", "prompt_tokens"),
            countAt(details, "eval_count", "completion_tokens")};
}

std::optional<qint64> TokenCount::checked(qint64 value)
{
    if (value < 0 || value > kMostPerCall)
        return std::nullopt;
    return value;
}

} // namespace pb
