// Size and memory of the CLI. Writes, from the tutorial probe, a probe of `items` items on
// `seeds` seeds with its same-versus-same check (items x seeds x 3 stand-in calls), runs
// `probebench run` on it as a process of its own and reads the process's peak resident size
// from the kernel (wait4's ru_maxrss). Target: at most 1 GiB for a 1,000,000-call run.
// The store it leaves in DIR is what bench_gui_open_project opens.
//
//   build/bench/bench_cli_memory ITEMS SEEDS DIR
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTextStream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Outcome
{
    int exitCode = -1;
    double peakMiB = 0;
    double wallSeconds = 0;
};

// Runs the program to its end with stdout and stderr going to /dev/null.
Outcome measure(const QStringList& command)
{
    std::vector<QByteArray> bytes;
    for (const QString& a : command) {
        bytes.push_back(a.toLocal8Bit());
    }
    std::vector<char*> argv;
    for (QByteArray& b : bytes) {
        argv.push_back(b.data());
    }
    argv.push_back(nullptr);
    QElapsedTimer clock;
    clock.start();
    const pid_t pid = fork();
    if (pid == 0) {
        if (FILE* null = std::fopen("/dev/null", "w")) {
            dup2(fileno(null), STDOUT_FILENO);
            dup2(fileno(null), STDERR_FILENO);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    Outcome o;
    int status = 0;
    rusage usage{};
    if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
        o.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        o.peakMiB = double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
    }
    o.wallSeconds = double(clock.nsecsElapsed()) / 1e9;
    return o;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.size() != 3) {
        out << "usage: bench_cli_memory ITEMS SEEDS DIR" << Qt::endl;
        return 2;
    }
    const int items = args[0].toInt();
    const int seeds = args[1].toInt();
    const QDir dir(args[2]);
    const pb::ProbeLoadResult example = pb::ProbeReader::readFile(
        QStringLiteral(PB_SOURCE_DIR "/resources/examples/style-probe.probe.json"));
    if (!example.ok() || items < 1 || seeds < 1 || !QDir().mkpath(dir.path())) {
        out << "cannot make the probe" << Qt::endl;
        return 1;
    }
    pb::ProbeDocument doc = *example.document;
    doc.title = QStringLiteral("Memory benchmark");
    const QList<pb::ProbeItem> base = doc.items;
    doc.items.clear();
    for (int i = 0; i < items; ++i) {
        pb::ProbeItem item;
        item.id = QString::number(i);
        const pb::ProbeItem& from = base[i % base.size()];
        // Each item a distinct text, so every call is a distinct draw.
        for (auto it = from.variants.cbegin(); it != from.variants.cend(); ++it) {
            item.variants.insert(it.key(), it.value() + QStringLiteral(" (case %1)").arg(i));
        }
        doc.items << item;
    }
    doc.settings.seeds.clear();
    for (int s = 1; s <= seeds; ++s) {
        doc.settings.seeds << s;
    }
    doc.settings.seedsText = QStringLiteral("1-%1").arg(seeds);
    doc.noise.enabled = true;
    doc.noise.seedOffset = seeds + 100;
    const QString probe = dir.filePath(QStringLiteral("bench.probe.json"));
    QString error;
    if (!pb::ProbeWriter::writeFile(doc, probe, &error)) {
        out << error << Qt::endl;
        return 1;
    }
    const qint64 calls = qint64(items) * seeds * 3;
    const Outcome o = measure({QStringLiteral(PB_PROBEBENCH), QStringLiteral("run"), probe,
                               QStringLiteral("--out"), dir.filePath(QStringLiteral("results")),
                               QStringLiteral("--quiet")});
    out << "bench=cli_run_memory calls=" << calls << " items=" << items << " seeds=" << seeds
        << " exit=" << o.exitCode << " peak_rss_mib=" << QString::number(o.peakMiB, 'f', 1)
        << " wall_s=" << QString::number(o.wallSeconds, 'f', 1) << Qt::endl;
    return o.exitCode == 0 ? 0 : 1;
}
