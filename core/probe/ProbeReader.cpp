#include "probe/ProbeReader.h"

#include "metrics/Metric.h"
#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"
#include "probe/NoiseCheckReader.h"
#include "probe/ProbeSettingsReader.h"
#include "probe/SeedList.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

void readAttribute(JsonFieldReader& top, AttributeSpec* out, QList<ProbeProblem>* problems)
{
    const json* object = top.object("attribute", Need::Required);
    if (!object) {
        return;
    }
    JsonFieldReader attribute(*object, top.pathOf(QStringLiteral("attribute")), problems);
    attribute.checkKeys({QStringLiteral("name"), QStringLiteral("values")});
    if (const auto name = attribute.string("name", Need::Required)) {
        if (name->trimmed().isEmpty()) {
            attribute.error(QStringLiteral("name"), QStringLiteral("is empty"));
        }
        out->name = *name;
    }
    const json* values = attribute.array("values", Need::Required);
    if (!values) {
        return;
    }
    const QString path = attribute.pathOf(QStringLiteral("values"));
    for (std::size_t i = 0; i < values->size(); ++i) {
        const QString elementPath = JsonPath::element(path, qsizetype(i));
        const auto value = JsonFieldReader::asString((*values)[i], elementPath, problems);
        if (!value) {
            continue;
        }
        if (value->trimmed().isEmpty()) {
            problems->append(ProbeProblem::error(elementPath, QStringLiteral("is empty")));
        } else if (out->values.contains(*value)) {
            problems->append(ProbeProblem::error(
                elementPath,
                QStringLiteral("repeats %1: the values must differ").arg(quoted(*value))));
        } else {
            out->values << *value;
        }
    }
    if (values->size() < 2) {
        problems->append(ProbeProblem::error(
            path, QStringLiteral("needs at least two values: A and B, e.g. [\"formal\", "
                                 "\"casual\"]")));
    }
}

QString itemId(const json& value, const QString& path, QList<ProbeProblem>* problems)
{
    if (value.is_number()) {
        return JsonFieldReader::toQString(value.dump()); // the tutorial labels items 0..7
    }
    if (!value.is_string()) {
        problems->append(
            ProbeProblem::error(path, QStringLiteral("must be text or a number, not %1")
                                          .arg(JsonFieldReader::typeName(value))));
        return {};
    }
    const QString id = JsonFieldReader::toQString(value.get_ref<const std::string&>());
    if (id.trimmed().isEmpty()) {
        problems->append(ProbeProblem::error(path, QStringLiteral("is empty")));
        return {};
    }
    return id;
}

void readVariants(JsonFieldReader& item, const QStringList& values, ProbeItem* out,
                  QList<ProbeProblem>* problems)
{
    const json* variants = item.object("variants", Need::Required);
    if (!variants) {
        return;
    }
    JsonFieldReader reader(*variants, item.pathOf(QStringLiteral("variants")), problems);
    for (const QString& value : values) {
        const std::string key = value.toStdString();
        const auto it = variants->find(key);
        if (it == variants->end()) {
            reader.error(value, QStringLiteral("missing"));
            continue;
        }
        const auto text = JsonFieldReader::asString(*it, reader.pathOf(value), problems);
        if (!text) {
            continue;
        }
        if (text->trimmed().isEmpty()) {
            reader.error(value, QStringLiteral("is empty"));
            continue;
        }
        out->variants.insert(value, *text);
    }
    for (auto it = variants->begin(); it != variants->end(); ++it) {
        const QString key = JsonFieldReader::toQString(it.key());
        if (!values.isEmpty() && !values.contains(key)) {
            reader.error(key, QStringLiteral("is not one of the attribute values (%1)")
                                  .arg(values.join(QStringLiteral(", "))));
        }
    }
    if (values.size() >= 2 && out->variants.contains(values[0]) &&
        out->variants.value(values[0]) == out->variants.value(values[1])) {
        item.warning(QStringLiteral("variants"),
                     QStringLiteral("the %1 and %2 texts are identical, so this item cannot show "
                                    "a gap")
                         .arg(values[0], values[1]));
    }
}

