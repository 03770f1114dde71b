#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// One submission as one rater scored it: a level and a one-sentence justification per
// criterion, in the sheet's criterion order. A level left blank is "not scored", never 0.
struct ScoreSheetRow
{
    int line = 0; // where the row is in the file it was read from; 0 when made in memory
    QString filename;
    QList<std::optional<int>> levels;
    QStringList why;

    bool operator==(const ScoreSheetRow&) const = default;
};

// A rater's blind score sheet for a calibration set.
struct ScoreSheet
{
    QString sourceName;        // the file it was read from, for messages
    QStringList criterionIds;  // rubric order
    QList<ScoreSheetRow> rows; // file order; filenames are unique

    const ScoreSheetRow* row(const QString& filename) const;
    // The rater's level on criterionId for each of filenames, in that order; std::nullopt
    // where the sheet has no such row or the level is blank. Lines two sheets up by name
    // for ConfusionMatrix::fromRatings.
    QList<std::optional<int>> levels(const QString& criterionId,
                                     const QStringList& filenames) const;

    bool operator==(const ScoreSheet&) const = default;
};

} // namespace pb
