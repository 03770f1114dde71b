#include "judge/JudgeReportBuilder.h"

#include "judge/JudgeConsoleText.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace pb {

namespace {

QString plural(qsizetype n, const QString& one, const QString& many)
{
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

QString groupLabel(const QString& group)
{
    return group == QLatin1String("base") ? QStringLiteral("base artifacts")
                                          : group + QStringLiteral(" variants");
}

QString judgeDescription(const JudgeConfig& j)
{
    QStringList parts{QStringLiteral("backend `%1`, model `%2`").arg(j.backend, j.effectiveModel()),
                      QStringLiteral("temperature %1, seed %2")
                          .arg(QString::number(j.temperature, 'g', 6))
                          .arg(j.seed),
                      j.requireEvidence ? QStringLiteral("a verbatim evidence quote required per "
                                                         "criterion")
                                        : QStringLiteral("no evidence quotes asked for"),
                      j.structuredOutput ? QStringLiteral("output forced by a JSON schema")
                                         : QStringLiteral("no output schema sent"),
                      QStringLiteral("at most %1 re-ask%2 after output that does not validate")
                          .arg(j.maxRetries)
                          .arg(j.maxRetries == 1 ? QString() : QStringLiteral("s"))};
    if (!j.instructions.trimmed().isEmpty())
        parts << QStringLiteral("extra instructions: \"%1\"").arg(j.instructions.trimmed());
    return QStringLiteral("**%1**: ").arg(j.name) + parts.join(QStringLiteral("; "));
}

void design(ReportDocument& r, const JudgeProbeDocument& doc, int level)
{
    r.heading(QStringLiteral("Probe design"), level + 1);
    QStringList criteria;
    for (const RubricCriterion& c : doc.rubric.criteria)
        criteria << QStringLiteral("%1 (weight %2)").arg(c.id, QString::number(c.weight, 'g', 6));
    int variants = 0;
    int opposed = 0;
    int pairwise = 0;
    QStringList byProperty;
    for (const QString& property : doc.properties()) {
        int n = 0;
        for (const JudgeItem& item : doc.items) {
            for (const JudgeVariant& v : item.variants) {
                if (v.property == property)
                    ++n;
            }
        }
        byProperty << QStringLiteral("%1 %2").arg(n).arg(property);
    }
    for (const JudgeItem& item : doc.items) {
        pairwise += item.pairwise ? 1 : 0;
        for (const JudgeVariant& v : item.variants) {
            ++variants;
            opposed += v.shape == PairShape::Opposed ? 1 : 0;
        }
    }
    QStringList bullets{
        QStringLiteral("Rubric: %1, %2 scale, criteria %3.")
            .arg(doc.rubricSource.isEmpty() ? QStringLiteral("inline")
                                            : QStringLiteral("`%1`").arg(doc.rubricSource),
                 doc.rubric.scale == RubricScale::Levels ? QStringLiteral("levels 1-4")
                                                         : QStringLiteral("pass/fail"),
                 criteria.join(QStringLiteral(", "))),
        QStringLiteral("Items: %1%2; variants: %3 (%4), each the same artifact with one "
                       "property changed.")
            .arg(doc.items.size())
            .arg(pairwise > 0
                     ? QStringLiteral(" (%1 pairwise, judged in both A/B orders)").arg(pairwise)
                     : QString())
            .arg(variants)
            .arg(byProperty.isEmpty() ? QStringLiteral("none")
                                      : byProperty.join(QStringLiteral(", "))),
        QStringLiteral("Pair shapes: %1 with the rubric content held identical (same verdicts "
                       "deserved), %2 with the property set against the content (opposite "
                       "verdicts deserved).")
            .arg(variants - opposed)
            .arg(opposed),
        QStringLiteral("Construction: %1 verdicts were fixed when the items were written; that "
                       "is the exact ceiling a judge with none of the probed preferences reaches.")
            .arg(doc.constructionCeiling()),
        doc.stability.enabled ? QStringLiteral("Stability check: %1, each judged %2 times in all.")
                                    .arg(doc.stability.allItems
                                             ? QStringLiteral("every item")
                                             : QStringLiteral("items ") +
                                                   doc.stability.itemIds.join(QStringLiteral(", ")))
                                    .arg(doc.stability.repeats)
                              : QStringLiteral("Stability check: not run."),
        QStringLiteral("Evidence quotes are checked against the artifact: exact (ignoring case "
                       "and line breaks) first, then fuzzy at a threshold of %1% similarity "
                       "(100 x (1 - edits / quote length) against the closest stretch of the "
                       "text); below it a quote is HALLUCINATED_EVIDENCE and its verdict is not "
                       "scored.")
            .arg(NumberText::fixed(doc.evidence.fuzzyThreshold, 0)),
    };
    r.bullets(bullets);
    QStringList judges;
    for (const JudgeConfig& j : doc.judges)
        judges << judgeDescription(j);
    r.paragraph(QStringLiteral("Judges (rubric in the system prompt, the artifact alone in the "
                               "user message, one verdict per criterion):"));
    r.bullets(judges);
}

void effects(ReportDocument& r, const JudgeProbeDocument& doc, const JudgeRunAnalysis& run,
             int level)
{
    r.heading(QStringLiteral("What moved the verdicts"), level);
    if (run.effects.isEmpty()) {
        r.paragraph(QStringLiteral("The probe has no variants, so no property was varied."));
        return;
    }
    for (const PropertyEffect& e : run.effects) {
        const bool position = e.property == QLatin1String("position");
        QString sentence =
            QStringLiteral("**%1**: %2 (%3 toward %4, %5 toward %6)")
                .arg(e.property, JudgeConsoleText::flipLine(e))
                .arg(std::accumulate(e.criteria.begin(), e.criteria.end(), 0,
                                     [](int n, const CriterionEffect& c) { return n + c.up; }))
                .arg(position ? QStringLiteral("the second answer")
                              : QStringLiteral("a higher verdict"))
                .arg(std::accumulate(e.criteria.begin(), e.criteria.end(), 0,
                                     [](int n, const CriterionEffect& c) { return n + c.down; }))
                .arg(position ? QStringLiteral("the first") : QStringLiteral("a lower one"));
        if (e.unscored() > 0)
            sentence +=
                QStringLiteral("; %1 not compared because a verdict was not scored")
                    .arg(plural(e.unscored(), QStringLiteral("cell"), QStringLiteral("cells")));
        r.paragraph(sentence + QLatin1Char('.'));
        QList<QStringList> rows;
        QList<CriterionEffect> all = e.criteria;
        if (e.total)
            all << *e.total;
        for (const CriterionEffect& c : all) {
            rows << QStringList{
                c.criterionId,
                QString::number(c.comparisons),
                QString::number(c.flips),
                NumberText::signedFixed(c.meanDelta, 2),
                c.itemDeltas.isEmpty() ? QStringLiteral("n/a") : NumberText::pValue(c.signFlip.p),
                c.itemDeltas.isEmpty() ? QStringLiteral("no item compared")
                                       : ReportBuilder::signFlipDescription(c.signFlip)};
        }
        r.table({QStringLiteral("Criterion"), QStringLiteral("Compared"), QStringLiteral("Flipped"),
                 QStringLiteral("Mean delta (variant - base)"), QStringLiteral("p"),
                 QStringLiteral("Test")},
                rows, e.total.has_value());
        QList<QStringList> cells;
        for (const VerdictDelta& d : e.cells) {
            const std::optional<int> delta = d.delta();
            cells << QStringList{d.itemId,
                                 d.variantId,
                                 position ? QStringLiteral("-") : QString::number(d.words),
                                 d.criterionId,
                                 JudgeConsoleText::verdictText(d.before, doc.rubric, position),
                                 JudgeConsoleText::verdictText(d.after, doc.rubric, position),
                                 delta ? NumberText::signedFixed(*delta, 0)
                                       : QStringLiteral("n/a")};
        }
        r.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Words"),
                 QStringLiteral("Criterion"), QStringLiteral("Before"), QStringLiteral("After"),
                 QStringLiteral("Delta")},
                cells, false);
    }
}

