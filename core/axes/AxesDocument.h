#pragma once

#include "probe/ProbeDocument.h"

#include <QList>
#include <QString>

namespace pb {

// One axis of a probe of several axes: the attribute changed and the value it takes in the
// counterfactual text, compared against the probe's base text.
struct AxisSpec
{
    QString attribute; // "register", "name"
    QString value;     // "casual", "Lakisha": the key of its text in every item
    // The stand-in's bias knob for this axis (read only by the stand-in backend): the gap it
    // plants on this axis's counterfactual calls alone, and the scale of its sampling noise.
    double plantedGap = 0.0;
    double noise = 1.0;

    // "register = casual": how reports and messages name the axis.
    QString label() const { return attribute + QStringLiteral(" = ") + value; }

    bool operator==(const AxisSpec&) const = default;
};

// A probe of several axes (probebench/axes@1, docs/axes-format.md): one base input per item
// and one counterfactual text per axis, the same settings, metric and noise check as a model
// probe. Each axis is run as the model probe of (base, its value) over the same items, so its
// comparison, its store run and its evidence are a model probe's.
struct AxesDocument
{
    static constexpr const char* kKind = "axes";
    static constexpr int kVersion = 1;

    QString title;
    QString description;
    QString base; // the base value's name, the key of the base text in every item ("standard")
    QList<AxisSpec> axes;
    // Each item's variants hold the base text under `base` and one text per axis value.
    QList<ProbeItem> items;
    ProbeSettings settings; // plantedGap unused: the stand-in plants per axis
    MetricSpec metric;
    NoiseCheck noise;

    // The model probe of one axis: attribute = the axis's attribute, values [base, its value],
    // every item with those two texts, the settings with the axis's planted gap.
    ProbeDocument axisProbe(int axis) const;

    bool operator==(const AxesDocument&) const = default;
};

} // namespace pb
