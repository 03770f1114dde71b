#include "nameset/NameSetReader.h"

#include "nameset/NameSetPrompt.h"
#include "probe/BoundedFile.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"
#include "probe/NoiseCheckReader.h"
#include "probe/ProbeSettingsReader.h"

#include <QFileInfo>
#include <cmath>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

QStringList textList(JsonFieldReader& reader, const char* key, Need need)
{
    QStringList out;
    const json* list = reader.array(key, need);
    if (!list)
        return out;
    const QString path = reader.pathOf(QLatin1String(key));
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString at = JsonPath::element(path, qsizetype(i));
        const auto text = JsonFieldReader::asString((*list)[i], at, reader.problems());
        if (!text)
            continue;
        if (text->trimmed().isEmpty())
            reader.problems()->append(ProbeProblem::error(at, QStringLiteral("is empty")));
        else if (out.contains(text->trimmed()))
            reader.problems()->append(
                ProbeProblem::error(at, QStringLiteral("repeats \"%1\"").arg(text->trimmed())));
        else
            out << text->trimmed();
    }
    return out;
}

void readNames(JsonFieldReader& top, const QStringList& needed, NameSetDocument* doc)
{
    const json* list = top.array("names", Need::Required);
    if (!list)
        return;
    const QString path = top.pathOf(QStringLiteral("names"));
    if (list->empty())
        top.error(QStringLiteral("names"),
                  QStringLiteral("is empty: list the names, each with its group"));
    JsonUniqueIds unique(path);
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString at = JsonPath::element(path, qsizetype(i));
        if (!JsonFieldReader::requireObject((*list)[i], at,
                                            QStringLiteral("{ \"name\": ..., \"group\": ... }"),
                                            top.problems()))
            continue;
        JsonFieldReader reader((*list)[i], at, top.problems());
        reader.checkKeys(
            {QStringLiteral("name"), QStringLiteral("group"), QStringLiteral("fields")});
        NameEntry entry;
        entry.name = reader.nonEmptyString("name", Need::Required).value_or(QString()).trimmed();
        entry.group = reader.nonEmptyString("group", Need::Required).value_or(QString()).trimmed();
        if (const json* fields = reader.object("fields", Need::Optional)) {
            JsonFieldReader own(*fields, reader.pathOf(QStringLiteral("fields")), top.problems());
            for (auto it = fields->begin(); it != fields->end(); ++it) {
                const QString key = JsonFieldReader::toQString(it.key());
                if (const auto text =
                        JsonFieldReader::asString(*it, own.pathOf(key), top.problems()))
                    entry.fields.insert(key, *text);
            }
        }
        for (const QString& key : needed) {
            if (!entry.fields.contains(key))
                reader.error(QStringLiteral("fields"),
                             QStringLiteral("missing %1: the document uses {%1}").arg(key));
        }
        unique.claim(reader, QStringLiteral("name"), entry.name, qsizetype(i));
        doc->names << entry;
    }
    if (!doc->names.isEmpty() && doc->groups().size() < 2)
        top.error(QStringLiteral("names"),
                  QStringLiteral("every name is in one group: a name set compares at least two "
                                 "groups"));
}

void readDecisions(JsonFieldReader& top, DecisionSet* out)
{
    const json* object = top.object("decisions", Need::Required);
    if (!object)
        return;
    JsonFieldReader reader(*object, top.pathOf(QStringLiteral("decisions")), top.problems());
    reader.checkKeys({QStringLiteral("values"), QStringLiteral("favourable")});
    out->values = textList(reader, "values", Need::Required);
    out->favourable = textList(reader, "favourable", Need::Required);
    if (reader.has("values") && out->values.size() < 2)
        reader.error(
            QStringLiteral("values"),
            QStringLiteral("needs at least two decisions, e.g. [\"advance\", \"reject\"]"));
    for (const QString& f : out->favourable) {
        if (!out->values.contains(f))
            reader.error(QStringLiteral("favourable"),
                         QStringLiteral("\"%1\" is not one of the values").arg(f));
    }
    if (reader.has("favourable") && out->favourable.isEmpty())
        reader.error(QStringLiteral("favourable"),
                     QStringLiteral("is empty: say which decisions count as favourable"));
    if (!out->values.isEmpty() && out->favourable.size() >= out->values.size())
        reader.error(QStringLiteral("favourable"),
                     QStringLiteral("holds every decision, so no rate can differ"));
}

void readScore(JsonFieldReader& top, ScoreRange* out)
{
    const json* object = top.object("score", Need::Required);
    if (!object)
        return;
    JsonFieldReader reader(*object, top.pathOf(QStringLiteral("score")), top.problems());
    reader.checkKeys({QStringLiteral("min"), QStringLiteral("max")});
    const auto min = reader.number("min", Need::Required);
    const auto max = reader.number("max", Need::Required);
    if (min && max && !(*min < *max))
        reader.error(QStringLiteral("max"), QStringLiteral("must be more than min"));
    else if (min && max)
        *out = ScoreRange{*min, *max};
}