void construction(ReportDocument& r, const JudgeProbeDocument& doc, const JudgeRunAnalysis& run,
                  int level)
{
    r.heading(QStringLiteral("Against construction"), level);
    const ConstructionScore& s = run.construction;
    if (!s.hasConstruction()) {
        r.paragraph(QStringLiteral("No item carries deserved verdicts, so the judge cannot be "
                                   "scored against construction; only the deltas above apply."));
        return;
    }
    r.paragraph(JudgeReportBuilder::constructionSentence(run),
                s.shortfall() > 0 ? QStringLiteral("result-detected")
                                  : QStringLiteral("result-null"));
    QList<QStringList> rows;
    for (const ConstructionTally& t : s.byGroup) {
        if (t.ceiling == 0)
            continue;
        rows << QStringList{groupLabel(t.group), QString::number(t.asBuilt),
                            QString::number(t.ceiling), QString::number(t.shortfall()),
                            QString::number(t.notScored)};
    }
    rows << QStringList{QStringLiteral("All"), QString::number(s.asBuilt),
                        QString::number(s.ceiling), QString::number(s.shortfall()),
                        QString::number(s.notScored)};
    r.table({QStringLiteral("Artifacts"), QStringLiteral("As built"), QStringLiteral("Ceiling"),
             QStringLiteral("Shortfall"), QStringLiteral("Of it not scored")},
            rows, true);
    if (s.misses.isEmpty())
        return;
    QList<QStringList> misses;
    for (const ConstructionMiss& m : s.misses) {
        const JudgeItem* item = doc.item(m.itemId);
        const bool pairwise = item && item->pairwise;
        misses << QStringList{m.itemId,
                              m.variantId,
                              m.property.isEmpty() ? QStringLiteral("(base)") : m.property,
                              m.property.isEmpty()            ? QStringLiteral("-")
                              : m.shape == PairShape::Opposed ? QStringLiteral("opposed")
                                                              : QStringLiteral("same"),
                              m.criterionId,
                              JudgeConsoleText::verdictText(m.deserved, doc.rubric, pairwise),
                              JudgeConsoleText::verdictText(m.got, doc.rubric, pairwise),
                              m.why};
    }
    r.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Property"),
             QStringLiteral("Shape"), QStringLiteral("Criterion"), QStringLiteral("Deserved"),
             QStringLiteral("Judged"), QStringLiteral("Why")},
            misses, false);
}

