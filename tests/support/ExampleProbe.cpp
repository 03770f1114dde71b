#include "ExampleProbe.h"

#include "TestPaths.h"

#include <QFile>
#include <QtGlobal>

namespace pb::test {

QString exampleProbePath()
{
    return sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json");
}

QByteArray exampleProbeBytes()
{
    QFile file(exampleProbePath());
    if (!file.open(QIODevice::ReadOnly)) {
        qFatal("cannot open the example probe");
    }
    return file.readAll();
}

} // namespace pb::test
