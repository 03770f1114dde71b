#include "judge/JudgeProbeReader.h"

#include "judge/JudgeConfigReader.h"
#include "judge/RubricReader.h"
#include "judge/VariantGenerator.h"
#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"

#include <QFileInfo>
#include <QSet>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

const QString kFormat = QLatin1String(JudgeProbeDocument::kFormat);
const QString kBase = QLatin1String(JudgeVariant::kBaseId);

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString itemId(const json& value, const QString& path, QList<ProbeProblem>* problems)
{
    if (value.is_number_integer())
        return JsonFieldReader::toQString(value.dump());
    if (!value.is_string()) {
        problems->append(
            ProbeProblem::error(path, QStringLiteral("must be text or a whole number, not %1")
                                          .arg(JsonFieldReader::typeName(value))));
        return {};
    }
    const QString id = JsonFieldReader::toQString(value.get_ref<const std::string&>()).trimmed();
    if (id.isEmpty())
        problems->append(ProbeProblem::error(path, QStringLiteral("is empty")));
    return id;
}

class Reader
{
public:
    Reader(QList<ProbeProblem>* problems, const QDir& rubricDir)
        : m_problems(problems), m_rubricDir(rubricDir)
    {
    }

    std::optional<RubricLoadResult> rubricFile;

    std::optional<JudgeProbeDocument> read(const json& root);

private:
    QList<ProbeProblem>* m_problems;
    QDir m_rubricDir;
    std::optional<Rubric> m_rubric;

    void readRubric(JsonFieldReader& top, JudgeProbeDocument* doc);
    std::optional<int> verdict(const json& value, const QString& path, bool pairwise);
    DeservedVerdicts readDeserved(JsonFieldReader& reader, bool pairwise);
    void readItems(JsonFieldReader& top, const json* topGenerate, JudgeProbeDocument* doc);
    void readVariant(const json& element, const QString& path, const JudgeVariant& base,
                     JudgeItem* item);
    void generate(const json& list, const QString& path, JudgeItem* item);
    void addVariant(JudgeItem* item, JudgeVariant variant, const QString& path);
    void readStability(JsonFieldReader& top, JudgeProbeDocument* doc);
};

void Reader::readRubric(JsonFieldReader& top, JudgeProbeDocument* doc)
{
    const json* value = top.find("rubric");
    if (!value || value->is_null()) {
        top.error(QStringLiteral("rubric"),
                  QStringLiteral("missing: name the rubric file, e.g. \"rubric\": "
                                 "\"library-hours.rubric.json\", or write it inline"));
        return;
    }
    if (value->is_string()) {
        const QString name = JsonFieldReader::toQString(value->get_ref<const std::string&>());
        if (name.trimmed().isEmpty()) {
            top.error(QStringLiteral("rubric"), QStringLiteral("is empty"));
            return;
        }
        const QString path = QFileInfo(name).isAbsolute() ? name : m_rubricDir.filePath(name);
        if (!QFileInfo::exists(path)) {
            top.error(QStringLiteral("rubric"),
                      QStringLiteral("the rubric file %1 does not exist (looked in %2)")
                          .arg(quoted(name), QDir::toNativeSeparators(m_rubricDir.absolutePath())));
            return;
        }
        rubricFile = RubricReader::readFile(path);
        doc->rubricSource = name;
        m_rubric = rubricFile->rubric;
        return;
    }
    if (value->is_object()) {
        doc->rubricSource = QStringLiteral("inline");
        m_rubric = RubricReader::read(*value, top.pathOf(QStringLiteral("rubric")), m_problems);
        return;
    }
    top.error(QStringLiteral("rubric"), QStringLiteral("must be a file name or an object, not %1")
                                            .arg(JsonFieldReader::typeName(*value)));
}

std::optional<int> Reader::verdict(const json& value, const QString& path, bool pairwise)
{
    if (!m_rubric)
        return std::nullopt; // the rubric's own errors are reported already
    if (pairwise) {
        if (value.is_string()) {
            const QString text = JsonFieldReader::toQString(value.get_ref<const std::string&>());
            if (text == QLatin1String("first"))
                return 0;
            if (text == QLatin1String("second"))
                return 1;
        }
        m_problems->append(ProbeProblem::error(
            path, QStringLiteral("must be \"first\" or \"second\": which answer of the pair "
                                 "deserves to win this criterion")));
        return std::nullopt;
    }
    if (m_rubric->scale == RubricScale::PassFail) {
        if (value.is_string()) {
            const auto v = m_rubric->verdictFromText(
                JsonFieldReader::toQString(value.get_ref<const std::string&>()));
            if (v)
                return v;
        }
        m_problems->append(
            ProbeProblem::error(path, QStringLiteral("must be \"pass\" or \"fail\"")));
        return std::nullopt;
    }
    if (value.is_number_integer()) {
        const qint64 level = value.get<qint64>();
        if (level >= Rubric::kLowestLevel && level <= Rubric::kHighestLevel)
            return int(level);
    }
    m_problems->append(
        ProbeProblem::error(path, QStringLiteral("must be a level from 1 to 4, not %1")
                                      .arg(JsonFieldReader::toQString(value.dump()))));
    return std::nullopt;
}

