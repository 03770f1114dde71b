#pragma once

#include <QByteArray>
#include <QString>

namespace pb::test {

// The shipped example probe, resources/examples/style-probe.probe.json, which many tests
// start from.
QString exampleProbePath();
// Its bytes as committed; a test that cannot read them stops at once.
QByteArray exampleProbeBytes();

} // namespace pb::test
