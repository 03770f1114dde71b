#include "metrics/RegexCount.h"

#include "metrics/PythonText.h"

namespace pb {

QRegularExpression regexCountExpression(const QString& pattern)
{
    return QRegularExpression(pattern, QRegularExpression::MultilineOption |
                                           QRegularExpression::UseUnicodePropertiesOption);
}

std::optional<int> countRegexMatches(const QString& pattern, const QString& reply)
{
    const QRegularExpression expression = regexCountExpression(pattern);
    if (!expression.isValid()) {
        return std::nullopt;
    }
    return countRegexMatches(expression, reply);
}

int countRegexMatches(const QRegularExpression& expression, const QString& reply)
{
    int count = 0;
    QRegularExpressionMatchIterator it =
        expression.globalMatch(PythonText::withoutLoneSurrogates(reply));
    while (it.hasNext()) {
        it.next();
        ++count;
    }
    return count;
}

} // namespace pb