DeservedVerdicts Reader::readDeserved(JsonFieldReader& reader, bool pairwise)
{
    DeservedVerdicts out;
    const char* key = pairwise ? "better" : "deserved";
    const json* object = reader.object(key, Need::Optional);
    if (!object)
        return out;
    JsonFieldReader fields(*object, reader.pathOf(QLatin1String(key)), m_problems);
    for (auto it = object->begin(); it != object->end(); ++it) {
        const QString id = JsonFieldReader::toQString(it.key());
        const QString path = fields.pathOf(id);
        if (m_rubric && !m_rubric->criterion(id)) {
            m_problems->append(
                ProbeProblem::error(path, QStringLiteral("is not a criterion of the rubric (%1)")
                                              .arg(m_rubric->ids().join(QStringLiteral(", ")))));
            continue;
        }
        if (const auto v = verdict(*it, path, pairwise))
            out.insert(id, *v);
    }
    return out;
}

void Reader::addVariant(JudgeItem* item, JudgeVariant variant, const QString& path)
{
    if (variant.id == kBase || item->variant(variant.id)) {
        m_problems->append(ProbeProblem::error(
            path, QStringLiteral("makes a second variant called %1 in item %2; variant ids must "
                                 "be unique and not \"base\"")
                      .arg(quoted(variant.id), quoted(item->id))));
        return;
    }
    item->variants << variant;
}

void Reader::readVariant(const json& element, const QString& path, const JudgeVariant& base,
                         JudgeItem* item)
{
    if (!JsonFieldReader::requireObject(
            element, path, QStringLiteral("{ \"id\": ..., \"property\": ..., \"answer\": ... }"),
            m_problems))
        return;
    JsonFieldReader reader(element, path, m_problems);
    reader.checkKeys({QStringLiteral("id"), QStringLiteral("property"), QStringLiteral("answer"),
                      QStringLiteral("question"), QStringLiteral("shape"),
                      QStringLiteral("deserved"), QStringLiteral("note")});
    const qsizetype before = m_problems->size();
    JudgeVariant v;
    v.id = reader.nonEmptyString("id", Need::Required).value_or(QString()).trimmed();
    v.property = reader.nonEmptyString("property", Need::Required).value_or(QString()).trimmed();
    if (v.property == QLatin1String("position"))
        reader.error(QStringLiteral("property"),
                     QStringLiteral("position variants are made from pairwise items "
                                    "(\"pair\": {\"first\": ..., \"second\": ...}); an answer "
                                    "alone has no position"));
    v.answer = reader.nonEmptyString("answer", Need::Required).value_or(QString());
    v.question = reader.string("question", Need::Optional).value_or(base.question);
    v.note = reader.string("note", Need::Optional).value_or(QString());
    if (const auto shape = reader.string("shape", Need::Optional)) {
        if (*shape == QLatin1String("opposed"))
            v.shape = PairShape::Opposed;
        else if (*shape != QLatin1String("same"))
            reader.error(QStringLiteral("shape"),
                         QStringLiteral("must be \"same\" (content identical, same verdicts "
                                        "deserved) or \"opposed\" (property set against content, "
                                        "opposite verdicts)"));
    }
    const DeservedVerdicts own = readDeserved(reader, false);
    const QString deservedPath = reader.pathOf(QStringLiteral("deserved"));
    if (v.shape == PairShape::Same) {
        v.deserved = base.deserved;
        for (auto it = own.begin(); it != own.end(); ++it) {
            if (base.deserved.contains(it.key()) && base.deserved.value(it.key()) != it.value()) {
                m_problems->append(ProbeProblem::error(
                    JsonPath::member(deservedPath, it.key()),
                    QStringLiteral("is %1 but the base deserves %2; a \"same\" variant deserves "
                                   "its base's verdicts (use \"shape\": \"opposed\" if the "
                                   "content changed)")
                        .arg(m_rubric->verdictText(it.value()),
                             m_rubric->verdictText(base.deserved.value(it.key())))));
            }
            v.deserved.insert(it.key(), it.value());
        }
    } else if (m_rubric) {
        v.deserved = own;
        for (auto it = base.deserved.begin(); it != base.deserved.end(); ++it) {
            const QString path = JsonPath::member(deservedPath, it.key());
            if (!own.contains(it.key())) {
                if (m_rubric->scale == RubricScale::PassFail) {
                    v.deserved.insert(it.key(), 1 - it.value());
                } else {
                    m_problems->append(ProbeProblem::error(
                        path, QStringLiteral("missing: an opposed variant of a levels rubric "
                                             "must say which level it deserves")));
                }
            } else if (own.value(it.key()) == it.value()) {
                m_problems->append(ProbeProblem::error(
                    path, QStringLiteral("equals the base's %1; an \"opposed\" variant deserves "
                                         "the opposite verdict")
                              .arg(m_rubric->verdictText(it.value()))));
            }
        }
    }
    if (!JsonFieldReader::hasErrorSince(*m_problems, before))
        addVariant(item, v, path);
}

