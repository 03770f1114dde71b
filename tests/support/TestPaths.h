#pragma once

#include <QString>

namespace pb::test {

// Folder of committed test data (golden vectors, fixtures).
inline QString dataDir()
{
    return QStringLiteral(PB_TEST_DATA_DIR);
}
// Root of the source tree, for shipped resources such as the example probes.
inline QString sourceDir()
{
    return QStringLiteral(PB_SOURCE_DIR);
}

} // namespace pb::test
