#pragma once

#include "judge/RubricLoadResult.h"

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace pb {

// Reads rubrics (docs/judge-format.md) in the lab's form, criteria with id, name, integer
// weight and level descriptors "1".."4", and in the pass/fail form, criteria with id and
// description. Reports every problem by path: weights not summing to 100, a missing or
// unknown level, a repeated id, a missing field. Never throws.
class RubricReader
{
public:
    static constexpr const char* kFormat = "probebench/rubric@1";
    static constexpr qint64 kMaxFileBytes = 4 * 1024 * 1024;

    static RubricLoadResult readFile(const QString& path);
    static RubricLoadResult parse(const QByteArray& json, const QString& sourceName);
    // A rubric written inline in another file: problems are appended under pathPrefix
    // ("rubric.criteria[0].weight"). Returns the rubric only when it added no error.
    static std::optional<Rubric> read(const nlohmann::json& value, const QString& pathPrefix,
                                      QList<ProbeProblem>* problems);
};

} // namespace pb