void Reader::generate(const json& list, const QString& path, JudgeItem* item)
{
    if (!list.is_array()) {
        m_problems->append(ProbeProblem::error(path, QStringLiteral("must be a list [ ... ]")));
        return;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const QString genPath = JsonPath::element(path, qsizetype(i));
        const json& spec = list[i];
        if (!spec.is_object()) {
            m_problems->append(ProbeProblem::error(genPath, QStringLiteral("must be an object")));
            continue;
        }
        JsonFieldReader reader(spec, genPath, m_problems);
        const auto property = reader.string("property", Need::Required);
        if (!property)
            continue;
        auto readList = [&](const char* key) {
            QStringList out;
            const json* values = reader.array(key, Need::Required);
            if (!values)
                return out;
            const QString listPath = reader.pathOf(QLatin1String(key));
            for (std::size_t k = 0; k < values->size(); ++k) {
                const QString elementPath = JsonPath::element(listPath, qsizetype(k));
                const auto text = JsonFieldReader::asString((*values)[k], elementPath, m_problems);
                if (text && text->trimmed().isEmpty())
                    m_problems->append(
                        ProbeProblem::error(elementPath, QStringLiteral("is empty")));
                else if (text)
                    out << *text;
            }
            if (values->empty())
                reader.error(QLatin1String(key), QStringLiteral("is empty"));
            return out;
        };
        auto readWhere = [&](bool atStartByDefault) {
            const auto where = reader.string("where", Need::Optional);
            if (!where)
                return atStartByDefault;
            if (*where != QLatin1String("start") && *where != QLatin1String("end"))
                reader.error(QStringLiteral("where"),
                             QStringLiteral("must be \"start\" or \"end\""));
            return *where == QLatin1String("start");
        };
        QList<JudgeVariant> made;
        if (*property == QLatin1String("padding")) {
            reader.checkKeys({QStringLiteral("property"), QStringLiteral("pads"),
                              QStringLiteral("separator"), QStringLiteral("where")});
            VariantGenerator::Padding padding;
            padding.pads = readList("pads");
            padding.separator =
                reader.string("separator", Need::Optional).value_or(padding.separator);
            padding.atStart = readWhere(false);
            made = VariantGenerator::padding(item->base, padding);
        } else if (*property == QLatin1String("byline")) {
            reader.checkKeys({QStringLiteral("property"), QStringLiteral("names"),
                              QStringLiteral("template"), QStringLiteral("separator"),
                              QStringLiteral("where")});
            VariantGenerator::Byline byline;
            byline.names = readList("names");
            byline.pattern = reader.string("template", Need::Optional).value_or(byline.pattern);
            if (!byline.pattern.contains(QStringLiteral("{name}")))
                reader.error(QStringLiteral("template"),
                             QStringLiteral("must contain {name}, where each name goes"));
            byline.separator =
                reader.string("separator", Need::Optional).value_or(byline.separator);
            byline.atStart = readWhere(true);
            made = VariantGenerator::byline(item->base, byline);
        } else {
            reader.error(QStringLiteral("property"),
                         QStringLiteral("%1 cannot be generated; generators exist for \"padding\" "
                                        "and \"byline\" (write other variants by hand)")
                             .arg(quoted(*property)));
            continue;
        }
        for (const JudgeVariant& v : made)
            addVariant(item, v, genPath);
    }
}

