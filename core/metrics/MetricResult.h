#pragma once

#include <QString>
#include <optional>

namespace pb {

// The metric's value for one reply, or the reason the reply could not be scored.
// A flagged reply has no value and is left out of the statistics; it is never scored 0.
struct MetricResult
{
    std::optional<double> value;
    QString flag; // empty when scored; otherwise "unparsable-json", "field-missing", ...

    bool scored() const { return value.has_value(); }

    static MetricResult score(double v) { return {v, QString()}; }
    static MetricResult flagged(const QString& why) { return {std::nullopt, why}; }
};

} // namespace pb