void readStandIn(JsonFieldReader& top, const QStringList& groups, NameSetStandIn* out)
{
    const json* object = top.object("stand_in", Need::Optional);
    if (!object)
        return;
    JsonFieldReader reader(*object, top.pathOf(QStringLiteral("stand_in")), top.problems());
    reader.checkKeys({QStringLiteral("group_shift"), QStringLiteral("malformed_rate"),
                      QStringLiteral("score_spread")});
    if (const json* shifts = reader.object("group_shift", Need::Optional)) {
        JsonFieldReader shift(*shifts, reader.pathOf(QStringLiteral("group_shift")),
                              top.problems());
        for (auto it = shifts->begin(); it != shifts->end(); ++it) {
            const QString group = JsonFieldReader::toQString(it.key());
            const std::string key = it.key();
            if (!groups.contains(group))
                shift.error(group, QStringLiteral("is not a group of the names"));
            else if (const auto value = shift.number(key.c_str(), Need::Required))
                out->groupShift.insert(group, *value);
        }
    }
    if (const auto rate = reader.number("malformed_rate", Need::Optional)) {
        if (*rate < 0 || *rate > 1)
            reader.error(QStringLiteral("malformed_rate"),
                         QStringLiteral("must be between 0 and 1"));
        else
            out->malformedRate = *rate;
    }
    if (const auto spread = reader.number("score_spread", Need::Optional)) {
        if (!(*spread > 0))
            reader.error(QStringLiteral("score_spread"), QStringLiteral("must be more than 0"));
        else
            out->scoreSpread = *spread;
    }
}

void readTexts(JsonFieldReader& top, NameSetDocument* doc)
{
    doc->title = top.string("title", Need::Optional).value_or(QString());
    doc->description = top.string("description", Need::Optional).value_or(QString());
    doc->task = top.nonEmptyString("task", Need::Required).value_or(QString());
    doc->document = top.nonEmptyString("document", Need::Required).value_or(QString());
    doc->prompt = top.nonEmptyString("prompt", Need::Optional).value_or(QString());
    doc->constraints = textList(top, "constraints", Need::Optional);
    doc->structuredOutput =
        top.boolean("structured_output", Need::Optional).value_or(doc->structuredOutput);

    const QString prompt = doc->prompt.isEmpty() ? NameSetPrompt::defaultTemplate() : doc->prompt;
    for (const QString& key : NameSetPrompt::placeholders(prompt)) {
        if (!NameSetPrompt::templateKeys().contains(key))
            top.error(QStringLiteral("prompt"),
                      QStringLiteral("uses {%1}, which is not one of {%2}")
                          .arg(key, NameSetPrompt::templateKeys().join(QStringLiteral("}, {"))));
    }
    if (!doc->prompt.isEmpty() && !doc->prompt.contains(QStringLiteral("{document}")))
        top.error(QStringLiteral("prompt"), QStringLiteral("must contain {document}"));
    if (!doc->document.isEmpty() && !doc->document.contains(QStringLiteral("{name}")) &&
        !prompt.contains(QStringLiteral("{name}")))
        top.error(QStringLiteral("document"),
                  QStringLiteral("must contain {name}: the name is what the calls vary"));
}

} // namespace

NameSetLoadResult NameSetReader::parse(const QByteArray& bytes, const QString& sourceName)
{
    NameSetLoadResult result;
    result.sourceName = sourceName;
    const std::optional<json> root =
        JsonFieldReader::parseObject(bytes, QStringLiteral("name-set probe"), &result.problems);
    if (!root)
        return result;
    JsonFieldReader top(*root, QString(), &result.problems);
    if (!FileFormat::check(top, QLatin1String(kKind), NameSetDocument::kVersion,
                           QStringLiteral("name-set probe")))
        return result;
    top.checkKeys({QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("description"),
                   QStringLiteral("task"), QStringLiteral("document"), QStringLiteral("prompt"),
                   QStringLiteral("names"), QStringLiteral("decisions"), QStringLiteral("score"),
                   QStringLiteral("constraints"), QStringLiteral("structured_output"),
                   QStringLiteral("settings"), QStringLiteral("noise_check"),
                   QStringLiteral("stand_in")});
    NameSetDocument doc;
    readTexts(top, &doc);
    QStringList needed;
    for (const QString& key : NameSetPrompt::placeholders(doc.document)) {
        if (key != QLatin1String("name"))
            needed << key;
    }
    readNames(top, needed, &doc);
    readDecisions(top, &doc.decisions);
    readScore(top, &doc.score);
    if (!top.has("settings"))
        top.error(QStringLiteral("settings"),
                  QStringLiteral("missing: give at least the seeds, e.g. \"settings\": "
                                 "{\"seeds\": \"1-20\"}"));
    else
        ProbeSettingsReader::read(top.object("settings", Need::Required), &doc.settings,
                                  &result.problems);
    NoiseCheckReader::read(top, doc.settings.seeds, &doc.noise);
    readStandIn(top, doc.groups(), &doc.standIn);
    if (!result.hasErrors())
        result.document = std::move(doc);
    return result;
}

NameSetLoadResult NameSetReader::readFile(const QString& path)
{
    return BoundedFile::readAndParse<NameSetLoadResult>(path, kMaxFileBytes,
                                                        QStringLiteral("name-set probe"), &parse);
}

} // namespace pb