void Reader::readItems(JsonFieldReader& top, const json* topGenerate, JudgeProbeDocument* doc)
{
    const json* items = top.array("items", Need::Required);
    if (!items)
        return;
    const QString path = top.pathOf(QStringLiteral("items"));
    if (items->empty()) {
        m_problems->append(
            ProbeProblem::error(path, QStringLiteral("is empty: a judge probe needs items")));
        return;
    }
    JsonUniqueIds ids(path);
    for (std::size_t i = 0; i < items->size(); ++i) {
        const QString itemPath = JsonPath::element(path, qsizetype(i));
        const json& element = (*items)[i];
        if (!JsonFieldReader::requireObject(
                element, itemPath, QStringLiteral("{ \"id\": ..., \"answer\": ... }"), m_problems))
            continue;
        JsonFieldReader reader(element, itemPath, m_problems);
        reader.checkKeys(
            {QStringLiteral("id"), QStringLiteral("question"), QStringLiteral("answer"),
             QStringLiteral("pair"), QStringLiteral("deserved"), QStringLiteral("better"),
             QStringLiteral("variants"), QStringLiteral("generate"), QStringLiteral("note")});
        JudgeItem item;
        if (const json* id = reader.find("id")) {
            item.id = itemId(*id, reader.pathOf(QStringLiteral("id")), m_problems);
        } else {
            reader.error(QStringLiteral("id"), QStringLiteral("missing"));
        }
        ids.claim(reader, QStringLiteral("id"), item.id, qsizetype(i));
        item.note = reader.string("note", Need::Optional).value_or(QString());
        item.base.id = kBase;
        item.base.question = reader.string("question", Need::Optional).value_or(QString());
        item.pairwise = reader.has("pair");
        if (item.pairwise) {
            if (reader.has("answer"))
                reader.error(QStringLiteral("answer"),
                             QStringLiteral("a pairwise item has \"pair\" instead of \"answer\""));
            for (const char* key : {"deserved", "variants", "generate"}) {
                if (reader.has(key))
                    reader.error(QLatin1String(key),
                                 QStringLiteral("a pairwise item takes \"better\" and no variants: "
                                                "its position variant is made for it"));
            }
            if (const json* pair = reader.object("pair", Need::Required)) {
                JsonFieldReader pairReader(*pair, reader.pathOf(QStringLiteral("pair")),
                                           m_problems);
                pairReader.checkKeys({QStringLiteral("first"), QStringLiteral("second")});
                item.base.first =
                    pairReader.nonEmptyString("first", Need::Required).value_or(QString());
                item.base.second =
                    pairReader.nonEmptyString("second", Need::Required).value_or(QString());
                if (!item.base.first.isEmpty() && item.base.first == item.base.second)
                    pairReader.warning(QStringLiteral("second"),
                                       QStringLiteral("is the same text as first"));
            }
            item.base.deserved = readDeserved(reader, true);
            item.variants << JudgeVariant::swappedOf(item.base);
        } else {
            if (reader.has("better"))
                reader.error(
                    QStringLiteral("better"),
                    QStringLiteral("only pairwise items have \"better\"; use \"deserved\""));
            item.base.answer = reader.nonEmptyString("answer", Need::Required).value_or(QString());
            item.base.deserved = readDeserved(reader, false);
            if (const json* variants = reader.array("variants", Need::Optional)) {
                const QString variantsPath = reader.pathOf(QStringLiteral("variants"));
                for (std::size_t k = 0; k < variants->size(); ++k)
                    readVariant((*variants)[k], JsonPath::element(variantsPath, qsizetype(k)),
                                item.base, &item);
            }
            if (topGenerate)
                generate(*topGenerate, top.pathOf(QStringLiteral("generate")), &item);
            if (const json* own = reader.find("generate"))
                generate(*own, reader.pathOf(QStringLiteral("generate")), &item);
        }
        if (!item.pairwise && item.variants.isEmpty())
            reader.warning(QStringLiteral("variants"),
                           QStringLiteral("item %1 has no variants, so no property is probed on "
                                          "it (it still counts against construction)")
                               .arg(quoted(item.id)));
        doc->items << item;
    }
}