void readItems(JsonFieldReader& top, const QStringList& values, QList<ProbeItem>* out,
               QList<ProbeProblem>* problems)
{
    const json* items = top.array("items", Need::Required);
    if (!items) {
        return;
    }
    const QString path = top.pathOf(QStringLiteral("items"));
    if (items->empty()) {
        problems->append(ProbeProblem::error(path, QStringLiteral("is empty: a probe needs "
                                                                  "matched items")));
        return;
    }
    JsonUniqueIds ids(path);
    for (std::size_t i = 0; i < items->size(); ++i) {
        const QString itemPath = JsonPath::element(path, qsizetype(i));
        const json& element = (*items)[i];
        if (!JsonFieldReader::requireObject(
                element, itemPath, QStringLiteral("{ \"id\": ..., \"variants\": ... }"), problems))
            continue;
        JsonFieldReader item(element, itemPath, problems);
        item.checkKeys({QStringLiteral("id"), QStringLiteral("variants"), QStringLiteral("note"),
                        QStringLiteral("facts")});
        ProbeItem parsed;
        if (const json* id = item.find("id")) {
            parsed.id = itemId(*id, item.pathOf(QStringLiteral("id")), problems);
        } else {
            item.error(QStringLiteral("id"), QStringLiteral("missing"));
        }
        ids.claim(item, QStringLiteral("id"), parsed.id, qsizetype(i));
        readVariants(item, values, &parsed, problems);
        if (const auto note = item.string("note", Need::Optional)) {
            parsed.note = *note;
        }
        if (const json* facts = item.array("facts", Need::Optional)) {
            const QString factsPath = item.pathOf(QStringLiteral("facts"));
            for (std::size_t f = 0; f < facts->size(); ++f) {
                if (const auto fact = JsonFieldReader::asString(
                        (*facts)[f], JsonPath::element(factsPath, qsizetype(f)), problems)) {
                    parsed.facts << *fact;
                }
            }
        }
        out->append(parsed);
    }
    // With n items and no zero gaps, the two all-same-sign patterns always tie the observed
    // gap, so the sign-flip p can never go below 2 / 2^n.
    const std::size_t n = items->size();
    if (n <= 5) {
        const double smallest = 2.0 / std::pow(2.0, double(n));
        problems->append(ProbeProblem::warning(
            path, QStringLiteral("with %1 item%2 the smallest p the sign-flip test can give is "
                                 "%3, so no result can reach p < 0.05; use 6 or more items")
                      .arg(n)
                      .arg(n == 1 ? QString() : QStringLiteral("s"))
                      .arg(smallest, 0, 'g', 3)));
    }
}

// A generative probe's embedding model: {"model": ..., "backend": ..., "endpoints": [...]}.
void readEmbedding(JsonFieldReader& metric, MetricSpec* out)
{
    const json* object = metric.object("embedding", Need::Required);
    if (!object) {
        return;
    }
    QList<ProbeProblem>* problems = metric.problems();
    JsonFieldReader embedding(*object, metric.pathOf(QStringLiteral("embedding")), problems);
    embedding.checkKeys(
        {QStringLiteral("model"), QStringLiteral("backend"), QStringLiteral("endpoints")});
    if (const auto model = embedding.nonEmptyString("model", Need::Required)) {
        out->embeddingModel = *model;
    }
    if (const auto backend = embedding.nonEmptyString("backend", Need::Optional)) {
        out->embeddingBackend = *backend;
    }
    if (const json* endpoints = embedding.array("endpoints", Need::Optional)) {
        const QString path = embedding.pathOf(QStringLiteral("endpoints"));
        for (std::size_t i = 0; i < endpoints->size(); ++i) {
            if (const auto e = JsonFieldReader::asString(
                    (*endpoints)[i], JsonPath::element(path, qsizetype(i)), problems)) {
                out->embeddingEndpoints << *e;
            }
        }
    }
}

void readMetric(JsonFieldReader& top, MetricSpec* out, QList<ProbeProblem>* problems)
{
    if (!top.has("metric")) {
        top.error(QStringLiteral("metric"),
                  QStringLiteral("missing: choose the metric before running, e.g. \"metric\": "
                                 "{\"kind\": \"count_steps\", \"name\": \"steps\"}"));
        return;
    }
    const json* object = top.object("metric", Need::Required);
    if (!object) {
        return;
    }
    const qsizetype before = problems->size();
    JsonFieldReader metric(*object, top.pathOf(QStringLiteral("metric")), problems);
    metric.checkKeys({QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("pattern"),
                      QStringLiteral("field"), QStringLiteral("categories"),
                      QStringLiteral("positive"), QStringLiteral("description"),
                      QStringLiteral("candidates"), QStringLiteral("top_logprobs"),
                      QStringLiteral("embedding")});
    const auto kind = metric.string("kind", Need::Required);
    if (kind) {
        out->kind = *kind;
    }
    if (const auto pattern = metric.string("pattern", Need::Optional)) {
        out->pattern = *pattern;
    }
    if (const auto field = metric.string("field", Need::Optional)) {
        out->field = *field;
    }
    if (const json* categories = metric.array("categories", Need::Optional)) {
        const QString path = metric.pathOf(QStringLiteral("categories"));
        for (std::size_t i = 0; i < categories->size(); ++i) {
            const auto c = JsonFieldReader::asString(
                (*categories)[i], JsonPath::element(path, qsizetype(i)), problems);
            if (c) {
                out->categories << *c;
            }
        }
    }
    if (const auto positive = metric.string("positive", Need::Optional)) {
        out->positive = *positive;
    }
    if (const json* candidates = metric.array("candidates", Need::Optional)) {
        const QString path = metric.pathOf(QStringLiteral("candidates"));
        for (std::size_t i = 0; i < candidates->size(); ++i) {
            if (const auto c = JsonFieldReader::asString(
                    (*candidates)[i], JsonPath::element(path, qsizetype(i)), problems)) {
                out->candidates << *c;
            }
        }
    }
    if (const auto top = metric.integer("top_logprobs", Need::Optional)) {
        out->topLogprobs = int(std::clamp<qint64>(*top, -1, 1000));
        if (!out->isChoice()) {
            metric.warning(QStringLiteral("top_logprobs"),
                           QStringLiteral("is ignored by %1").arg(out->kind));
        }
    }
    if (metric.has("embedding")) {
        readEmbedding(metric, out);
    }
    if (const auto description = metric.string("description", Need::Optional)) {
        out->description = *description;
    }
    out->name = defaultMetricName(out->kind, out->field);
    if (const auto name = metric.string("name", Need::Optional)) {
        out->name = *name;
    }
    if (kind && !JsonFieldReader::hasErrorSince(*problems, before)) {
        problems->append(validateMetricSpec(*out, metric.path()));
    }
}

