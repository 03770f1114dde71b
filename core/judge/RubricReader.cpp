#include "judge/RubricReader.h"

#include "probe/BoundedFile.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/JsonUniqueIds.h"

#include <QFileInfo>
#include <cmath>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString weightText(double w)
{
    return QString::number(w, 'g', 10);
}

void readLevels(JsonFieldReader& criterion, RubricCriterion* out, QList<ProbeProblem>* problems)
{
    const json* levels = criterion.object("levels", Need::Required);
    if (!levels)
        return;
    JsonFieldReader reader(*levels, criterion.pathOf(QStringLiteral("levels")), problems);
    for (int level = Rubric::kHighestLevel; level >= Rubric::kLowestLevel; --level) {
        const QString key = QString::number(level);
        const std::string utf8 = key.toStdString();
        if (!reader.find(utf8.c_str())) {
            reader.error(key, QStringLiteral("missing: every criterion describes levels 1 to 4"));
            continue;
        }
        if (const auto text = reader.nonEmptyString(utf8.c_str(), Need::Required))
            out->levels.insert(level, *text);
    }
    for (auto it = levels->begin(); it != levels->end(); ++it) {
        const QString key = JsonFieldReader::toQString(it.key());
        bool isNumber = false;
        const int level = key.toInt(&isNumber);
        if (!isNumber || level < Rubric::kLowestLevel || level > Rubric::kHighestLevel ||
            key != QString::number(level)) {
            reader.error(key, QStringLiteral("is not a level: the levels are \"1\" to \"4\""));
        }
    }
}

// Weight as written: a whole number for the lab's form, any number >= 0 for pass/fail.
std::optional<double> readWeight(JsonFieldReader& criterion, RubricScale scale, Need need)
{
    if (scale == RubricScale::Levels) {
        const auto weight = criterion.integer("weight", need);
        if (!weight)
            return std::nullopt;
        if (*weight < 0 || *weight > 100) {
            criterion.error(QStringLiteral("weight"), QStringLiteral("must be 0 to 100"));
            return std::nullopt;
        }
        return double(*weight);
    }
    const auto weight = criterion.number("weight", need);
    if (!weight)
        return std::nullopt;
    if (!std::isfinite(*weight) || *weight < 0 || *weight > 100) {
        criterion.error(QStringLiteral("weight"), QStringLiteral("must be 0 to 100"));
        return std::nullopt;
    }
    return *weight;
}

std::optional<RubricScale> chooseScale(JsonFieldReader& top, const json* criteria)
{
    if (top.has("scale")) {
        const auto name = top.string("scale", Need::Required);
        if (!name)
            return std::nullopt;
        const auto scale = Rubric::scaleFromName(*name);
        if (!scale)
            top.error(
                QStringLiteral("scale"),
                QStringLiteral("must be \"levels\" or \"pass_fail\", not %1").arg(quoted(*name)));
        return scale;
    }
    // Without "scale" the form shows itself: the lab's criteria carry level descriptors.
    if (criteria) {
        for (const json& c : *criteria) {
            if (c.is_object() && c.contains("levels"))
                return RubricScale::Levels;
        }
    }
    return RubricScale::PassFail;
}

void checkWeights(const QString& criteriaPath, RubricScale scale, QList<RubricCriterion>& criteria,
                  const QList<bool>& weightGiven, QList<ProbeProblem>* problems)
{
    if (criteria.isEmpty())
        return;
    const qsizetype given = std::count(weightGiven.begin(), weightGiven.end(), true);
    if (scale == RubricScale::PassFail && given == 0) {
        // The chapter's pass/fail rubric has no weights: every criterion counts the same.
        for (RubricCriterion& c : criteria)
            c.weight = 100.0 / double(criteria.size());
        return;
    }
    if (scale == RubricScale::PassFail && given != criteria.size()) {
        problems->append(ProbeProblem::error(
            criteriaPath, QStringLiteral("%1 of %2 criteria have a weight: give every criterion "
                                         "a weight, or none (equal weights)")
                              .arg(given)
                              .arg(criteria.size())));
        return;
    }
    double sum = 0.0;
    QStringList parts;
    for (const RubricCriterion& c : criteria) {
        sum += c.weight;
        parts << c.id + QLatin1Char(' ') + weightText(c.weight);
    }
    if (std::abs(sum - 100.0) > 1e-9) {
        problems->append(ProbeProblem::error(
            criteriaPath, QStringLiteral("the weights sum to %1, not 100 (%2)")
                              .arg(weightText(sum), parts.join(QStringLiteral(", ")))));
    }
}

} // namespace

