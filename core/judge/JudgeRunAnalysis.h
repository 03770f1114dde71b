#pragma once

#include "judge/ConstructionScore.h"
#include "judge/EvidenceTally.h"
#include "judge/JudgedCall.h"
#include "judge/PositionConsistency.h"
#include "judge/PropertyEffect.h"
#include "judge/StabilityResult.h"
#include "run/TokenTotals.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// A judge call that needs a person: its reply never validated.
struct ReviewItem
{
    QString itemId;
    QString variantId;
    int repeat = 0;
    QStringList errors;
    QString rawOutput;
};

// Everything one judge's run of a judge probe shows: what moved its verdicts and by how
// much, its score against construction, its evidence quotes, its stability and its position
// consistency. Plain value, computed from the logged calls alone; a results page can show
// it as it is.
struct JudgeRunAnalysis
{
    QString judgeName;
    QString backend;
    QString model;
    QStringList modelsReported;
    int planned = 0;      // calls in the plan (probe calls and stability repeats)
    int logged = 0;       // calls recorded
    int probeCalls = 0;   // of them, the probe's own calls (repeat 0)
    int scored = 0;       // replies that validated
    int reviewNeeded = 0; // replies that never validated
    int failed = 0;       // no reply
    QList<ReviewItem> reviews;
    EvidenceTally evidence;
    QList<PropertyEffect> effects;
    ConstructionScore construction;
    StabilityResult stability;
    PositionConsistency position;
    QList<JudgedCall> calls;           // as logged, in plan order
    TokenTotals tokens;                // over calls
    std::optional<TokenPrices> prices; // the judge's, as its settings give them

    const PropertyEffect* effect(const QString& property) const;

    static JudgeRunAnalysis compute(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                    const QList<JudgedCall>& calls);
};

} // namespace pb