void evidence(ReportDocument& r, const JudgeRunAnalysis& run, int level)
{
    r.heading(QStringLiteral("Evidence quotes"), level);
    const EvidenceTally& e = run.evidence;
    if (e.quotes == 0 && e.empty == 0) {
        r.paragraph(QStringLiteral("No evidence quotes were returned."));
        return;
    }
    r.paragraph(QStringLiteral("Hallucinated evidence: %1 (%2 exact, %3 fuzzy at %4% or more; %5 "
                               "left empty because the judge named no span). A verdict resting "
                               "on an invented quote is flagged and not scored.")
                    .arg(e.rateText())
                    .arg(e.exact)
                    .arg(e.fuzzy)
                    .arg(NumberText::fixed(e.fuzzyThreshold, 0))
                    .arg(e.empty),
                e.hallucinated > 0 ? QStringLiteral("warning") : QString());
    if (e.invented.isEmpty())
        return;
    QList<QStringList> rows;
    for (const InventedQuote& q : e.invented)
        rows << QStringList{q.itemId,
                            q.variantId,
                            QString::number(q.repeat),
                            q.criterionId,
                            QStringLiteral("\"%1\"").arg(q.quote),
                            NumberText::fixed(q.similarity, 1)};
    r.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Repeat"),
             QStringLiteral("Criterion"), QStringLiteral("Quote"),
             QStringLiteral("Best similarity %")},
            rows, false);
}

