#pragma once

#include <QString>

namespace pb {

// Where a probe file's results go when no place is given, the same for `probebench` and the
// window so that either one resumes a run the other started: "<name>-results" beside the file,
// the store "<name>.pbrun" in it, where <name> is the file's name without the kind's suffix
// (".grading.json"), or without ".json" when it has another ending.
namespace ResultsPlace {

QString baseName(const QString& probePath, const QString& suffix);
QString folder(const QString& probePath, const QString& suffix); // empty for an empty path
QString store(const QString& probePath, const QString& suffix);  // empty for an empty path

} // namespace ResultsPlace

} // namespace pb
