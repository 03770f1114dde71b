#pragma once

#include "stats/detection/DistanceComparison.h"

#include <QList>
#include <QString>
#include <vector>

namespace pb {

struct ProbeDocument;

// What every distance mode's analysis (choice, generative) states of its run the same way: the
// values compared, the label of the same-versus-same arm, the estimator chosen before running,
// the temperature, and the calls logged and failed. Each mode's analysis is one of these with
// its own per-item results beside it.
struct DistanceRunFacts
{
    static constexpr double kAlpha = detection::DistanceVerdict::kAlpha;

    QString valueA;
    QString valueB;
    QString noiseLabel;
    QString metricName;
    double temperature = 0.0;
    int callsLogged = 0;
    int callsFailed = 0;

    static DistanceRunFacts of(const ProbeDocument& probe, int callsLogged, int callsFailed);
};

// One item's part in the comparison, as every distance mode's outputs show it: whether it is
// compared (and why not), its D_cf and D_null, and its effect against the noise floor.
struct DistanceItem
{
    QString itemId;
    bool comparable = false;
    QString reason; // why not comparable
    double counterfactual = 0.0;
    double null = 0.0;
    double effect = 0.0;
};

// The items of a mode's analysis as DistanceItems, its D_cf and D_null read from the members
// given.
template <class ItemResult>
QList<DistanceItem> distanceItems(const QList<ItemResult>& items,
                                  double ItemResult::*counterfactual, double ItemResult::*null)
{
    QList<DistanceItem> out;
    out.reserve(items.size());
    for (const ItemResult& r : items)
        out.append({r.itemId, r.comparable, r.reason, r.*counterfactual, r.*null, r.effect});
    return out;
}

// The verdict over the comparable items' distances, D_cf (`counterfactual`) against D_null
// (`null`), in item order, and each comparable item's effect against the probe's noise floor
// when the verdict has one (DistanceVerdict::itemEffect). `ItemResult` has `itemId`,
// `comparable`, `reason` and `effect`.
template <class ItemResult>
detection::DistanceVerdict verdictOverItems(QList<ItemResult>& items,
                                            double ItemResult::*counterfactual,
                                            double ItemResult::*null, double temperature)
{
    std::vector<double> cf;
    std::vector<double> same;
    for (const ItemResult& r : items) {
        if (r.comparable) {
            cf.push_back(r.*counterfactual);
            same.push_back(r.*null);
        }
    }
    const detection::DistanceVerdict verdict =
        detection::DistanceComparison::verdict(cf, same, temperature);
    if (verdict.hasItemEffects()) {
        for (ItemResult& r : items) {
            if (r.comparable)
                r.effect = verdict.itemEffect(r.*counterfactual);
        }
    }
    return verdict;
}

} // namespace pb
