#pragma once

#include "grading/GraderBiasProbe.h"
#include "judge/JudgeAnalysis.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <limits>

namespace pb {

// What one judge of a grader-bias probe showed on one criterion: PropertyEffect's
// CriterionEffect, as it is.
struct GraderBiasCriterion
{
    QString criterionId;
    double delta = std::numeric_limits<double>::quiet_NaN(); // mean level delta over the pairs
    double p = 1.0;                                          // its sign-flip p (with a delta)
    int comparisons = 0;
    int flips = 0;
};

// What one judge of a grader-bias probe showed: the effect of the probe's property on its
// verdicts, read from the judge pipeline's PropertyEffect (never computed again here).
struct GraderBiasArm
{
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

    QString judgeName;
    int pairs = 0;          // matched pairs compared (single answers: both weighted totals scored)
    double control = kNone; // mean weighted total of the submissions as written
    double treatment = kNone; // mean weighted total of their variants (per pair, over variants)
    double delta = kNone;     // treatment - control: PropertyEffect's weighted-total mean delta
    double p = 1.0;           // its sign-flip p over the pairs (with a delta only)
    int comparisons = 0;      // criterion verdicts compared, base against variant
    int flips = 0;            // of them, changed (position: the chosen answer changed)
    int unscored = 0;         // cells where either side has no scored verdict
    QList<GraderBiasCriterion> criteria; // rubric order; empty when nothing was read

    // A delta was measured: totals for single answers, compared verdicts for a pair.
    bool measured() const { return comparisons > 0; }
};

// seed 004's bias table for a grader: control, treatment and delta as graded, the
// countermeasure, and the residual delta after it, with a sentence on what risk remains.
// Written as bias.md and bias.json ("probebench/grader-bias@1") beside the judge results.
struct GraderBiasReport
{
    static constexpr const char* kFormat = "probebench/grader-bias@1";

    QString bias;           // "padding", "byline", "position"
    QString countermeasure; // the instruction appended to the grader's prompt
    int pairsInProbe = 0;
    GraderBiasArm asGraded;
    GraderBiasArm countered;

    // The probe's pairs that gave the grader as graded no delta to measure (every pair of a
    // position probe whose A/B replies all need review, say).
    int unusablePairs() const { return pairsInProbe - asGraded.pairs; }
    // The countered arm's criterion of the same id; null when it has none.
    const GraderBiasCriterion* counteredCriterion(const QString& criterionId) const;

    // doc: a GraderBiasProbe document; analysis: the judge pipeline's, in doc's judge order.
    static GraderBiasReport compute(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                                    GraderBiasProbe::Bias bias, const QString& countermeasure);

    // The honest reading of the two arms: not measured, not reduced, reduced, or gone.
    QString residualRisk() const;
    QString markdown() const;
    QByteArray json() const;
    QString console() const;
};

} // namespace pb