void stability(ReportDocument& r, const JudgeRunAnalysis& run, int level)
{
    r.heading(QStringLiteral("Stability"), level);
    const StabilityResult& s = run.stability;
    if (!s.ran) {
        r.paragraph(QStringLiteral("Not run. Without it, one pass over the probe set is a single "
                                   "sample of the judge: a shortfall could be a stable preference "
                                   "or the judge wobbling, and the two call for opposite repairs."),
                    QStringLiteral("warning"));
        return;
    }
    QString text =
        QStringLiteral("%1, each judged %2 times: %3 verdicts, %4 wobbled")
            .arg(plural(s.artifacts, QStringLiteral("artifact"), QStringLiteral("artifacts")))
            .arg(s.repeats)
            .arg(s.cells.size())
            .arg(s.wobbling());
    if (s.withUnscored() > 0)
        text += QStringLiteral(", %1 had a repeat that was not scored").arg(s.withUnscored());
    text += s.stable()
                ? QStringLiteral(". Identical verdicts on every repeat license reading one "
                                 "pass over the probe set as a measurement of this judge.")
                : QStringLiteral(". The judge is not stable on these items: read a "
                                 "shortfall on them as possibly noise, and repair it by "
                                 "voting over repeated calls rather than by prompt wording.");
    r.paragraph(text, s.stable() ? QString() : QStringLiteral("warning"));
    QList<QStringList> rows;
    for (const StabilityCell& c : s.cells) {
        if (!c.wobbles() && c.unscored() == 0)
            continue;
        QStringList values;
        for (const std::optional<int>& v : c.values)
            values << (v ? QString::number(*v) : QStringLiteral("-"));
        rows << QStringList{c.itemId, c.variantId, c.criterionId,
                            values.join(QStringLiteral(", "))};
    }
    if (!rows.isEmpty())
        r.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Criterion"),
                 QStringLiteral("Verdict per repeat")},
                rows, false);
}

void reviews(ReportDocument& r, const JudgeRunAnalysis& run, int level)
{
    if (run.reviews.isEmpty() && run.failed == 0)
        return;
    r.heading(QStringLiteral("Needs review"), level);
    r.paragraph(QStringLiteral("%1 never validated after the allowed re-asks and %2 got no reply; "
                               "none of them is scored or counted as built. The raw output is in "
                               "the log.")
                    .arg(plural(run.reviewNeeded, QStringLiteral("judge reply"),
                                QStringLiteral("judge replies")))
                    .arg(plural(run.failed, QStringLiteral("call"), QStringLiteral("calls"))),
                QStringLiteral("warning"));
    QList<QStringList> rows;
    for (const ReviewItem& item : run.reviews) {
        QString raw = item.rawOutput.simplified();
        if (raw.size() > 120)
            raw = raw.left(120) + QStringLiteral("...");
        rows << QStringList{item.itemId, item.variantId, QString::number(item.repeat),
                            item.errors.join(QStringLiteral("; ")),
                            QStringLiteral("`%1`").arg(raw)};
    }
    if (!rows.isEmpty())
        r.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Repeat"),
                 QStringLiteral("Why it did not validate"), QStringLiteral("Raw output")},
                rows, false);
}

void sideBySide(ReportDocument& r, const JudgeProbeDocument& doc, const JudgeAnalysis& a, int level)
{
    r.heading(QStringLiteral("Judges side by side"), level);
    r.paragraph(QStringLiteral("The same probe set, judged by each configuration. Each row is "
                               "counted on the same artifacts, so a difference between columns "
                               "is a difference between the judges."));
    QStringList header{QStringLiteral("Measure")};
    for (const JudgeRunAnalysis& run : a.judges)
        header << run.judgeName;
    QList<QStringList> rows;
    auto row = [&](const QString& label,
                   const std::function<QString(const JudgeRunAnalysis&)>& cell) {
        QStringList out{label};
        for (const JudgeRunAnalysis& run : a.judges)
            out << cell(run);
        rows << out;
    };
    row(QStringLiteral("Verdicts as built"), [](const JudgeRunAnalysis& run) {
        return QStringLiteral("%1 of %2")
            .arg(run.construction.asBuilt)
            .arg(run.construction.ceiling);
    });
    QStringList groups{QStringLiteral("base")};
    groups += doc.properties();
    for (const QString& g : groups) {
        row(QStringLiteral("  as built, %1").arg(groupLabel(g)), [g](const JudgeRunAnalysis& run) {
            const ConstructionTally* t = run.construction.group(g);
            return t && t->ceiling > 0 ? QStringLiteral("%1 of %2").arg(t->asBuilt).arg(t->ceiling)
                                       : QStringLiteral("-");
        });
    }
    for (const QString& p : doc.properties()) {
        row(QStringLiteral("Verdicts flipped by %1").arg(p), [p](const JudgeRunAnalysis& run) {
            const PropertyEffect* e = run.effect(p);
            return e ? QStringLiteral("%1 of %2").arg(e->flips()).arg(e->comparisons())
                     : QStringLiteral("-");
        });
    }
    row(QStringLiteral("Hallucinated quotes"),
        [](const JudgeRunAnalysis& run) { return run.evidence.rateText(); });
    row(QStringLiteral("Review needed"),
        [](const JudgeRunAnalysis& run) { return QString::number(run.reviewNeeded); });
    row(QStringLiteral("Stability"), [](const JudgeRunAnalysis& run) {
        if (!run.stability.ran)
            return QStringLiteral("not run");
        return QStringLiteral("%1 of %2 wobbled")
            .arg(run.stability.wobbling())
            .arg(run.stability.cells.size());
    });
    r.table(header, rows, false);
}

} // namespace

