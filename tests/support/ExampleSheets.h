#pragma once

#include <QString>

namespace pb::test {

// One of the library-hours example's rater sheets (resources/examples/library-hours-calibration/
// csvName), imported into a blind sheet of rater and written to path as the window keeps it,
// marked complete when asked. False, with a warning, when any step fails.
bool writeExampleBlindSheet(const QString& csvName, const QString& rater, const QString& path,
                            bool complete);

} // namespace pb::test
