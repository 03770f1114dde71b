#include "judge/JudgeProbeWriter.h"

#include "judge/RubricWriter.h"
#include "judge/VariantGenerator.h"
#include "probe/BackendSettingsWriter.h"
#include "probe/ProbeWriter.h"
#include "probe/WholeFile.h"

#include <QDir>
#include <QFileInfo>
#include <optional>

namespace pb {

namespace {

using ojson = nlohmann::ordered_json;

const QString kPadPrefix = QStringLiteral("pad ");
const QString kNamePrefix = QStringLiteral("name: ");

std::string utf8(const QString& text)
{
    return text.toStdString();
}

ojson stringList(const QStringList& list)
{
    ojson out = ojson::array();
    for (const QString& s : list)
        out.push_back(utf8(s));
    return out;
}

bool inlineRubric(const JudgeProbeDocument& doc)
{
    return doc.rubricSource.isEmpty() || doc.rubricSource == QLatin1String("inline");
}

// One generator as the file states it: it makes the run of variants it replaces.
struct Generator
{
    QString property; // "padding" or "byline"
    QStringList values;
    QString separator;
    QString pattern; // byline only
    bool atStart = false;

    bool operator==(const Generator&) const = default;

    QList<JudgeVariant> make(const JudgeVariant& base) const
    {
        if (property == QLatin1String("padding"))
            return VariantGenerator::padding(base, {values, separator, atStart});
        return VariantGenerator::byline(base, {values, pattern, separator, atStart});
    }