QString JudgeReportBuilder::constructionSentence(const JudgeRunAnalysis& run)
{
    const ConstructionScore& s = run.construction;
    QString text = QStringLiteral("%1 (the ceiling of %2 is exact: every correct verdict was "
                                  "fixed when its item was written).")
                       .arg(JudgeConsoleText::constructionLine(s))
                       .arg(s.ceiling);
    if (s.shortfall() == 0)
        return text + QStringLiteral(" No verdict came back against construction.");
    QStringList parts;
    for (const ConstructionTally& t : s.byGroup) {
        if (t.shortfall() > 0)
            parts << QStringLiteral("%1 on %2").arg(t.shortfall()).arg(groupLabel(t.group));
    }
    text += QStringLiteral(" The %1 short: %2.")
                .arg(plural(s.shortfall(), QStringLiteral("verdict"), QStringLiteral("verdicts")),
                     parts.join(QStringLiteral(", ")));
    const QString main = s.mainShortfallGroup();
    if (!main.isEmpty() && main != QLatin1String("base")) {
        const ConstructionTally* t = s.group(main);
        text += QStringLiteral(" The shortfall is attributed to %1: %2 of its %3 verdicts came "
                               "back against construction, on artifacts that differ from their "
                               "base only in %1.")
                    .arg(main)
                    .arg(t->shortfall())
                    .arg(t->ceiling);
    }
    if (s.notScored > 0)
        text += QStringLiteral(" %1 of the shortfall had no scored verdict (review needed, an "
                               "invented quote or no reply).")
                    .arg(s.notScored);
    if (!run.stability.ran)
        text += QStringLiteral(" Without the stability check this may be wobble rather than a "
                               "preference.");
    else if (!run.stability.stable())
        text += QStringLiteral(" The stability check saw wobble, so part of it may be noise.");
    return text;
}

QStringList JudgeReportBuilder::limits(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    QStringList out;
    QStringList properties = doc.properties();
    out << QStringLiteral("A probe set tests only the biases someone thought of: here %1, at the "
                          "sizes constructed. A clean score says these properties did not move "
                          "this judge's verdicts on these items; it does not say the judge is "
                          "unbiased. Position in the prompt, code blocks, the answer's language or "
                          "the question's politeness were not varied unless listed.")
               .arg(properties.isEmpty() ? QStringLiteral("no property")
                                         : properties.join(QStringLiteral(", ")));
    out << QStringLiteral("It is not a measurement of accuracy: verdicts are checked against the "
                          "intent of whoever wrote the items, not against real outputs. Agreement "
                          "with human labels on sampled real data is a separate measurement.");
    out << QStringLiteral("It does not transfer: it is built from this rubric and dies when the "
                          "rubric changes; it says nothing about a judge for another task.");
    // Cells that could not move: a bonus has nowhere to go at the top of the scale.
    int atCeiling = 0;
    int zero = 0;
    for (const JudgeRunAnalysis& run : analysis.judges) {
        for (const PropertyEffect& e : run.effects) {
            if (e.property == QLatin1String("position"))
                continue;
            for (const VerdictDelta& d : e.cells) {
                if (d.compared() && *d.delta() == 0) {
                    ++zero;
                    const int top =
                        doc.rubric.scale == RubricScale::Levels ? Rubric::kHighestLevel : 1;
                    if (*d.before == top)
                        ++atCeiling;
                }
            }
        }
    }
    if (atCeiling > 0)
        out << QStringLiteral("%1 of the %2 unchanged cells were already at the top of the scale, "
                              "so an upward bias had nowhere to go there: a delta of zero on them "
                              "does not clear the judge.")
                   .arg(atCeiling)
                   .arg(zero);
    const int n = int(doc.items.size());
    if (n <= 5)
        out << QStringLiteral("With %1 item%2 the smallest sign-flip p is %3, so no per-criterion "
                              "test here can reach 0.05; the construction score, with its exact "
                              "ceiling, is the measure to read.")
                   .arg(n)
                   .arg(n == 1 ? QString() : QStringLiteral("s"))
                   .arg(NumberText::pValue(2.0 / std::pow(2.0, n)));
    if (!doc.stability.enabled)
        out << QStringLiteral("No stability check was run, so a shortfall cannot be told apart "
                              "from the judge wobbling between calls.");
    bool deterministic = true;
    for (const JudgeConfig& j : doc.judges)
        deterministic = deterministic && j.backend == QLatin1String("stand-in-judge");
    if (deterministic)
        out << QStringLiteral("The stand-in judge is deterministic: repeating a call tells "
                              "nothing new, so the sample size is the number of items, not the "
                              "number of runs.");
    return out;
}

