#pragma once

#include <QString>
#include <QStringList>

namespace pb::test {

// One of the library-hours example's rater sheets (resources/examples/library-hours-calibration/
// csvName), imported into a blind sheet of rater and written to path as the window keeps it,
// marked complete when asked. False, with a warning, when any step fails.
bool writeExampleBlindSheet(const QString& csvName, const QString& rater, const QString& path,
                            bool complete);

// The named files of resources/examples (a rubric, a grading project) and the whole
// library-hours-submissions folder copied into folder, as a student's own copy of the
// example. False, with a warning, when a copy fails.
bool copyExampleGrading(const QString& folder, const QStringList& files);

} // namespace pb::test