    ojson toJson() const
    {
        ojson out = ojson::object();
        out["property"] = utf8(property);
        if (property == QLatin1String("padding")) {
            out["pads"] = stringList(values);
        } else {
            out["names"] = stringList(values);
            out["template"] = utf8(pattern);
        }
        out["separator"] = utf8(separator);
        out["where"] = atStart ? "start" : "end";
        return out;
    }
};

// What a generated answer adds to its base (separator included), or nothing when the base is
// not where a generator would have left it.
std::optional<QString> addedText(const QString& base, const QString& answer, bool atStart)
{
    if (answer.size() <= base.size())
        return std::nullopt;
    if (atStart ? !answer.endsWith(base) : !answer.startsWith(base))
        return std::nullopt;
    return atStart ? answer.left(answer.size() - base.size()) : answer.mid(base.size());
}

// The pad or byline line of one generated answer, once the separator is taken off.
std::optional<QString> stripSeparator(const QString& added, const QString& separator, bool atStart)
{
    if (atStart ? !added.endsWith(separator) : !added.startsWith(separator))
        return std::nullopt;
    const QString text =
        atStart ? added.left(added.size() - separator.size()) : added.mid(separator.size());
    if (text.trimmed().isEmpty())
        return std::nullopt;
    return text;
}

// The generator that makes exactly `run` from `base`, if there is one. Every choice of where
// and separator that could explain the answers is tried, and only one whose output equals
// the run variant for variant (ids, answers, deserved verdicts, generatedFrom) is accepted.
std::optional<Generator> explain(const JudgeVariant& base, const QList<JudgeVariant>& run)
{
    const bool padding = run.first().property == QLatin1String("padding");
    const QStringList separators = padding
                                       ? QStringList{QStringLiteral(" "), QStringLiteral("\n\n"),
                                                     QStringLiteral("\n"), QString()}
                                       : QStringList{QStringLiteral("\n\n"), QStringLiteral("\n"),
                                                     QStringLiteral(" "), QString()};
    for (const bool atStart : {!padding, padding}) {
        for (const QString& separator : separators) {
            Generator g;
            g.property = run.first().property;
            g.separator = separator;
            g.atStart = atStart;
            bool fits = true;
            for (const JudgeVariant& v : run) {
                const auto added = addedText(base.answer, v.answer, atStart);
                const auto text = added ? stripSeparator(*added, separator, atStart) : std::nullopt;
                if (!text) {
                    fits = false;
                    break;
                }
                if (padding) {
                    g.values << *text;
                    continue;
                }
                const QString name = v.generatedFrom.mid(kNamePrefix.size());
                QString pattern = *text;
                pattern.replace(name, QStringLiteral("{name}"));
                if (name.trimmed().isEmpty() || !pattern.contains(QStringLiteral("{name}")) ||
                    (!g.pattern.isEmpty() && g.pattern != pattern)) {
                    fits = false;
                    break;
                }
                g.pattern = pattern;
                g.values << name;
            }
            if (fits && g.make(base) == run)
                return g;
        }
    }
    return std::nullopt;
}

// The generated tail of an item as generators: the variants from the first generated one on
// must all be explained, in order, else the item is written out variant by variant.
struct ItemVariants
{
    QList<JudgeVariant> written;
    QList<Generator> generators;
};

ItemVariants splitVariants(const JudgeItem& item)
{
    const QList<JudgeVariant>& all = item.variants;
    qsizetype first = 0;
    while (first < all.size() && all.at(first).generatedFrom.isEmpty())
        ++first;
    ItemVariants out;
    out.written = all.mid(0, first);
    qsizetype at = first;
    while (at < all.size()) {
        const JudgeVariant& v = all.at(at);
        QList<JudgeVariant> run;
        if (v.property == QLatin1String("padding") && v.generatedFrom.startsWith(kPadPrefix)) {
            while (at + run.size() < all.size()) {
                const JudgeVariant& next = all.at(at + run.size());
                if (next.property != v.property ||
                    next.generatedFrom != kPadPrefix + QString::number(run.size() + 1))
                    break;
                run << next;
            }
        } else if (v.property == QLatin1String("byline") &&
                   v.generatedFrom.startsWith(kNamePrefix)) {
            while (at + run.size() < all.size()) {
                const JudgeVariant& next = all.at(at + run.size());
                if (next.property != v.property || !next.generatedFrom.startsWith(kNamePrefix))
                    break;
                run << next;
            }
        }
        const std::optional<Generator> g = run.isEmpty() ? std::nullopt : explain(item.base, run);
        if (!g)
            return {all, {}};
        out.generators << *g;
        at += run.size();
    }
    return out;
}

ojson verdictValue(const Rubric& rubric, int value, bool pairwise)
{
    if (pairwise)
        return value == 0 ? "first" : "second";
    if (rubric.scale == RubricScale::PassFail)
        return utf8(rubric.verdictText(value));
    return value;
}

ojson deservedObject(const Rubric& rubric, const DeservedVerdicts& deserved, bool pairwise)
{
    ojson out = ojson::object();
    // Rubric order first, so the file reads like the rubric; then anything else it holds.
    for (const QString& id : rubric.ids()) {
        if (deserved.contains(id))
            out[utf8(id)] = verdictValue(rubric, deserved.value(id), pairwise);
    }
    for (auto it = deserved.begin(); it != deserved.end(); ++it) {
        if (!rubric.criterion(it.key()))
            out[utf8(it.key())] = verdictValue(rubric, it.value(), pairwise);
    }
    return out;
}

ojson variantObject(const Rubric& rubric, const JudgeVariant& base, const JudgeVariant& v)
{
    ojson out = ojson::object();
    out["id"] = utf8(v.id);
    out["property"] = utf8(v.property);
    out["shape"] = v.shape == PairShape::Opposed ? "opposed" : "same";
    if (v.question != base.question)
        out["question"] = utf8(v.question);
    out["answer"] = utf8(v.answer);
    DeservedVerdicts own;
    if (v.shape == PairShape::Same) {
        // A "same" variant inherits its base's verdicts; only what differs is written (and a
        // verdict that contradicts the base then reads back as the reader's error).
        for (auto it = v.deserved.begin(); it != v.deserved.end(); ++it) {
            if (!base.deserved.contains(it.key()) || base.deserved.value(it.key()) != it.value())
                own.insert(it.key(), it.value());
        }
    } else {
        own = v.deserved;
    }
    if (!own.isEmpty())
        out["deserved"] = deservedObject(rubric, own, false);
    if (!v.note.isEmpty())
        out["note"] = utf8(v.note);
    return out;
}

ojson itemObject(const Rubric& rubric, const JudgeItem& item, const ItemVariants& split,
                 qsizetype hoisted)
{
    ojson out = ojson::object();
    out["id"] = utf8(item.id);
    if (!item.base.question.isEmpty())
        out["question"] = utf8(item.base.question);
    if (item.pairwise) {
        out["pair"] = {{"first", utf8(item.base.first)}, {"second", utf8(item.base.second)}};
        if (!item.base.deserved.isEmpty())
            out["better"] = deservedObject(rubric, item.base.deserved, true);
    } else {
        out["answer"] = utf8(item.base.answer);
        if (!item.base.deserved.isEmpty())
            out["deserved"] = deservedObject(rubric, item.base.deserved, false);
        if (!split.written.isEmpty()) {
            ojson variants = ojson::array();
            for (const JudgeVariant& v : split.written)
                variants.push_back(variantObject(rubric, item.base, v));
            out["variants"] = variants;
        }
        if (split.generators.size() > hoisted) {
            ojson generate = ojson::array();
            for (qsizetype i = hoisted; i < split.generators.size(); ++i)
                generate.push_back(split.generators.at(i).toJson());
            out["generate"] = generate;
        }
    }
    if (!item.note.isEmpty())
        out["note"] = utf8(item.note);
    return out;
}

// The generators every single-answer item starts its generated tail with: written once at
// the top level, as the tutorial's file does.
qsizetype sharedGenerators(const JudgeProbeDocument& doc, const QList<ItemVariants>& splits)
{
    std::optional<QList<Generator>> shared;
    for (qsizetype i = 0; i < doc.items.size(); ++i) {
        if (doc.items.at(i).pairwise)
            continue;
        const QList<Generator>& own = splits.at(i).generators;
        if (!shared) {
            shared = own;
            continue;
        }
        qsizetype n = 0;
        while (n < shared->size() && n < own.size() && shared->at(n) == own.at(n))
            ++n;
        shared->resize(n);
    }
    return shared ? shared->size() : 0;
}

} // namespace

QByteArray JudgeProbeWriter::toJson(const JudgeProbeDocument& doc)
{
    ojson root = ojson::object();
    root["format"] = JudgeProbeDocument::kFormat;
    root["title"] = utf8(doc.title);
    if (!doc.description.isEmpty())
        root["description"] = utf8(doc.description);
    if (inlineRubric(doc))
        root["rubric"] = RubricWriter::toObject(doc.rubric, false);
    else
        root["rubric"] = utf8(doc.rubricSource);

    QList<ItemVariants> splits;
    for (const JudgeItem& item : doc.items)
        splits << (item.pairwise ? ItemVariants{} : splitVariants(item));
    const qsizetype hoisted = sharedGenerators(doc, splits);
    ojson items = ojson::array();
    for (qsizetype i = 0; i < doc.items.size(); ++i)
        items.push_back(itemObject(doc.rubric, doc.items.at(i), splits.at(i), hoisted));
    root["items"] = items;
    if (hoisted > 0) {
        const qsizetype first = std::find_if(doc.items.begin(), doc.items.end(),
                                             [](const JudgeItem& i) { return !i.pairwise; }) -
                                doc.items.begin();
        ojson generate = ojson::array();
        for (qsizetype k = 0; k < hoisted; ++k)
            generate.push_back(splits.at(first).generators.at(k).toJson());
        root["generate"] = generate;
    }

    ojson judges = ojson::array();
    for (const JudgeConfig& j : doc.judges)
        judges.push_back(JudgeProbeWriter::judgeObject(j));
    root["judges"] = judges;

    if (doc.stability.enabled) {
        ojson stability = ojson::object();
        stability["items"] =
            doc.stability.allItems ? ojson("all") : stringList(doc.stability.itemIds);
        stability["repeats"] = doc.stability.repeats;
        if (doc.stability.baseOnly)
            stability["base_only"] = true;
        root["stability"] = stability;
    }
    root["evidence"] = {{"fuzzy_threshold", doc.evidence.fuzzyThreshold}};

    return ProbeWriter::fileBytes(root);
}

QString JudgeProbeWriter::rubricPath(const JudgeProbeDocument& doc, const QString& probePath)
{
    if (inlineRubric(doc))
        return QString();
    if (QFileInfo(doc.rubricSource).isAbsolute())
        return doc.rubricSource;
    return QFileInfo(probePath).absoluteDir().filePath(doc.rubricSource);
}

bool JudgeProbeWriter::writeFile(const JudgeProbeDocument& doc, const QString& probePath,
                                 QString* error)
{
    const QString rubricFile = rubricPath(doc, probePath);
    if (!rubricFile.isEmpty() && !RubricWriter::writeFile(doc.rubric, rubricFile, error))
        return false;
    return WholeFile::write(probePath, toJson(doc), error);
}

nlohmann::ordered_json JudgeProbeWriter::judgeObject(const JudgeConfig& j)
{
    const JudgeConfig defaults;
    ojson out = ojson::object();
    out["name"] = utf8(j.name);
    BackendSettingsWriter::writeModel(j, &out);
    out["seed"] = j.seed;
    BackendSettingsWriter::writeConnection(j, &out);
    if (!j.instructions.isEmpty())
        out["instructions"] = utf8(j.instructions);
    if (j.requireEvidence != defaults.requireEvidence)
        out["require_evidence"] = j.requireEvidence;
    if (j.structuredOutput != defaults.structuredOutput)
        out["structured_output"] = j.structuredOutput;
    if (j.maxRetries != defaults.maxRetries)
        out["max_retries"] = j.maxRetries;
    return out;
}

} // namespace pb