void Reader::readStability(JsonFieldReader& top, JudgeProbeDocument* doc)
{
    const json* object = top.object("stability", Need::Optional);
    if (!object)
        return;
    JsonFieldReader reader(*object, top.pathOf(QStringLiteral("stability")), m_problems);
    reader.checkKeys(
        {QStringLiteral("items"), QStringLiteral("repeats"), QStringLiteral("base_only")});
    StabilityCheck& check = doc->stability;
    check.enabled = true;
    if (const auto repeats = reader.integer("repeats", Need::Optional)) {
        if (*repeats < 2 || *repeats > 100)
            reader.error(QStringLiteral("repeats"),
                         QStringLiteral("must be 2 to 100 (calls per artifact, the probe's own "
                                        "call included)"));
        else
            check.repeats = int(*repeats);
    }
    check.baseOnly = reader.boolean("base_only", Need::Optional).value_or(false);
    const json* items = reader.find("items");
    const QString itemsPath = reader.pathOf(QStringLiteral("items"));
    if (!items || items->is_null()) {
        reader.error(QStringLiteral("items"),
                     QStringLiteral("missing: list the item ids to repeat, or \"all\""));
    } else if (items->is_string() && items->get<std::string>() == "all") {
        check.allItems = true;
    } else if (items->is_array()) {
        for (std::size_t i = 0; i < items->size(); ++i) {
            const QString elementPath = JsonPath::element(itemsPath, qsizetype(i));
            const QString id = itemId((*items)[i], elementPath, m_problems);
            if (id.isEmpty())
                continue;
            if (!doc->item(id))
                m_problems->append(ProbeProblem::error(
                    elementPath,
                    QStringLiteral("%1 is not an item of this probe").arg(quoted(id))));
            else if (!check.itemIds.contains(id))
                check.itemIds << id;
        }
        if (items->empty())
            reader.error(QStringLiteral("items"), QStringLiteral("is empty"));
    } else {
        reader.error(QStringLiteral("items"),
                     QStringLiteral("must be a list of item ids or \"all\""));
    }
}

std::optional<JudgeProbeDocument> Reader::read(const json& root)
{
    JudgeProbeDocument doc;
    JsonFieldReader top(root, QString(), m_problems);
    if (!FileFormat::check(top, QStringLiteral("judge-probe"), 1, QStringLiteral("judge probe")))
        return std::nullopt;
    top.checkKeys({QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("description"),
                   QStringLiteral("rubric"), QStringLiteral("items"), QStringLiteral("generate"),
                   QStringLiteral("judges"), QStringLiteral("stability"),
                   QStringLiteral("evidence")});
    doc.title = top.string("title", Need::Optional).value_or(QString());
    doc.description = top.string("description", Need::Optional).value_or(QString());
    readRubric(top, &doc);
    const json* generate = top.find("generate");
    if (generate && generate->is_null())
        generate = nullptr;
    readItems(top, generate, &doc);
    JudgeConfigReader::readJudges(top, m_problems, &doc.judges);
    readStability(top, &doc);
    JudgeConfigReader::readEvidence(top, m_problems, &doc.evidence);
    if (m_rubric)
        doc.rubric = *m_rubric;
    if (!m_rubric)
        return std::nullopt;
    return doc;
}

} // namespace

JudgeProbeLoadResult JudgeProbeReader::parse(const QByteArray& bytes, const QString& sourceName,
                                             const QDir& rubricDir)
{
    JudgeProbeLoadResult result;
    result.sourceName = sourceName;
    const std::optional<json> root =
        JsonFieldReader::parseObject(bytes, QStringLiteral("judge probe"), &result.problems);
    if (!root)
        return result;
    Reader reader(&result.problems, rubricDir);
    std::optional<JudgeProbeDocument> doc = reader.read(*root);
    result.rubric = reader.rubricFile;
    if (doc && !result.hasErrors())
        result.document = std::move(doc);
    return result;
}

JudgeProbeLoadResult JudgeProbeReader::readFile(const QString& path)
{
    const QDir folder = QFileInfo(path).dir();
    return BoundedFile::readAndParse<JudgeProbeLoadResult>(
        path, kMaxFileBytes, QStringLiteral("judge probe"),
        [&folder](const QByteArray& bytes, const QString& sourceName) {
            return parse(bytes, sourceName, folder);
        });
}

QStringList JudgeProbeReader::judgeBackendNames()
{
    return {QStringLiteral("stand-in-judge"), QStringLiteral("ollama"), QStringLiteral("openai")};
}

QStringList JudgeProbeReader::knownProperties()
{
    return {QStringLiteral("padding"), QStringLiteral("byline"), QStringLiteral("polish"),
            QStringLiteral("hedging"), QStringLiteral("position")};
}

} // namespace pb