std::optional<Rubric> RubricReader::read(const json& value, const QString& pathPrefix,
                                         QList<ProbeProblem>* problems)
{
    const qsizetype before = problems->size();
    if (!value.is_object()) {
        problems->append(ProbeProblem::error(
            pathPrefix, QStringLiteral("a rubric must be an object { \"criteria\": [...] }, not %1")
                            .arg(JsonFieldReader::typeName(value))));
        return std::nullopt;
    }
    Rubric rubric;
    JsonFieldReader top(value, pathPrefix, problems);
    top.checkKeys({QStringLiteral("format"), QStringLiteral("title"),
                   QStringLiteral("artifact_type"), QStringLiteral("scale"),
                   QStringLiteral("criteria"), QStringLiteral("description")});
    if (const auto format = top.string("format", Need::Optional)) {
        if (*format != QLatin1String(kFormat))
            top.error(QStringLiteral("format"),
                      QStringLiteral("must be %1 when given, not %2")
                          .arg(quoted(QLatin1String(kFormat)), quoted(*format)));
    }
    if (const auto title = top.string("title", Need::Optional))
        rubric.title = *title;
    if (const auto type = top.string("artifact_type", Need::Optional))
        rubric.artifactType = *type;

    const json* criteria = top.array("criteria", Need::Required);
    const std::optional<RubricScale> scale = chooseScale(top, criteria);
    if (scale)
        rubric.scale = *scale;
    if (!criteria || !scale)
        return std::nullopt;

    const QString criteriaPath = top.pathOf(QStringLiteral("criteria"));
    if (criteria->empty()) {
        problems->append(
            ProbeProblem::error(criteriaPath, QStringLiteral("is empty: a rubric needs criteria")));
        return std::nullopt;
    }
    JsonUniqueIds ids(criteriaPath);
    QList<bool> weightGiven;
    bool weightsReadable = true;
    for (std::size_t i = 0; i < criteria->size(); ++i) {
        const QString path = JsonPath::element(criteriaPath, qsizetype(i));
        const json& element = (*criteria)[i];
        if (!JsonFieldReader::requireObject(element, path, QStringLiteral("{ \"id\": ..., ... }"),
                                            problems))
            continue;
        JsonFieldReader reader(element, path, problems);
        RubricCriterion criterion;
        if (rubric.scale == RubricScale::Levels) {
            reader.checkKeys({QStringLiteral("id"), QStringLiteral("name"),
                              QStringLiteral("weight"), QStringLiteral("levels"),
                              QStringLiteral("description")});
        } else {
            reader.checkKeys({QStringLiteral("id"), QStringLiteral("name"),
                              QStringLiteral("weight"), QStringLiteral("description")},
                             {{QStringLiteral("levels"),
                               QStringLiteral("a pass/fail rubric has no levels; remove them "
                                              "or make the rubric \"scale\": \"levels\"")}});
        }
        if (const auto id = reader.nonEmptyString("id", Need::Required)) {
            criterion.id = id->trimmed();
            ids.claim(reader, QStringLiteral("id"), criterion.id, qsizetype(i));
        }
        const Need nameNeed = rubric.scale == RubricScale::Levels ? Need::Required : Need::Optional;
        criterion.name = reader.nonEmptyString("name", nameNeed).value_or(criterion.id);
        const Need descriptionNeed =
            rubric.scale == RubricScale::PassFail ? Need::Required : Need::Optional;
        if (const auto description = reader.nonEmptyString("description", descriptionNeed))
            criterion.description = *description;
        const Need weightNeed =
            rubric.scale == RubricScale::Levels ? Need::Required : Need::Optional;
        const std::optional<double> weight = readWeight(reader, rubric.scale, weightNeed);
        weightGiven << reader.has("weight");
        weightsReadable = weightsReadable && (weight || !reader.has("weight")) &&
                          (weight || weightNeed == Need::Optional);
        criterion.weight = weight.value_or(0.0);
        if (weight && *weight == 0.0)
            reader.warning(QStringLiteral("weight"),
                           QStringLiteral("is 0: this criterion never changes the total"));
        if (rubric.scale == RubricScale::Levels)
            readLevels(reader, &criterion, problems);
        rubric.criteria << criterion;
    }
    // The sum is checked only when every weight could be read: a sum over a missing or
    // broken weight would add a second, misleading error to the first.
    if (weightsReadable && rubric.criteria.size() == qsizetype(criteria->size()))
        checkWeights(criteriaPath, rubric.scale, rubric.criteria, weightGiven, problems);
    if (JsonFieldReader::hasErrorSince(*problems, before))
        return std::nullopt;
    return rubric;
}

RubricLoadResult RubricReader::parse(const QByteArray& bytes, const QString& sourceName)
{
    RubricLoadResult result;
    result.sourceName = sourceName;
    const std::optional<json> root = JsonFieldReader::parseDocument(bytes, &result.problems);
    if (!root)
        return result;
    std::optional<Rubric> rubric = read(*root, QString(), &result.problems);
    if (rubric && !result.hasErrors())
        result.rubric = std::move(rubric);
    return result;
}

RubricLoadResult RubricReader::readFile(const QString& path)
{
    return BoundedFile::readAndParse<RubricLoadResult>(path, kMaxFileBytes,
                                                       QStringLiteral("rubric"), &parse);
}

} // namespace pb
