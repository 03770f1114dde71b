#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// How a rubric's criteria are judged: the lab's four observable levels, or the judge-bias
// chapter's pass/fail.
enum class RubricScale
{
    Levels,  // 1..4, 4 best; weighted total = sum(weight * level / 4), 25..100
    PassFail // pass or fail; weighted total = sum of the weights of the passed criteria
};

struct RubricCriterion
{
    QString id;
    QString name;              // shown in prompts and reports; the id when the file gives none
    QString description;       // pass/fail: what passing means; levels: optional summary
    double weight = 0.0;       // percent of the weighted total; the weights of a rubric sum to 100
    QMap<int, QString> levels; // level -> observable descriptor (levels scale: exactly 1..4)

    bool operator==(const RubricCriterion&) const = default;
};

// A validated rubric (see RubricReader): unique criterion ids, weights summing to 100,
// every level described. Plain value.
struct Rubric
{
    static constexpr int kLowestLevel = 1;
    static constexpr int kHighestLevel = 4;

    QString title;
    QString artifactType; // "persuasive_paragraph"; empty when not given
    RubricScale scale = RubricScale::Levels;
    QList<RubricCriterion> criteria;

    QStringList ids() const;
    const RubricCriterion* criterion(const QString& id) const;
    qsizetype indexOf(const QString& id) const;

    // The per-criterion verdict as the judge writes it: "3", "pass", "fail".
    QString verdictText(int value) const;
    // A pass/fail verdict is stored as 1 (pass) or 0 (fail); a level as itself.
    std::optional<int> verdictFromText(const QString& text) const;
    bool isValidVerdict(int value) const;

    // The part of the weighted total (0..100) one criterion's verdict contributes.
    double weightedPoints(const RubricCriterion& criterion, int value) const;

    static QString scaleName(RubricScale scale); // "levels", "pass_fail"
    static std::optional<RubricScale> scaleFromName(const QString& name);

    bool operator==(const Rubric&) const = default;
};

} // namespace pb
