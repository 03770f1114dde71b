#pragma once

// The calibration study's comparison of the choice and the generative mode where both apply: a
// choice probe's replies ("yes", "no", "I am not sure.") are text too, so one set of calls is
// scored in choice mode (the distributions over the candidates, from the logprobs) and, from
// the same replies' text, in generative mode (their embeddings' cosine distances). The two
// modes' scores are on different scales and are never mixed or averaged: only their rankings
// of the same probes, and of the same items, are compared.

#include "SvgPlot.h"
#include "probe/ProbeDocument.h"
#include "stats/agreement/RankCorrelation.h"

#include <QList>
#include <QString>

namespace pb::study {

struct ModeAgreementRow
{
    double temperature = 0;
    int probes = 0;           // probes both modes gave an effect for
    RankAgreement probesAll;  // standardized effects over every planted gap
    RankAgreement probesNull; // planted gap 0 only: noise alone orders them
    int bothDetected = 0, choiceOnly = 0, generativeOnly = 0, neither = 0;
    // Items: each item's D_cf - D_null averaged over the probes at the item-level gap, per
    // mode, and the two modes' rankings of the items compared.
    RankAgreement items;
    int itemProbes = 0;
};

struct ModeAgreement
{
    QList<double> gaps;
    int probesPerGap = 0;
    int seeds = 0;
    double itemGap = 0; // the probe's own planted gap, where the items are compared
    QList<ModeAgreementRow> rows;

    // For each temperature: probesPerGap probes at each planted gap, each on a seed block of
    // its own from firstSeed on, 1000 apart, scored in both modes from the same calls.
    static ModeAgreement run(const ProbeDocument& choice, const MetricSpec& embedding,
                             const QList<double>& temperatures, const QList<double>& gaps,
                             int probesPerGap, int seeds, qint64 firstSeed);
    QString markdown() const;
    // One line for the study's findings: rho and tau per temperature, over all gaps and at 0.
    QString finding() const;
    SvgPlot figure() const;
};

} // namespace pb::study
