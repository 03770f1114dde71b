#include "judge/EvidenceCheck.h"

#include <QList>
#include <algorithm>

namespace pb {

QString EvidenceCheck::normalised(const QString& text)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (QChar c : text) {
        if (c.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        switch (c.unicode()) {
        case 0x2018:
        case 0x2019:
        case 0x201b:
            c = QLatin1Char('\'');
            break;
        case 0x201c:
        case 0x201d:
        case 0x201f:
            c = QLatin1Char('"');
            break;
        default:
            break;
        }
        if (space) {
            out += QLatin1Char(' ');
            space = false;
        }
        out += c.toCaseFolded();
    }
    return out;
}

double EvidenceCheck::bestSimilarity(const QString& quoteText, const QString& text)
{
    const QString quote = normalised(quoteText);
    const QString source = normalised(text);
    if (quote.isEmpty())
        return 0.0;
    // Sellers' algorithm: edit distance of the quote against the best substring of the
    // source (a free start and end in the source), one row per quote character.
    const qsizetype m = quote.size();
    const qsizetype n = source.size();
    QList<int> previous(n + 1, 0);
    QList<int> current(n + 1, 0);
    for (qsizetype i = 1; i <= m; ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= n; ++j) {
            const int cost = quote.at(i - 1) == source.at(j - 1) ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
        }
        std::swap(previous, current);
    }
    const int best = n == 0 ? int(m) : *std::min_element(previous.begin(), previous.end());
    return std::max(0.0, 100.0 * (1.0 - double(best) / double(m)));
}

EvidenceCheck::Result EvidenceCheck::check(const QString& quote, const QStringList& sources,
                                           double fuzzyThreshold)
{
    Result result;
    const QString q = normalised(quote);
    if (q.isEmpty() || q == QLatin1String("n/a"))
        return result;
    for (qsizetype i = 0; i < sources.size(); ++i) {
        if (normalised(sources.at(i)).contains(q)) {
            result.match = Match::Exact;
            result.similarity = 100.0;
            result.source = int(i);
            return result;
        }
    }
    for (qsizetype i = 0; i < sources.size(); ++i) {
        // A quote longer than the source needs at least (m - n) deletions, which caps its
        // similarity at 100 n / m; past the threshold no alignment is worth computing.
        const double m = double(q.size());
        const double n = double(normalised(sources.at(i)).size());
        const double s = m > n && 100.0 * n / m < fuzzyThreshold
                             ? 100.0 * n / m
                             : bestSimilarity(quote, sources.at(i));
        if (s > result.similarity || result.source < 0) {
            result.similarity = s;
            result.source = int(i);
        }
    }
    result.match = result.similarity >= fuzzyThreshold ? Match::Fuzzy : Match::Hallucinated;
    return result;
}

QString EvidenceCheck::matchName(Match match)
{
    switch (match) {
    case Match::Exact:
        return QStringLiteral("exact");
    case Match::Fuzzy:
        return QStringLiteral("fuzzy");
    case Match::Hallucinated:
        return QStringLiteral("hallucinated");
    case Match::None:
        break;
    }
    return QStringLiteral("none");
}

} // namespace pb
