// Reading a 43 MB probe of 1,000,000 items (two short variants each), the file that once grew
// to 4.7 GB: it is under the reader's 50 MB cap, so it must be read within bounds. Reports
// the time ProbeReader::readFile takes and the process's peak resident size (VmHWM) before
// and after; a copy padded past the cap is refused, and the message is printed.
//
//   build/bench/bench_big_probe [items]
#include "probe/ProbeReader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

namespace {

double statusMiB(const QByteArray& key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) {
        return -1;
    }
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(key)) {
            return line.mid(key.size() + 1).trimmed().split(' ').value(0).toDouble() / 1024.0;
        }
    }
    return -1;
}

QByteArray probeJson(int items, int padding)
{
    QByteArray json = R"({"format":"probebench/probe@1","title":"Big probe",)"
                      R"("attribute":{"name":"style","values":["a","b"]},"items":[)";
    json.reserve(qsizetype(items) * 45 + padding + 512);
    for (int i = 0; i < items; ++i) {
        json += (i ? ",{\"id\":\"" : "{\"id\":\"") + QByteArray::number(i) +
                "\",\"variants\":{\"a\":\"Hi\",\"b\":\"Yo\"}}";
    }
    json += R"(],"settings":{"backend":"stand-in","model":"stand-in-v1","seeds":"1-20"},)"
            R"("metric":{"kind":"count_steps","name":"steps"},"description":")";
    json += QByteArray(padding, 'x');
    json += "\"}";
    return json;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = QCoreApplication::arguments().mid(1);
    const int items = args.isEmpty() ? 1000000 : args[0].toInt();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.probe.json"));
    const QString over = dir.filePath(QStringLiteral("over.probe.json"));
    qint64 bytes = 0;
    {
        const QByteArray json = probeJson(items, 0);
        bytes = json.size();
        QFile f(path);
        QFile g(over);
        if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size() ||
            !g.open(QIODevice::WriteOnly) ||
            g.write(probeJson(items, int(pb::ProbeReader::kMaxFileBytes - bytes + 1))) <= 0) {
            out << "cannot write the probes" << Qt::endl;
            return 1;
        }
    }
    const double before = statusMiB("VmHWM:");
    QElapsedTimer clock;
    clock.start();
    const pb::ProbeLoadResult loaded = pb::ProbeReader::readFile(path);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    const double peak = statusMiB("VmHWM:");
    out << "bench=big_probe_read items=" << items
        << " file_mb=" << QString::number(double(bytes) / 1e6, 'f', 1)
        << " ok=" << (loaded.ok() ? "yes" : "no")
        << " items_read=" << (loaded.ok() ? loaded.document->items.size() : 0)
        << " read_s=" << QString::number(seconds, 'f', 2)
        << " peak_rss_before_mib=" << QString::number(before, 'f', 1)
        << " peak_rss_mib=" << QString::number(peak, 'f', 1) << Qt::endl;
    if (!loaded.ok()) {
        out << "  " << loaded.text().left(300) << Qt::endl;
    }
    const pb::ProbeLoadResult refused = pb::ProbeReader::readFile(over);
    out << "bench=big_probe_over_cap refused=" << (refused.ok() ? "no" : "yes") << Qt::endl;
    out << "refusal: " << refused.text().trimmed() << Qt::endl;
    return loaded.ok() && !refused.ok() ? 0 : 1;
}
