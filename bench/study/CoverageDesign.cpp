#include "CoverageDesign.h"

#include "standin/StandInModel.h"

#include <boost/math/distributions/normal.hpp>

namespace pb::study {

namespace {

// E[max(1, round(centre + sd Z))]; round's ties have probability zero.
double expectedSteps(double centre, double sd)
{
    const boost::math::normal_distribution<double> z;
    const auto below = [&](double x) { return boost::math::cdf(z, (x - centre) / sd); };
    double expected = below(1.5); // every draw below 1.5 gives 1 step
    for (int k = 2; k < 60; ++k)
        expected += k * (below(k + 0.5) - below(k - 0.5));
    return expected;
}

} // namespace

ProbeDocument withItems(const ProbeDocument& probe, int count, std::mt19937_64* draw,
                        int replication)
{
    ProbeDocument doc = probe;
    doc.items.clear();
    std::uniform_int_distribution<qsizetype> pick(0, probe.items.size() - 1);
    for (int i = 0; i < count; ++i) {
        ProbeItem item = probe.items.at(draw ? pick(*draw) : i % probe.items.size());
        if (draw || i >= probe.items.size()) {
            item.id = QString::number(i);
            for (QString& text : item.variants)
                text += QStringLiteral(" (case %1.%2)").arg(replication).arg(i);
        }
        doc.items << item;
    }
    return doc;
}

double trueAverageGap(const ProbeDocument& doc, const StandInTrial& trial)
{
    const double sd = 1.5 * trial.temperature;
    const QString a = doc.attribute.values.at(0);
    const QString b = doc.attribute.values.at(1);
    const auto expected = [&](const QString& message) {
        return expectedSteps(4.0 - (StandInModel::isCasual(message) ? trial.plantedGap : 0.0), sd);
    };
    double total = 0.0;
    for (const ProbeItem& item : doc.items)
        total += expected(item.variants.value(a)) - expected(item.variants.value(b));
    return total / doc.items.size();
}

} // namespace pb::study
