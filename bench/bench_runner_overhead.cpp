// Runner overhead against the physical limit: N calls at a fixed server latency L with k
// parallel slots cannot finish faster than N * L / k. The fake model server runs as its own
// process (tests/fakeserver) so its work does not share the runner's event loop.
// Prints one line per configuration plus the sequential Python loop of the tutorial's style.
#include "backends/BackendFactory.h"
#include "backends/ModelBackend.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "run/RunConfiguration.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>
#include <sys/resource.h>

using namespace pb;

namespace {

struct Server
{
    QProcess process;
    quint16 port = 0;
};

bool startServer(Server& s, int latencyMs, int slots)
{
    s.process.start(QStringLiteral(PB_FAKE_SERVER),
                    {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--latency-ms"),
                     QString::number(latencyMs), QStringLiteral("--slots"), QString::number(slots),
                     QStringLiteral("--print-port")});
    if (!s.process.waitForReadyRead(10000)) {
        return false;
    }
    s.port = quint16(QString::fromLatin1(s.process.readLine()).trimmed().toUInt());
    return s.port != 0;
}

ProbeDocument probe(int calls, const QStringList& endpoints, int concurrency)
{
    ProbeDocument doc;
    doc.title = QStringLiteral("runner overhead");
    doc.attribute = {QStringLiteral("style"), {QStringLiteral("formal"), QStringLiteral("casual")}};
    const int seeds = 10;
    for (int i = 0; i < calls / (2 * seeds); ++i) {
        ProbeItem item;
        item.id = QString::number(i);
        item.variants = {
            {QStringLiteral("formal"), QStringLiteral("Hello. Item %1, could you help?").arg(i)},
            {QStringLiteral("casual"), QStringLiteral("hey item %1 pls help").arg(i)}};
        doc.items.append(item);
    }
    for (int s = 1; s <= seeds; ++s) {
        doc.settings.seeds << s;
    }
    doc.settings.backend = QStringLiteral("ollama");
    doc.settings.model = QStringLiteral("fake-model:latest");
    doc.settings.endpoints = endpoints;
    doc.settings.concurrency = concurrency;
    doc.settings.timeoutSeconds = 30;
    doc.settings.system = QStringLiteral("Reply with numbered steps.");
    doc.noise.enabled = false;
    return doc;
}

// CPU time of the calling thread: the runner's, where replies are read and calls recorded.
double threadCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double runOnce(const ProbeDocument& doc, int* failed, double* threadCpu)
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    bool resumed = false;
    if (!store.open(dir.filePath(QStringLiteral("b.pbrun")), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return -1;
    }
    const qint64 run = RunConfiguration::identity(doc, QStringLiteral("{}"))
                           .findOrCreateRun(store, &resumed, &error);
    auto backend = BackendFactory::create(doc.settings, &error);
    if (!backend) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return -1;
    }
    pb::ModelProbeReplies replies(doc.metric, run);
    pb::Runner runner(pb::CallPlan::build(doc), &replies, &store, run, backend.get());
    QElapsedTimer clock;
    QObject::connect(&runner, &pb::Runner::finished, [&](RunOutcome, const QString& message) {
        if (!message.isEmpty()) {
            std::fprintf(stderr, "run: %s\n", qPrintable(message));
        }
        QCoreApplication::exit(0);
    });
    const double cpuBefore = threadCpuSeconds();
    clock.start();
    QMetaObject::invokeMethod(&runner, &pb::Runner::start, Qt::QueuedConnection);
    QCoreApplication::exec();
    *failed = runner.progress().failed;
    const double wall = clock.nsecsElapsed() / 1e9;
    *threadCpu = threadCpuSeconds() - cpuBefore;
    return wall;
}

// Runs a Python client and returns the wall time it reports, or -1.
double pythonWall(const QStringList& args)
{
    QProcess python;
    python.start(QStringLiteral("python3"), args);
    if (!python.waitForFinished(600000) || python.exitCode() != 0)
        return -1;
    return QString::fromUtf8(python.readAllStandardOutput())
        .trimmed()
        .section(QLatin1Char(' '), 0, 0)
        .toDouble();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int calls = 1000;
    const int latencyMs = 20;
    // Slot counts may be named on the command line to measure one configuration alone.
    QList<int> slotCounts;
    for (const QString& arg : app.arguments().mid(1))
        slotCounts << arg.toInt();
    if (slotCounts.isEmpty())
        slotCounts = {1, 4, 8};
    for (int slots : slotCounts) {
        Server server;
        if (!startServer(server, latencyMs, slots)) {
            std::fprintf(stderr, "cannot start %s\n", PB_FAKE_SERVER);
            return 1;
        }
        // Qt opens at most 6 connections per host, so 8 slots are reached as two endpoints
        // (127.0.0.1 and localhost) of the same server, 4 calls in flight each.
        const QString base = QStringLiteral("http://%1:%2");
        QStringList endpoints{base.arg(QStringLiteral("127.0.0.1")).arg(server.port)};
        int perEndpoint = slots;
        if (slots > 6) {
            endpoints << base.arg(QStringLiteral("localhost")).arg(server.port);
            perEndpoint = slots / 2;
        }
        int failed = 0;
        double threadCpu = 0;
        const double wall = runOnce(probe(calls, endpoints, perEndpoint), &failed, &threadCpu);
        const double limit = calls * latencyMs / 1000.0 / slots;
        std::printf(
            "bench=runner_overhead calls=%d latency_ms=%d slots=%d endpoints=%lld wall_s=%.3f "
            "limit_s=%.3f ratio=%.3f failed=%d runner_cpu_us_per_call=%.0f\n",
            calls, latencyMs, slots, static_cast<long long>(endpoints.size()), wall, limit,
            wall / limit, failed, threadCpu * 1e6 / calls);
        std::fflush(stdout);
        // The rig's floor at the same slot count: a lean threaded client that records nothing.
        QStringList floorArgs{QStringLiteral(PB_BENCH_DIR "/python_slots.py"), endpoints.front(),
                              QString::number(calls), QString::number(slots)};
        floorArgs << endpoints.mid(1);
        const double floorWall = pythonWall(floorArgs);
        std::printf("bench=client_floor calls=%d latency_ms=%d slots=%d wall_s=%.3f limit_s=%.3f "
                    "ratio=%.3f\n",
                    calls, latencyMs, slots, floorWall, limit, floorWall / limit);
        std::fflush(stdout);
        if (slots == 1) {
            // The tutorial's way: one requests-style POST after another, then a CSV.
            const double pyWall = pythonWall({QStringLiteral(PB_BENCH_DIR "/python_loop.py"),
                                              endpoints.front(), QString::number(calls)});
            std::printf(
                "bench=python_loop calls=%d latency_ms=%d wall_s=%.3f limit_s=%.3f ratio=%.3f "
                "runner_speedup=%.3f\n",
                calls, latencyMs, pyWall, limit, pyWall / limit, pyWall / wall);
            std::fflush(stdout);
        }
        server.process.terminate();
        server.process.waitForFinished(5000);
    }
    return 0;
}