// The noise arm is logged under "<A> again"; an attribute value with that name would be
// indistinguishable from it in the log and the tables.
void checkNoiseLabel(const ProbeDocument& document, QList<ProbeProblem>* problems)
{
    if (!document.noise.enabled || document.attribute.values.size() < 2) {
        return;
    }
    const qsizetype clash = document.attribute.values.indexOf(document.noiseLabel());
    if (clash > 0) {
        problems->append(ProbeProblem::error(
            JsonPath::element(QStringLiteral("attribute.values"), clash),
            QStringLiteral("%1 is the label of the noise check's second arm; rename this value "
                           "or turn the noise check off")
                .arg(quoted(document.noiseLabel()))));
    }
}

} // namespace

ProbeLoadResult ProbeReader::readFile(const QString& path)
{
    return BoundedFile::readAndParse<ProbeLoadResult>(path, kMaxFileBytes,
                                                      QStringLiteral("probe file"), &parse);
}

ProbeLoadResult ProbeReader::parse(const QByteArray& bytes, const QString& sourceName)
{
    ProbeLoadResult result;
    result.sourceName = sourceName;
    QList<ProbeProblem>& problems = result.problems;

    const std::optional<json> parsed =
        JsonFieldReader::parseObject(bytes, QStringLiteral("probe file"), &problems);
    if (!parsed) {
        return result;
    }
    const json& root = *parsed;

    ProbeDocument document;
    JsonFieldReader top(root, QString(), &problems);
    if (!FileFormat::check(top, QStringLiteral("probe"), 1, QStringLiteral("probe file"))) {
        return result;
    }
    QHash<QString, QString> misplaced;
    for (const QString& key : ProbeSettingsReader::settingsKeys()) {
        misplaced.insert(key, QStringLiteral("belongs inside \"settings\""));
    }
    misplaced.insert(QStringLiteral("values"), QStringLiteral("belongs inside \"attribute\""));
    misplaced.insert(QStringLiteral("variants"), QStringLiteral("belongs inside each item"));
    top.checkKeys({QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("description"),
                   QStringLiteral("attribute"), QStringLiteral("items"), QStringLiteral("settings"),
                   QStringLiteral("metric"), QStringLiteral("noise_check")},
                  misplaced);

    if (const auto title = top.string("title", Need::Optional)) {
        document.title = *title;
    }
    if (const auto description = top.string("description", Need::Optional)) {
        document.description = *description;
    }
    readAttribute(top, &document.attribute, &problems);
    readItems(top, document.attribute.values, &document.items, &problems);
    if (!top.has("settings")) {
        top.error(QStringLiteral("settings"),
                  QStringLiteral("missing: give at least the seeds, e.g. \"settings\": "
                                 "{\"seeds\": \"1-20\"}"));
    } else {
        ProbeSettingsReader::read(top.object("settings", Need::Required), &document.settings,
                                  &problems);
    }
    readMetric(top, &document.metric, &problems);
    NoiseCheckReader::read(top, document.settings.seeds, &document.noise);
    NoiseCheckReader::requireForDistances(document.metric, document.noise, &problems);
    checkNoiseLabel(document, &problems);

    if (!result.hasErrors()) {
        result.document = std::move(document);
    }
    return result;
}

void ProbeReader::readMetricIn(JsonFieldReader& top, MetricSpec* out, QList<ProbeProblem>* problems)
{
    readMetric(top, out, problems);
}

void ProbeReader::readItemsIn(JsonFieldReader& top, const QStringList& values,
                              QList<ProbeItem>* out, QList<ProbeProblem>* problems)
{
    readItems(top, values, out, problems);
}

} // namespace pb
