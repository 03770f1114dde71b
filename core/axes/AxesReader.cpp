#include "axes/AxesReader.h"

#include "probe/BoundedFile.h"
#include "probe/JsonPath.h"
#include "probe/NoiseCheckReader.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeSettingsReader.h"

#include <QFileInfo>
#include <QHash>
#include <functional>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

const QString kNoun = QStringLiteral("probe of several axes");

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

void readAxes(JsonFieldReader& top, const QString& base, QList<AxisSpec>* out)
{
    const json* list = top.array("axes", Need::Required);
    if (!list)
        return;
    const QString path = top.pathOf(QStringLiteral("axes"));
    if (list->empty()) {
        top.error(QStringLiteral("axes"),
                  QStringLiteral("is empty: give each axis its attribute and value, e.g. "
                                 "{\"attribute\": \"register\", \"value\": \"casual\"}"));
        return;
    }
    QList<qsizetype> places; // where each value in out was given, for "repeats ... of axes[i]"
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString at = JsonPath::element(path, qsizetype(i));
        if (!JsonFieldReader::requireObject(
                (*list)[i], at, QStringLiteral("{ \"attribute\": ..., \"value\": ... }"),
                top.problems()))
            continue;
        JsonFieldReader axis((*list)[i], at, top.problems());
        axis.checkKeys({QStringLiteral("attribute"), QStringLiteral("value")},
                       {{QStringLiteral("values"),
                         QStringLiteral("an axis has one value: give each value an axis of its "
                                        "own, with the same attribute")},
                        {QStringLiteral("planted_gap"), QStringLiteral("belongs inside "
                                                                       "\"stand_in\"")}});
        AxisSpec spec;
        const auto attribute = axis.nonEmptyString("attribute", Need::Required);
        const auto value = axis.nonEmptyString("value", Need::Required);
        if (!attribute || !value)
            continue;
        spec.attribute = *attribute;
        spec.value = *value;
        if (!base.isEmpty() && spec.value == base) {
            axis.error(QStringLiteral("value"),
                       QStringLiteral("is the base value %1: an axis compares another value "
                                      "against it")
                           .arg(quoted(base)));
            continue;
        }
        bool repeated = false;
        for (qsizetype k = 0; k < out->size(); ++k) {
            if (out->at(k).value == spec.value) {
                axis.error(QStringLiteral("value"),
                           QStringLiteral("repeats %1 of %2: items name each axis's text by its "
                                          "value, so every axis needs a value of its own")
                               .arg(quoted(spec.value), JsonPath::element(path, places[k])));
                repeated = true;
            }
        }
        if (!repeated) {
            out->append(spec);
            places << qsizetype(i);
        }
    }
    if (list->size() == 1)
        top.warning(QStringLiteral("axes"),
                    QStringLiteral("has one axis: that is a model probe (probebench/probe@1), "
                                   "which reads the same items and settings"));
}

// Each item's counterfactual texts against its base: the model probe's reader warns about the
// first axis only (its values A and B), so the others are checked here in the same words.
void checkIdenticalTexts(const AxesDocument& doc, QList<ProbeProblem>* problems)
{
    for (qsizetype i = 0; i < doc.items.size(); ++i) {
        const ProbeItem& item = doc.items[i];
        for (qsizetype a = 1; a < doc.axes.size(); ++a) {
            const QString& value = doc.axes[a].value;
            if (item.variants.contains(value) &&
                item.variants.value(value) == item.variants.value(doc.base))
                problems->append(ProbeProblem::warning(
                    JsonPath::member(JsonPath::element(QStringLiteral("items"), i),
                                     QStringLiteral("variants")),
                    QStringLiteral("the %1 and %2 texts are identical, so this item cannot "
                                   "show a gap on the axis %3")
                        .arg(doc.base, value, doc.axes[a].label())));
        }
    }
}

void readKnob(JsonFieldReader& standIn, const char* key, const QList<AxisSpec>& axes,
              const std::function<bool(double)>& allowed, const QString& rule,
              const std::function<void(AxisSpec&, double)>& set, QList<AxisSpec>* out)
{
    const json* object = standIn.object(key, Need::Optional);
    if (!object)
        return;
    JsonFieldReader reader(*object, standIn.pathOf(QLatin1String(key)), standIn.problems());
    QStringList values;
    for (const AxisSpec& axis : axes)
        values << axis.value;
    for (auto it = object->begin(); it != object->end(); ++it) {
        const QString value = JsonFieldReader::toQString(it.key());
        const qsizetype index = values.indexOf(value);
        if (index < 0) {
            reader.error(value, QStringLiteral("is not the value of an axis (%1)")
                                    .arg(values.join(QStringLiteral(", "))));
            continue;
        }
        const std::optional<double> number = reader.number(it.key().c_str(), Need::Required);
        if (!number)
            continue;
        if (!allowed(*number)) {
            reader.error(value, rule);
            continue;
        }
        set((*out)[index], *number);
    }
}

