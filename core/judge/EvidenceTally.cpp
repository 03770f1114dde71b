#include "judge/EvidenceTally.h"

#include "report/NumberText.h"

#include <limits>

namespace pb {

double EvidenceTally::rate() const
{
    return quotes > 0 ? double(hallucinated) / double(quotes)
                      : std::numeric_limits<double>::quiet_NaN();
}

QString EvidenceTally::rateText(int decimals) const
{
    if (quotes == 0)
        return QStringLiteral("no quotes checked");
    return QStringLiteral("%1 of %2 quote%3, %4%")
        .arg(hallucinated)
        .arg(quotes)
        .arg(quotes == 1 ? QString() : QStringLiteral("s"))
        .arg(NumberText::fixed(100.0 * rate(), decimals));
}

EvidenceTally EvidenceTally::plus(const EvidenceTally& other) const
{
    EvidenceTally out = *this;
    out.quotes += other.quotes;
    out.exact += other.exact;
    out.fuzzy += other.fuzzy;
    out.hallucinated += other.hallucinated;
    out.empty += other.empty;
    out.invented += other.invented;
    return out;
}

EvidenceTally EvidenceTally::compute(const QList<JudgedCall>& calls, double fuzzyThreshold)
{
    EvidenceTally out;
    out.fuzzyThreshold = fuzzyThreshold;
    for (const JudgedCall& call : calls) {
        for (const CriterionGrade& g : call.verdict.grades) {
            switch (g.check.match) {
            case EvidenceCheck::Match::None:
                ++out.empty;
                continue;
            case EvidenceCheck::Match::Exact:
                ++out.exact;
                break;
            case EvidenceCheck::Match::Fuzzy:
                ++out.fuzzy;
                break;
            case EvidenceCheck::Match::Hallucinated:
                ++out.hallucinated;
                out.invented << InventedQuote{call.itemId,   call.variantId, call.repeat,
                                              g.criterionId, g.evidence,     g.check.similarity};
                break;
            }
            ++out.quotes;
        }
    }
    return out;
}

} // namespace pb
