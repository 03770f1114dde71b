#pragma once

#include "judge/JudgeCallIndex.h"
#include "judge/JudgeProbeDocument.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// One criterion of one repeated artifact: its verdict on every repeat.
struct StabilityCell
{
    QString itemId;
    QString variantId;
    QString criterionId;
    QList<std::optional<int>> values; // repeat 0 first; empty optional = not scored / missing
    bool wobbles() const;             // the scored repeats disagree
    int unscored() const;
};

// The stability check: chosen artifacts judged `repeats` times. Identical verdicts on every
// repeat license reading one pass over the probe set as a measurement of the judge; a
// wobble means a shortfall may be noise rather than a preference.
struct StabilityResult
{
    bool ran = false;
    int repeats = 0;
    int artifacts = 0;
    QList<StabilityCell> cells;

    int wobbling() const;
    int withUnscored() const;
    bool stable() const { return ran && wobbling() == 0 && withUnscored() == 0; }

    static StabilityResult compute(const JudgeProbeDocument& doc, const JudgeCallIndex& calls);
};

} // namespace pb
