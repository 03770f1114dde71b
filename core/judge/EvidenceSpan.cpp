#include "judge/EvidenceSpan.h"

#include "judge/EvidenceCheck.h"

#include <QList>
#include <algorithm>

namespace pb {

namespace {

// For each character of EvidenceCheck::normalised(text), the index in text it stands for.
// Walking text alongside the normalised form (rather than normalising again here) keeps the
// comparison rules in one place: a non-space character maps to exactly one normalised
// character, and a whitespace run inside the text to one space.
QList<int> originalPositions(const QString& text, const QString& normal)
{
    QList<int> at;
    at.reserve(normal.size());
    qsizetype k = 0;
    qsizetype i = 0;
    while (i < text.size() && k < normal.size()) {
        if (text.at(i).isSpace()) {
            if (k > 0 && normal.at(k) == QLatin1Char(' ')) {
                at << int(i);
                ++k;
            }
            while (i < text.size() && text.at(i).isSpace())
                ++i;
            continue;
        }
        at << int(i);
        ++i;
        ++k;
    }
    return at;
}

std::optional<EvidenceSpan> mapBack(const QList<int>& at, qsizetype start, qsizetype end,
                                    bool exact, double similarity)
{
    if (start >= end || end > at.size())
        return std::nullopt;
    EvidenceSpan span;
    span.start = at.at(start);
    span.length = at.at(end - 1) + 1 - span.start;
    span.exact = exact;
    span.similarity = similarity;
    return span;
}

} // namespace

std::optional<EvidenceSpan> EvidenceSpan::locate(const QString& quoteText, const QString& source)
{
    const QString quote = EvidenceCheck::normalised(quoteText);
    const QString text = EvidenceCheck::normalised(source);
    if (quote.isEmpty() || quote == QLatin1String("n/a") || text.isEmpty())
        return std::nullopt;
    const QList<int> at = originalPositions(source, text);
    const qsizetype found = text.indexOf(quote);
    if (found >= 0)
        return mapBack(at, found, found + quote.size(), true, 100.0);

    // EvidenceCheck::bestSimilarity's alignment (Sellers: free start and end in the source),
    // carrying along where in the source each cell's best alignment starts.
    const qsizetype m = quote.size();
    const qsizetype n = text.size();
    QList<int> previous(n + 1, 0);
    QList<int> current(n + 1, 0);
    QList<qsizetype> previousStart(n + 1, 0);
    QList<qsizetype> currentStart(n + 1, 0);
    for (qsizetype j = 0; j <= n; ++j)
        previousStart[j] = j;
    for (qsizetype i = 1; i <= m; ++i) {
        current[0] = int(i);
        currentStart[0] = 0;
        for (qsizetype j = 1; j <= n; ++j) {
            const int cost = quote.at(i - 1) == text.at(j - 1) ? 0 : 1;
            const int diagonal = previous[j - 1] + cost;
            const int skipQuote = previous[j] + 1;
            const int skipSource = current[j - 1] + 1;
            if (diagonal <= skipQuote && diagonal <= skipSource) {
                current[j] = diagonal;
                currentStart[j] = previousStart[j - 1];
            } else if (skipQuote <= skipSource) {
                current[j] = skipQuote;
                currentStart[j] = previousStart[j];
            } else {
                current[j] = skipSource;
                currentStart[j] = currentStart[j - 1];
            }
        }
        std::swap(previous, current);
        std::swap(previousStart, currentStart);
    }
    const auto best = std::min_element(previous.begin(), previous.end());
    qsizetype end = best - previous.begin();
    qsizetype start = previousStart[end];
    const double similarity = std::max(0.0, 100.0 * (1.0 - double(*best) / double(m)));
    // A stretch that begins or ends on a collapsed space marks nothing worth showing.
    while (start < end && text.at(start) == QLatin1Char(' '))
        ++start;
    while (end > start && text.at(end - 1) == QLatin1Char(' '))
        --end;
    return mapBack(at, start, end, false, similarity);
}

} // namespace pb
