#include "judge/RubricWriter.h"

#include "judge/RubricReader.h"
#include "probe/WholeFile.h"

#include <QFileInfo>
#include <cmath>

namespace pb {

namespace {

using ojson = nlohmann::ordered_json;

std::string utf8(const QString& text)
{
    return text.toStdString();
}

// A whole-number weight is written as an integer (the lab's form demands one); any other
// number as it is, so the reader can name it.
ojson weightValue(double weight)
{
    if (std::isfinite(weight) && std::floor(weight) == weight && std::abs(weight) < 1e15)
        return ojson(qint64(weight));
    return ojson(weight);
}

// The pass/fail reader gives every criterion 100 / n when no weight is written.
bool equalWeights(const Rubric& rubric)
{
    const double equal = 100.0 / double(rubric.criteria.size());
    for (const RubricCriterion& c : rubric.criteria) {
        if (c.weight != equal)
            return false;
    }
    return true;
}

ojson criterionObject(const Rubric& rubric, const RubricCriterion& c, bool writeWeight)
{
    ojson out = ojson::object();
    out["id"] = utf8(c.id);
    if (rubric.scale == RubricScale::Levels) {
        out["name"] = utf8(c.name);
        if (!c.description.isEmpty())
            out["description"] = utf8(c.description);
        out["weight"] = weightValue(c.weight);
        ojson levels = ojson::object();
        for (auto it = c.levels.constEnd(); it != c.levels.constBegin();) {
            --it;
            levels[utf8(QString::number(it.key()))] = utf8(it.value());
        }
        out["levels"] = levels;
        return out;
    }
    // The reader names a pass/fail criterion by its id when the file gives no name.
    if (!c.name.isEmpty() && c.name != c.id)
        out["name"] = utf8(c.name);
    out["description"] = utf8(c.description);
    if (writeWeight)
        out["weight"] = weightValue(c.weight);
    return out;
}

} // namespace

ojson RubricWriter::toObject(const Rubric& rubric, bool withFormat)
{
    ojson root = ojson::object();
    if (withFormat)
        root["format"] = RubricReader::kFormat;
    if (!rubric.title.isEmpty())
        root["title"] = utf8(rubric.title);
    if (!rubric.artifactType.isEmpty())
        root["artifact_type"] = utf8(rubric.artifactType);
    root["scale"] = utf8(Rubric::scaleName(rubric.scale));
    const bool writeWeights =
        rubric.scale == RubricScale::Levels || rubric.criteria.isEmpty() || !equalWeights(rubric);
    ojson criteria = ojson::array();
    for (const RubricCriterion& c : rubric.criteria)
        criteria.push_back(criterionObject(rubric, c, writeWeights));
    root["criteria"] = criteria;
    return root;
}

QByteArray RubricWriter::toJson(const Rubric& rubric)
{
    // QString always holds valid UTF-16, so its UTF-8 is valid and dump() cannot throw.
    const std::string text =
        toObject(rubric, true).dump(2, ' ', false, ojson::error_handler_t::replace) + '\n';
    return QByteArray(text.data(), qsizetype(text.size()));
}

bool RubricWriter::writeFile(const Rubric& rubric, const QString& path, QString* error)
{
    if (QFileInfo::exists(path)) {
        const RubricLoadResult existing = RubricReader::readFile(path);
        if (existing.rubric && *existing.rubric == rubric)
            return true;
    }
    return WholeFile::write(path, toJson(rubric), error);
}

QList<ProbeProblem> RubricWriter::validate(const Rubric& rubric)
{
    return RubricReader::parse(toJson(rubric), QString()).problems;
}

} // namespace pb
