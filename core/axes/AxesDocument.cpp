#include "axes/AxesDocument.h"

namespace pb {

ProbeDocument AxesDocument::axisProbe(int axis) const
{
    const AxisSpec& spec = axes.at(axis);
    ProbeDocument doc;
    doc.title =
        title.isEmpty() ? spec.label() : QString(title + QStringLiteral(": ") + spec.label());
    doc.description = description;
    doc.attribute.name = spec.attribute;
    doc.attribute.values = QStringList{base, spec.value};
    doc.items.reserve(items.size());
    for (const ProbeItem& item : items) {
        ProbeItem one = item;
        one.variants.clear();
        one.variants.insert(base, item.variants.value(base));
        one.variants.insert(spec.value, item.variants.value(spec.value));
        doc.items.append(std::move(one));
    }
    doc.settings = settings;
    doc.settings.plantedGap = spec.plantedGap;
    doc.metric = metric;
    doc.noise = noise;
    return doc;
}

} // namespace pb
