#include "judge/JudgeConsoleText.h"

#include "report/NumberText.h"

#include <QStringList>
#include <cstdlib>

namespace pb {

namespace {

bool isPairwiseProperty(const QString& property)
{
    return property == QLatin1String("position");
}

QString signedInt(int value)
{
    return (value >= 0 ? QStringLiteral("+") : QStringLiteral("-")) +
           QString::number(std::abs(value));
}

QString plural(int n, const QString& one, const QString& many)
{
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

} // namespace

QString JudgeConsoleText::verdictText(const std::optional<int>& value, const Rubric& rubric,
                                      bool pairwise)
{
    if (!value)
        return QStringLiteral("n/a");
    if (pairwise)
        return *value == 0 ? QStringLiteral("first") : QStringLiteral("second");
    return rubric.verdictText(*value);
}

QString JudgeConsoleText::deltaTable(const PropertyEffect& effect, const Rubric& rubric)
{
    const bool pairwise = isPairwiseProperty(effect.property);
    const bool named = namesVariants(effect);
    QString out = QStringLiteral("sample  words  criterion        before  after  delta\n");
    for (const VerdictDelta& d : effect.cells) {
        const QString sample = named ? d.itemId + QLatin1Char('/') + d.variantId : d.itemId;
        const std::optional<int> delta = d.delta();
        out += sample.leftJustified(6) + QStringLiteral("  ") +
               QString::number(d.words).rightJustified(5) + QStringLiteral("  ") +
               d.criterionId.leftJustified(15) + QStringLiteral("  ") +
               verdictText(d.before, rubric, pairwise).rightJustified(6) + QStringLiteral("  ") +
               verdictText(d.after, rubric, pairwise).rightJustified(5) + QStringLiteral("  ") +
               (delta ? signedInt(*delta) : QStringLiteral("n/a")).rightJustified(5) +
               QLatin1Char('\n');
    }
    return out;
}

QString JudgeConsoleText::constructionLine(const ConstructionScore& score)
{
    return QStringLiteral("%1 of %2 verdicts as built").arg(score.asBuilt).arg(score.ceiling);
}

QString JudgeConsoleText::flipLine(const PropertyEffect& effect)
{
    return QStringLiteral("%1 flipped %2 of %3 verdicts")
        .arg(effect.property)
        .arg(effect.flips())
        .arg(effect.comparisons());
}

QString JudgeConsoleText::stabilityLine(const StabilityResult& s)
{
    if (!s.ran)
        return QStringLiteral("stability: not run (add \"stability\" to repeat chosen items); "
                              "a shortfall may be noise rather than a preference");
    QString line =
        QStringLiteral("stability: %1 x %2 repeats, %3 verdicts: ")
            .arg(plural(s.artifacts, QStringLiteral("artifact"), QStringLiteral("artifacts")))
            .arg(s.repeats)
            .arg(s.cells.size());
    if (s.wobbling() == 0)
        line += QStringLiteral("none wobbled");
    else
        line += QStringLiteral("%1 wobbled").arg(s.wobbling());
    if (s.withUnscored() > 0)
        line += QStringLiteral(", %1 with an unscored repeat").arg(s.withUnscored());
    return line;
}

QString JudgeConsoleText::positionLine(const PositionConsistency& p)
{
    return QStringLiteral("position: %1 of %2 choices the same in both A/B orders (%3 followed "
                          "Response A, %4 followed Response B)")
        .arg(p.consistent)
        .arg(p.choices)
        .arg(p.firstPosition)
        .arg(p.secondPosition);
}

QString JudgeConsoleText::render(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    QString out;
    for (const JudgeRunAnalysis& run : analysis.judges) {
        out += QStringLiteral("judge %1 (%2, %3): %4 logged of %5, %6 scored, %7 review needed, "
                              "%8 failed\n")
                   .arg(run.judgeName, run.backend, run.model)
                   .arg(run.logged)
                   .arg(run.planned)
                   .arg(run.scored)
                   .arg(run.reviewNeeded)
                   .arg(run.failed);
        for (const PropertyEffect& effect : run.effects) {
            out += deltaTable(effect, doc.rubric);
            out += flipLine(effect);
            out += meanDeltaText(effect);
            out += QLatin1Char('\n');
        }
        if (run.construction.hasConstruction()) {
            QStringList groups;
            for (const ConstructionTally& t : run.construction.byGroup) {
                if (t.ceiling > 0)
                    groups
                        << QStringLiteral("%1 %2 of %3").arg(t.group).arg(t.asBuilt).arg(t.ceiling);
            }
            out += QStringLiteral("construction: %1 (exact ceiling %2): %3\n")
                       .arg(constructionLine(run.construction))
                       .arg(run.construction.ceiling)
                       .arg(groups.join(QStringLiteral(", ")));
        } else {
            out += QStringLiteral("construction: no deserved verdicts in this probe\n");
        }
        if (run.evidence.quotes == 0)
            out += QStringLiteral("evidence: no quotes to check\n");
        else
            out += QStringLiteral("evidence: %1 hallucinated (fuzzy threshold %2%)\n")
                       .arg(run.evidence.rateText(),
                            NumberText::fixed(run.evidence.fuzzyThreshold, 0));
        out += stabilityLine(run.stability) + QLatin1Char('\n');
        if (run.position.ran())
            out += positionLine(run.position) + QLatin1Char('\n');
        out += QLatin1Char('\n');
    }
    if (analysis.comparesJudges()) {
        out += QStringLiteral("side by side:\n");
        for (const JudgeRunAnalysis& run : analysis.judges) {
            QStringList parts{constructionLine(run.construction)};
            for (const PropertyEffect& effect : run.effects)
                parts << flipLine(effect);
            parts << (run.evidence.quotes == 0
                          ? QStringLiteral("no quotes")
                          : QStringLiteral("%1 hallucinated").arg(run.evidence.rateText()));
            out +=
                QStringLiteral("  %1: %2\n").arg(run.judgeName, parts.join(QStringLiteral("; ")));
        }
    }
    return out + analysis.cost().consoleText();
}

bool JudgeConsoleText::namesVariants(const PropertyEffect& effect)
{
    QStringList seen;
    for (const VerdictDelta& d : effect.cells) {
        const QString key = d.itemId + QChar(0x1f) + d.variantId;
        if (seen.contains(key))
            continue;
        for (const QString& other : std::as_const(seen)) {
            if (other.startsWith(d.itemId + QChar(0x1f)))
                return true;
        }
        seen << key;
    }
    return false;
}

QString JudgeConsoleText::meanDeltaText(const PropertyEffect& effect)
{
    QStringList moved;
    for (const CriterionEffect& c : effect.criteria) {
        if (c.flips > 0)
            moved << QStringLiteral("%1 %2 (sign-flip %3 over %4)")
                         .arg(c.criterionId, NumberText::signedFixed(c.meanDelta, 2),
                              NumberText::pEquals(c.signFlip.p),
                              plural(int(c.itemDeltas.size()), QStringLiteral("item"),
                                     QStringLiteral("items")));
    }
    return moved.isEmpty() ? QString()
                           : QStringLiteral("; mean delta ") + moved.join(QStringLiteral(", "));
}

} // namespace pb
