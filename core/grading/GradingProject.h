#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// A grading kept in a file of its own, what the window opens and `probebench grade` reads:
//
//   {"format": "probebench/grading@1",
//    "title": "Library hours essays",
//    "rubric": "library-hours.rubric.json",
//    "submissions": "library-hours-submissions",             (a folder or a .zip)
//    "judges": [{"name": "grader", "backend": "stand-in-judge", "seed": 42}],
//    "evidence": {"fuzzy_threshold": 90},
//    "calibration": ["01_excellent.txt", ...],                (the files raters score blind)
//    "blind_sheets": ["ana.blind.json"],                       (one per rater)
//    "revisions": [{"rubric": "library-hours-v2.rubric.json",   (later rubric versions,
//                   "why": "directness levels made observable"}]  oldest first)
//
// "rubric" is the first version, the one every submission is graded on. A revision is a later
// version kept with the reason it was made (seed 004 Part 3: revise the worst criterion); it is
// graded on the calibration files only (`probebench grade FILE --revision N`), into the same
// store, so its agreement with the raters can be set beside the first version's.
// "judges" and "evidence" are read by grading-settings' rules (exactly one judge). Paths are
// kept as written, relative to the project's file; rubricPath() and the others resolve them.
// The results go where `probebench grade FILE.grading.json` puts them without --out:
// <name>-results/<name>.pbrun beside the file. Problems are named by file and path, every one
// at once.
struct GradingProject
{
    static constexpr const char* kKind = "grading";
    static constexpr const char* kSuffix = ".grading.json";
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;

    struct Revision
    {
        QString rubric; // as written
        QString why;    // the reason given, never empty

        bool operator==(const Revision&) const = default;
    };

    QString title;
    QString rubric;      // as written
    QString submissions; // as written
    JudgeConfig judge;
    EvidencePolicy evidence;
    QStringList calibration;   // file names in the submissions
    QStringList blindSheets;   // as written
    QList<Revision> revisions; // oldest first; revision N is revisions[N - 1]

    bool operator==(const GradingProject&) const = default;

    // A path of the project resolved against the folder of the file at projectPath.
    static QString resolve(const QString& projectPath, const QString& written);
    QString rubricPath(const QString& projectPath) const { return resolve(projectPath, rubric); }
    QString submissionsPath(const QString& projectPath) const
    {
        return resolve(projectPath, submissions);
    }
    // The rubric of version `revision`: 0 is "rubric", N >= 1 is revisions[N - 1]; empty when
    // there is no such version.
    QString rubricPath(const QString& projectPath, int revision) const;
    // Where `probebench grade FILE --revision N` writes without --out: "revision-N" in the
    // project's results folder.
    static QString revisionFolderName(int revision);

    static std::optional<GradingProject> readFile(const QString& path, QString* error,
                                                  QString* warnings);
    static std::optional<GradingProject> parse(const QByteArray& json, const QString& sourceName,
                                               QString* error, QString* warnings);
    QByteArray toJson() const;
    // Replaces the file atomically; false with why in *error.
    bool writeFile(const QString& path, QString* error) const;
};

} // namespace pb
