#include "judge/JudgeVerdict.h"

namespace pb {

QString CriterionGrade::flag() const
{
    return hallucinated() ? QLatin1String(kHallucinated) : QString();
}

const CriterionGrade* JudgeVerdict::grade(const QString& criterionId) const
{
    for (const CriterionGrade& g : grades) {
        if (g.criterionId == criterionId)
            return &g;
    }
    return nullptr;
}

std::optional<int> JudgeVerdict::value(const QString& criterionId) const
{
    const CriterionGrade* g = grade(criterionId);
    return g ? g->value() : std::nullopt;
}

QStringList JudgeVerdict::flags() const
{
    QStringList out;
    if (outcome == JudgeOutcome::Failed)
        out << QStringLiteral("FAILED");
    if (outcome == JudgeOutcome::ReviewNeeded)
        out << QLatin1String(kReviewNeeded);
    for (const CriterionGrade& g : grades) {
        if (g.hallucinated())
            out << QLatin1String(CriterionGrade::kHallucinated) + QLatin1Char(':') + g.criterionId;
    }
    return out;
}

int JudgeVerdict::hallucinatedCount() const
{
    int n = 0;
    for (const CriterionGrade& g : grades)
        n += g.hallucinated() ? 1 : 0;
    return n;
}

JudgeVerdict JudgeVerdict::scored(const JudgeReplyReading& reading, const QString& raw, int tries,
                                  const Rubric& rubric, const JudgeVariant& variant, bool pairwise,
                                  bool requireEvidence, const EvidencePolicy& policy)
{
    if (!reading.valid)
        return reviewNeeded(raw, reading.errors, tries);
    JudgeVerdict v;
    v.outcome = JudgeOutcome::Scored;
    v.rawOutput = raw;
    v.tries = tries;
    const QStringList sources = variant.evidenceSources(pairwise);
    bool allScored = true;
    double total = 0.0;
    for (const CriterionAnswer& answer : reading.answers) {
        CriterionGrade g;
        g.criterionId = answer.id;
        g.evidence = answer.evidence;
        g.evidenceRequired = requireEvidence;
        if (pairwise) {
            g.position = answer.value;
            // Response A is the second answer when the pair is shown swapped.
            g.reported = variant.swapped ? 1 - answer.value : answer.value;
        } else {
            g.reported = answer.value;
        }
        // A quote is checked whenever one is given, required or not: an invented span is
        // a fact about the judge either way.
        g.check = EvidenceCheck::check(answer.evidence, sources, policy.fuzzyThreshold);
        if (g.scored() && !pairwise) {
            if (const RubricCriterion* c = rubric.criterion(answer.id))
                total += rubric.weightedPoints(*c, *g.reported);
        }
        allScored = allScored && g.scored();
        v.grades << g;
    }
    if (allScored && !pairwise)
        v.weightedTotal = total;
    return v;
}

JudgeVerdict JudgeVerdict::reviewNeeded(const QString& raw, const QStringList& errors, int tries)
{
    JudgeVerdict v;
    v.outcome = JudgeOutcome::ReviewNeeded;
    v.rawOutput = raw;
    v.validationErrors = errors;
    v.tries = tries;
    return v;
}

JudgeVerdict JudgeVerdict::failed(const QString& error)
{
    JudgeVerdict v;
    v.outcome = JudgeOutcome::Failed;
    v.error = error;
    return v;
}

QString JudgeVerdict::outcomeName(JudgeOutcome outcome)
{
    switch (outcome) {
    case JudgeOutcome::Scored:
        return QStringLiteral("scored");
    case JudgeOutcome::ReviewNeeded:
        return QStringLiteral("review-needed");
    case JudgeOutcome::Failed:
        break;
    }
    return QStringLiteral("failed");
}

} // namespace pb
