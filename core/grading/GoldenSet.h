#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <optional>

namespace pb {

// A versioned golden set (docs/grading.md): calibration submissions with the levels they
// deserve, from people's blind sheets or written by hand, and how close the judge must come.
// A regression run (`probebench regress`) grades the submissions with a judge configuration
// and compares its levels with these; `probebench gate` blocks a change to the judge prompt
// or the rubric that breaks the agreement.
//
//   {"format": "probebench/golden-set@1",
//    "version": "2026-12-01",
//    "rubric": "library-hours.rubric.json",
//    "submissions": "library-hours-calibration/submissions",   (a folder or a .zip)
//    "expected": "library-hours-calibration/expected.csv",      (a score sheet)
//    "tolerance": {"default": 0, "directness": 1},               (levels either way)
//    "min_within_tolerance": 0.75}                               (per criterion)
//
// Paths are relative to the golden set's file. Problems are named by file and path.
struct GoldenSet
{
    static constexpr const char* kKind = "golden-set";
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;

    QString sourceName; // the file's name, for messages
    QString version;
    QString rubricPath;      // absolute
    QString submissionsPath; // absolute
    QString expectedPath;    // absolute
    int defaultTolerance = 0;
    QHash<QString, int> tolerance; // by criterion id, where it differs from the default
    double minWithinTolerance = 1.0;

    int toleranceOf(const QString& criterionId) const
    {
        return tolerance.value(criterionId, defaultTolerance);
    }

    static std::optional<GoldenSet> readFile(const QString& path, QString* error);
    // folder: what relative paths are relative to.
    static std::optional<GoldenSet> parse(const QByteArray& json, const QString& sourceName,
                                          const QString& folder, QString* error);
};

} // namespace pb