void readStandIn(JsonFieldReader& top, const BackendSettings& settings, QList<AxisSpec>* axes)
{
    const json* object = top.object("stand_in", Need::Optional);
    if (!object)
        return;
    JsonFieldReader standIn(*object, top.pathOf(QStringLiteral("stand_in")), top.problems());
    standIn.checkKeys({QStringLiteral("planted_gap"), QStringLiteral("noise")});
    const QList<AxisSpec> given = *axes;
    readKnob(
        standIn, "planted_gap", given, [](double) { return true; }, QString(),
        [](AxisSpec& axis, double gap) { axis.plantedGap = gap; }, axes);
    readKnob(
        standIn, "noise", given, [](double noise) { return noise >= 0.0 && noise <= 100.0; },
        QStringLiteral("must be from 0 to 100: it scales the stand-in's sampling noise"),
        [](AxisSpec& axis, double noise) { axis.noise = noise; }, axes);
    if (settings.backend != QLatin1String("stand-in"))
        top.warning(QStringLiteral("stand_in"),
                    QStringLiteral("is read only by the stand-in backend; %1 ignores it")
                        .arg(settings.backend));
}

} // namespace

AxesLoadResult AxesReader::parse(const QByteArray& bytes, const QString& sourceName)
{
    AxesLoadResult result;
    result.sourceName = sourceName;
    QList<ProbeProblem>& problems = result.problems;
    const std::optional<json> root = JsonFieldReader::parseObject(bytes, kNoun, &problems);
    if (!root)
        return result;
    JsonFieldReader top(*root, QString(), &problems);
    if (!FileFormat::check(top, QLatin1String(AxesDocument::kKind), AxesDocument::kVersion, kNoun))
        return result;
    QHash<QString, QString> misplaced;
    for (const QString& key : ProbeSettingsReader::settingsKeys())
        misplaced.insert(key, QStringLiteral("belongs inside \"settings\""));
    misplaced.insert(QStringLiteral("planted_gap"),
                     QStringLiteral("belongs inside \"stand_in\", per axis"));
    misplaced.insert(QStringLiteral("attribute"),
                     QStringLiteral("a probe of several axes names its attributes in \"axes\""));
    top.checkKeys({QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("description"),
                   QStringLiteral("base"), QStringLiteral("axes"), QStringLiteral("items"),
                   QStringLiteral("settings"), QStringLiteral("metric"),
                   QStringLiteral("noise_check"), QStringLiteral("stand_in")},
                  misplaced);

    AxesDocument doc;
    doc.title = top.string("title", Need::Optional).value_or(QString());
    doc.description = top.string("description", Need::Optional).value_or(QString());
    doc.base = top.nonEmptyString("base", Need::Required).value_or(QString());
    readAxes(top, doc.base, &doc.axes);

    QStringList values{doc.base};
    for (const AxisSpec& axis : doc.axes)
        values << axis.value;
    if (!doc.base.isEmpty())
        ProbeReader::readItemsIn(top, values, &doc.items, &problems);

    if (!top.has("settings")) {
        top.error(QStringLiteral("settings"),
                  QStringLiteral("missing: give at least the seeds, e.g. \"settings\": "
                                 "{\"seeds\": \"1-20\"}"));
    } else {
        const json* settings = top.object("settings", Need::Required);
        if (settings && settings->contains("planted_gap"))
            problems.append(ProbeProblem::error(
                QStringLiteral("settings.planted_gap"),
                QStringLiteral("a probe of several axes plants its gap per axis: give it in "
                               "\"stand_in\": {\"planted_gap\": {\"<axis value>\": ...}}")));
        ProbeSettingsReader::read(settings, &doc.settings, &problems);
    }
    ProbeReader::readMetricIn(top, &doc.metric, &problems);
    NoiseCheckReader::read(top, doc.settings.seeds, &doc.noise);
    NoiseCheckReader::requireForDistances(doc.metric, doc.noise, &problems);
    // The noise arm is logged as "<base> again"; an axis of that value could not be told apart.
    const QString noiseLabel = ProbeDocument::noiseLabelFor(doc.base);
    for (qsizetype a = 0; a < doc.axes.size(); ++a) {
        if (doc.noise.enabled && doc.axes[a].value == noiseLabel)
            problems.append(ProbeProblem::error(
                JsonPath::member(JsonPath::element(QStringLiteral("axes"), a),
                                 QStringLiteral("value")),
                QStringLiteral("%1 is the label of the noise check's arm; rename this value or "
                               "turn the noise check off")
                    .arg(quoted(noiseLabel))));
    }
    checkIdenticalTexts(doc, &problems);
    readStandIn(top, doc.settings, &doc.axes);

    if (!result.hasErrors())
        result.document = std::move(doc);
    return result;
}

AxesLoadResult AxesReader::readFile(const QString& path)
{
    return BoundedFile::readAndParse<AxesLoadResult>(path, kMaxFileBytes, kNoun, &parse);
}

} // namespace pb
