#include "ModeAgreement.h"

#include "Replications.h"
#include "power/StandInExperiment.h"

#include <cmath>
#include <map>

namespace pb::study {

namespace {

struct BothModes
{
    bool valid = false;
    double gap = 0;
    double choiceEffect = 0, generativeEffect = 0;
    bool choiceDetected = false, generativeDetected = false;
    // Per item id: D_cf - D_null in each mode, for items comparable in both.
    std::map<QString, std::pair<double, double>> itemDifferences;
};

QString estimateText(const RankCorrelationEstimate& e)
{
    if (!e.defined)
        return QStringLiteral("n/a");
    const QString p = e.p < 0.001 ? QStringLiteral("< 0.001") : QString::number(e.p, 'f', 3);
    return std::isnan(e.lower) ? QStringLiteral("%1 (p %2)").arg(e.value, 0, 'f', 3).arg(p)
                               : QStringLiteral("%1 [%2, %3], p %4")
                                     .arg(e.value, 0, 'f', 3)
                                     .arg(e.lower, 0, 'f', 3)
                                     .arg(e.upper, 0, 'f', 3)
                                     .arg(p);
}

} // namespace

ModeAgreement ModeAgreement::run(const ProbeDocument& choice, const MetricSpec& embedding,
                                 const QList<double>& temperatures, const QList<double>& gaps,
                                 int probesPerGap, int seeds, qint64 firstSeed)
{
    ModeAgreement out;
    out.gaps = gaps;
    out.probesPerGap = probesPerGap;
    out.seeds = seeds;
    out.itemGap = choice.settings.plantedGap;
    qint64 base = firstSeed;
    const int perTemperature = int(gaps.size()) * probesPerGap;
    for (const double t : temperatures) {
        const QList<BothModes> probes = replicate(perTemperature, [&](int k) {
            StandInTrial trial;
            trial.plantedGap = gaps.at(k / probesPerGap);
            trial.temperature = t;
            trial.seeds = StandInExperiment::seedBlock(base + qint64(k) * 1000, seeds);
            const auto [c, g] = StandInExperiment::analyseBothModes(choice, embedding, trial);
            BothModes b;
            b.gap = trial.plantedGap;
            b.valid =
                c.hasResult() && c.comparison.valid && g.hasResult() && g.verdict.comparison.valid;
            if (!b.valid)
                return b;
            b.choiceEffect = c.comparison.effect.effect;
            b.generativeEffect = g.verdict.comparison.effect.effect;
            b.choiceDetected = c.detected();
            b.generativeDetected = g.detected();
            std::map<QString, double> choiceItems;
            for (const ChoiceItemResult& r : c.items) {
                if (r.comparable)
                    choiceItems[r.itemId] = r.divergence - r.noiseDivergence;
            }
            for (const GenerativeItemResult& r : g.items) {
                const auto found = choiceItems.find(r.itemId);
                if (r.comparable && found != choiceItems.end())
                    b.itemDifferences[r.itemId] = {found->second, r.distance - r.noiseDistance};
            }
            return b;
        });
        base += qint64(perTemperature) * 1000;
        ModeAgreementRow row;
        row.temperature = t;
        std::vector<double> xAll, yAll, xNull, yNull;
        std::map<QString, std::pair<double, double>> itemSums;
        std::map<QString, int> itemCounts;
        for (const BothModes& b : probes) {
            if (!b.valid)
                continue;
            ++row.probes;
            xAll.push_back(b.choiceEffect);
            yAll.push_back(b.generativeEffect);
            if (b.gap == 0.0) {
                xNull.push_back(b.choiceEffect);
                yNull.push_back(b.generativeEffect);
            }
            if (b.choiceDetected && b.generativeDetected)
                ++row.bothDetected;
            else if (b.choiceDetected)
                ++row.choiceOnly;
            else if (b.generativeDetected)
                ++row.generativeOnly;
            else
                ++row.neither;
            if (b.gap == out.itemGap) {
                ++row.itemProbes;
                for (const auto& [id, d] : b.itemDifferences) {
                    itemSums[id].first += d.first;
                    itemSums[id].second += d.second;
                    ++itemCounts[id];
                }
            }
        }
        row.probesAll = RankCorrelation::of(xAll, yAll);
        row.probesNull = RankCorrelation::of(xNull, yNull);
        std::vector<double> xItems, yItems;
        for (const auto& [id, sums] : itemSums) {
            xItems.push_back(sums.first / itemCounts[id]);
            yItems.push_back(sums.second / itemCounts[id]);
        }
        row.items = RankCorrelation::of(xItems, yItems);
        out.rows << row;
    }
    return out;
}

QString ModeAgreement::markdown() const
{
    QStringList gapText;
    for (const double g : gaps)
        gapText << QString::number(g);
    QString md =
        QStringLiteral("Probes: %1 at each planted gap (%2), %3 seeds per value, every probe on a "
                       "seed block of its own; each probe's standardized effect against its own "
                       "noise floor in each mode (choice: Jensen-Shannon divergences of the "
                       "logprob distributions; generative: cosine distances of the embedded "
                       "replies), ranked. Spearman's rho on mid-ranks and Kendall's tau-b (both "
                       "allow the ties the generative distances have), each with a 95% interval "
                       "(Fisher's z with Fieller, Hartley and Pearson's standard errors) and a "
                       "two-sided permutation p (9999 seeded shuffles).\n\n"
                       "| temperature | probes | Spearman rho, all gaps | Kendall tau, all gaps "
                       "| probes at gap 0 | Spearman rho, gap 0 | Kendall tau, gap 0 | detected "
                       "by both / choice only / generative only / neither |\n"
                       "|---|---|---|---|---|---|---|---|\n")
            .arg(probesPerGap)
            .arg(gapText.join(QStringLiteral(", ")))
            .arg(seeds);
    for (const ModeAgreementRow& r : rows)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 / %9 / %10 / %11 |\n")
                  .arg(r.temperature)
                  .arg(r.probes)
                  .arg(estimateText(r.probesAll.spearman), estimateText(r.probesAll.kendall))
                  .arg(r.probesNull.spearman.n)
                  .arg(estimateText(r.probesNull.spearman), estimateText(r.probesNull.kendall))
                  .arg(r.bothDetected)
                  .arg(r.choiceOnly)
                  .arg(r.generativeOnly)
                  .arg(r.neither);
    md += QStringLiteral("\nItems, at the probe's own planted gap (%1): each item's D_cf - D_null "
                         "averaged over that gap's probes, in each mode's own units, and the two "
                         "modes' rankings of the items compared (the stand-in plants the same "
                         "shift on every item, but items differ in their base preference, so "
                         "the same shift moves some items' answers more than others').\n\n"
                         "| temperature | probes averaged | items | Spearman rho | Kendall tau "
                         "|\n|---|---|---|---|---|\n")
              .arg(itemGap);
    for (const ModeAgreementRow& r : rows)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(r.temperature)
                  .arg(r.itemProbes)
                  .arg(r.items.spearman.n)
                  .arg(estimateText(r.items.spearman), estimateText(r.items.kendall));
    md += QStringLiteral(
        "\nWhat the generative mode can see in a bare answer: take an item whose A replies say "
        "yes with probability pA and whose B replies say it with pB (leaving the rare \"I am "
        "not sure.\" aside). Two sampled replies are at distance 1 when they differ and 0 when "
        "they agree, so D_cf estimates pA (1 - pB) + (1 - pA) pB and D_null estimates "
        "2 pA (1 - pA), and D_cf - D_null estimates (pA - pB)(2 pA - 1). The planted shift "
        "lowers yes (pB < pA): the generative mode sees it in full on an item that leans yes "
        "under A, not at all on an item at pA = 1/2, and on an item that leans no it finds the "
        "B replies closer to A than A is to itself (both mostly say no). The choice mode's "
        "Jensen-Shannon divergence grows with the distance between the distributions "
        "whatever pA. So on a closed answer the two modes measure different things by "
        "construction: the choice mode the change of distribution, the generative mode how "
        "often sampled answers disagree; the rank agreement above is what that leaves, and the "
        "cross-tabulation of the verdicts shows how rarely the generative reading detects what "
        "the choice reading does. For a closed answer the choice mode is the one to read.\n");
    return md;
}

QString ModeAgreement::finding() const
{
    QStringList all, null;
    for (const ModeAgreementRow& r : rows) {
        all << QStringLiteral("T %1: rho %2, tau %3")
                   .arg(r.temperature)
                   .arg(estimateText(r.probesAll.spearman), estimateText(r.probesAll.kendall));
        null << QStringLiteral("T %1: rho %2")
                    .arg(r.temperature)
                    .arg(estimateText(r.probesNull.spearman));
    }
    const int perTemperature = int(gaps.size()) * probesPerGap;
    return QStringLiteral("- Choice against generative on the same replies (the choice example "
                          "scored both ways, %1 probes per temperature over planted gaps %2 to "
                          "%3): rank agreement of the two modes' standardized effects, %4; at "
                          "planted gap 0 alone (%5 probes, noise only), %6.\n")
        .arg(perTemperature)
        .arg(gaps.isEmpty() ? 0.0 : gaps.constFirst())
        .arg(gaps.isEmpty() ? 0.0 : gaps.constLast())
        .arg(all.join(QStringLiteral("; ")))
        .arg(probesPerGap)
        .arg(null.join(QStringLiteral("; ")));
}

SvgPlot ModeAgreement::figure() const
{
    SvgPlot plot{QStringLiteral("Choice against generative: rank agreement of the effects"),
                 QStringLiteral("temperature (noise)"),
                 QStringLiteral("rank correlation"),
                 0.2,
                 1.4,
                 -0.4,
                 1,
                 {},
                 0,
                 QStringLiteral("0")};
    const auto add = [&](const QString& label, double offset, auto pick) {
        SvgSeries s{label, {}, {}, {}};
        for (const ModeAgreementRow& r : rows) {
            const RankCorrelationEstimate& e = pick(r);
            if (!e.defined)
                continue;
            const double x = r.temperature + offset;
            s.points << QPointF(x, e.value);
            s.lower << QPointF(x, std::isnan(e.lower) ? e.value : e.lower);
            s.upper << QPointF(x, std::isnan(e.upper) ? e.value : e.upper);
        }
        plot.series << s;
    };
    add(QStringLiteral("Spearman rho, all gaps"), -0.03,
        [](const ModeAgreementRow& r) -> const RankCorrelationEstimate& {
            return r.probesAll.spearman;
        });
    add(QStringLiteral("Kendall tau, all gaps"), 0.0,
        [](const ModeAgreementRow& r) -> const RankCorrelationEstimate& {
            return r.probesAll.kendall;
        });
    add(QStringLiteral("Spearman rho, gap 0"), 0.03,
        [](const ModeAgreementRow& r) -> const RankCorrelationEstimate& {
            return r.probesNull.spearman;
        });
    return plot;
}

} // namespace pb::study