void JudgeReportBuilder::addSection(ReportDocument& r, const JudgeProbeDocument& doc,
                                    const JudgeAnalysis& a, int level)
{
    r.heading(QStringLiteral("Judge probe: %1")
                  .arg(doc.title.isEmpty() ? QStringLiteral("untitled") : doc.title),
              level);
    r.paragraph(QStringLiteral("A rubric judge is a system too. Each variant below is its item's "
                               "artifact with one property the rubric does not mention changed, "
                               "and the verdict each one deserves was fixed when it was written, "
                               "so a disagreement with the judge is information about the judge."));
    if (!doc.description.isEmpty())
        r.paragraph(doc.description);
    design(r, doc, level);
    const int sub = std::min(level + 2, 3);
    for (const JudgeRunAnalysis& run : a.judges) {
        r.heading(QStringLiteral("Judge: %1").arg(run.judgeName), level + 1);
        QString calls =
            QStringLiteral("%1 of %2 planned judge calls logged (%3 probe calls, %4 "
                           "stability repeats): %5 scored, %6 review needed, %7 failed.")
                .arg(run.logged)
                .arg(run.planned)
                .arg(run.probeCalls)
                .arg(run.logged - run.probeCalls)
                .arg(run.scored)
                .arg(run.reviewNeeded)
                .arg(run.failed);
        if (!run.modelsReported.isEmpty())
            calls += QStringLiteral(" Model reported: %1.")
                         .arg(run.modelsReported.join(QStringLiteral(", ")));
        r.paragraph(calls);
        effects(r, doc, run, sub);
        construction(r, doc, run, sub);
        evidence(r, run, sub);
        stability(r, run, sub);
        if (run.position.ran()) {
            r.heading(QStringLiteral("Position"), sub);
            r.paragraph(JudgeConsoleText::positionLine(run.position) + QLatin1Char('.'));
        }
        reviews(r, run, sub);
    }
    if (a.comparesJudges())
        sideBySide(r, doc, a, level + 1);
    a.cost().addTo(&r, level + 1);
    r.heading(QStringLiteral("What a clean run does not show"), level + 1);
    r.bullets(limits(doc, a));
}

ReportDocument JudgeReportBuilder::build(const JudgeProbeDocument& doc, const JudgeAnalysis& a,
                                         const Context& context)
{
    ReportDocument r;
    addSection(r, doc, a, 1);
    QStringList source;
    if (!context.source.isEmpty())
        source << QStringLiteral("Probe file: `%1`.").arg(context.source);
    if (!context.store.isEmpty())
        source << QStringLiteral("Every judge call is in `%1` and in judge-log.csv.")
                      .arg(context.store);
    if (context.generated.isValid())
        source << QStringLiteral("Generated %1 UTC by Probe Workbench %2.")
                      .arg(context.generated.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                           QStringLiteral(PB_VERSION));
    if (!source.isEmpty())
        r.paragraph(source.join(QLatin1Char(' ')));
    return r;
}

} // namespace pb
