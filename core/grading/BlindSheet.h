#pragma once

#include "grading/ScoreSheet.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// A change to a cell of a sheet already marked complete, kept with the reason the rater gave.
struct SheetAmendment
{
    QDateTime time; // UTC
    QString filename;
    QString criterionId;
    std::optional<int> levelBefore;
    std::optional<int> levelAfter;
    QString whyBefore;
    QString whyAfter;
    QString reason;

    bool operator==(const SheetAmendment&) const = default;
};

// One rater's blind score sheet for a calibration set (seed 004 Part 2): a level and a
// one-sentence justification per criterion for each calibration file. Human scores collected
// after seeing the judge's are anchored, so the judge's levels on the calibration files stay
// hidden from this rater (judgeVisible()) until the sheet is marked complete, and once it is,
// a cell changes only with a reason, which is recorded with the old and new values
// (amendments()). Importing a spreadsheet's CSV is scoring, so it is refused once the sheet is
// complete. Plain value; the window and the CLI read and write it as probebench/blind-sheet@1
// (toJson / fromJson), and export the ScoreSheet to CSV (ScoreSheetCsv).
class BlindSheet
{
public:
    static constexpr int kMinCalibrationFiles = 8; // seed 004: at least 8 submissions
    static constexpr const char* kKind = "blind-sheet";

    // Refused (nullopt with *error) with fewer than kMinCalibrationFiles distinct files, no
    // criteria or an empty rater name.
    static std::optional<BlindSheet> create(const QString& rater, const QStringList& criterionIds,
                                            const QStringList& calibrationFiles, QString* error);

    QString rater() const { return m_rater; }
    const ScoreSheet& sheet() const { return m_sheet; }
    QStringList calibrationFiles() const;
    bool isComplete() const { return m_completed.isValid(); }
    QDateTime completedAt() const { return m_completed; }
    const QList<SheetAmendment>& amendments() const { return m_amendments; }

    // Scores one cell. Before completion reason is ignored; after, an empty reason refuses the
    // change and a given one records it (at `now`). A level is 1 to 4 or blank.
    bool score(const QString& filename, const QString& criterionId, std::optional<int> level,
               const QString& why, const QString& reason, QString* error,
               const QDateTime& now = QDateTime::currentDateTimeUtc());
    // Takes the levels and justifications of a sheet read from CSV. Every row must be a
    // calibration file; its cells replace this sheet's. Refused once complete.
    bool import(const ScoreSheet& imported, QString* error);
    // The first cell still without a level or a justification, as "03_good.md, directness:
    // no justification"; empty when every cell is scored.
    QString missing() const;
    // Refused while missing() is not empty.
    bool markComplete(QString* error, const QDateTime& now = QDateTime::currentDateTimeUtc());
    // Whether the judge's levels on filename may be shown to this rater.
    bool judgeVisible(const QString& filename) const;

    QJsonObject toJson() const;
    // sourceName names the file in messages; the criteria must be the rubric's (criterionIds).
    static std::optional<BlindSheet> fromJson(const QByteArray& json, const QString& sourceName,
                                              const QStringList& criterionIds, QString* error);
    // The same from and to a .blind.json file (at most ScoreSheetCsv::kMaxFileBytes), the
    // write whole or not at all; errors name the file.
    static std::optional<BlindSheet> readFile(const QString& path, const QStringList& criterionIds,
                                              QString* error);
    bool writeFile(const QString& path, QString* error) const;

    bool operator==(const BlindSheet&) const = default;

private:
    ScoreSheetRow* row(const QString& filename);
    qsizetype criterion(const QString& id) const;

    QString m_rater;
    ScoreSheet m_sheet;
    QDateTime m_completed;
    QList<SheetAmendment> m_amendments;
};

} // namespace pb
