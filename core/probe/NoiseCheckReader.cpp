#include "probe/NoiseCheckReader.h"

#include "probe/SeedList.h"

#include <QSet>
#include <algorithm>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

// where names the offset: noise_check.seed_offset, or noise_check when the default applies.
void checkNoiseSeeds(const QString& where, const QString& what, const QList<qint64>& seeds,
                     qint64 offset, QList<ProbeProblem>* problems)
{
    QList<qint64> shifted;
    shifted.reserve(seeds.size());
    for (const qint64 s : seeds) {
        if ((offset > 0 && s > std::numeric_limits<qint64>::max() - offset) ||
            (offset < 0 && s < std::numeric_limits<qint64>::min() - offset)) {
            problems->append(ProbeProblem::error(
                where, QStringLiteral("%1 pushes seed %2 out of the range of whole numbers the "
                                      "workbench can store")
                           .arg(what)
                           .arg(s)));
            return;
        }
        shifted << s + offset;
    }
    const QSet<qint64> probe(seeds.begin(), seeds.end());
    QList<qint64> overlap;
    for (const qint64 s : std::as_const(shifted)) {
        if (probe.contains(s)) {
            overlap << s;
        }
    }
    if (overlap.isEmpty()) {
        return;
    }
    std::sort(overlap.begin(), overlap.end());
    constexpr qsizetype kShown = 12;
    const QString shown = SeedList::format(overlap.mid(0, kShown)) +
                          (overlap.size() > kShown ? QStringLiteral(", \u2026") : QString());
    const auto [low, high] = std::minmax_element(seeds.begin(), seeds.end());
    problems->append(ProbeProblem::error(
        where, QStringLiteral("%1 makes the noise-check seeds overlap the probe seeds (both would "
                              "use %2); the same-versus-same check needs a block of seeds of its "
                              "own. A seed_offset of %3 or more always works.")
                   .arg(what, shown)
                   .arg(*high - *low + 1)));
}

} // namespace

void NoiseCheckReader::read(JsonFieldReader& top, const QList<qint64>& seeds, NoiseCheck* out)
{
    QList<ProbeProblem>* problems = top.problems();
    const json* object = top.object("noise_check", Need::Optional);
    if (!object) {
        if (!top.has("noise_check") && !seeds.isEmpty()) {
            checkNoiseSeeds(top.pathOf(QStringLiteral("noise_check")),
                            QStringLiteral("the noise check is on by default, and its default "
                                           "seed_offset of %1")
                                .arg(out->seedOffset),
                            seeds, out->seedOffset, problems);
        }
        return;
    }
    JsonFieldReader noise(*object, top.pathOf(QStringLiteral("noise_check")), problems);
    noise.checkKeys({QStringLiteral("enabled"), QStringLiteral("seed_offset")});
    if (const auto enabled = noise.boolean("enabled", Need::Optional)) {
        out->enabled = *enabled;
    }
    const auto offset = noise.integer("seed_offset", Need::Optional);
    if (offset) {
        out->seedOffset = *offset;
    }
    if (out->enabled && (offset || !object->contains("seed_offset"))) {
        if (!seeds.isEmpty()) {
            const bool given = object->contains("seed_offset");
            checkNoiseSeeds(
                given ? noise.pathOf(QStringLiteral("seed_offset")) : noise.path(),
                given ? QStringLiteral("seed_offset %1").arg(out->seedOffset)
                      : QStringLiteral("the default seed_offset of %1").arg(out->seedOffset),
                seeds, out->seedOffset, problems);
        }
    }
}

void NoiseCheckReader::requireForDistances(const MetricSpec& metric, const NoiseCheck& noise,
                                           QList<ProbeProblem>* problems)
{
    if ((metric.isChoice() || metric.isGenerative()) && !noise.enabled)
        problems->append(ProbeProblem::error(
            QStringLiteral("noise_check.enabled"),
            QStringLiteral("is false, but a %1 probe needs the same-versus-same arm: its "
                           "distances are measured against that noise floor")
                .arg(metric.mode())));
}

} // namespace pb
