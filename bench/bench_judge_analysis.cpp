// How a judge run's analysis grows with its calls. A stand-in judge run of the shipped
// example, its items copied to n calls, goes through RunSession exactly as the window's run
// does, with the JudgeAnalyzer timed: every add() of recorded calls and every results()
// snapshot the session takes at its bounded rate. Linear: the analysis time per call stays
// about the same as n grows. For contrast, the way the window used to analyse (re-read the
// whole store and re-grade every reply at each snapshot) is timed on the same store, for the
// same number of snapshots. Prints "judge <calls> <snapshots> <analysis s> <re-read s>".
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cstdio>

using namespace pb;

namespace {

// Times the analyzer it wraps.
class TimedAnalyzer : public RunAnalyzer
{
public:
    explicit TimedAnalyzer(const JudgeProbeDocument& doc) : m_inner(doc) {}

    void add(int unit, qint64 runId, const QList<LoggedCall>& calls) override
    {
        QElapsedTimer t;
        t.start();
        m_inner.add(unit, runId, calls);
        *m_nanos += t.nsecsElapsed();
    }
    RunResultsPtr results() const override
    {
        QElapsedTimer t;
        t.start();
        RunResultsPtr r = m_inner.results();
        *m_nanos += t.nsecsElapsed();
        ++*m_snapshots;
        return r;
    }

    std::shared_ptr<qint64> m_nanos = std::make_shared<qint64>(0);
    std::shared_ptr<int> m_snapshots = std::make_shared<int>(0);

private:
    JudgeAnalyzer m_inner;
};

// The example's items copied until the probe makes `calls` calls (two per item: base and
// padded), with no stability repeats.
JudgeProbeDocument scaled(const JudgeProbeDocument& example, int calls)
{
    JudgeProbeDocument doc = example;
    doc.stability.enabled = false;
    doc.items.clear();
    for (int i = 0; doc.items.size() * 2 < calls; ++i) {
        JudgeItem item = example.items.at(i % example.items.size());
        item.id = QStringLiteral("%1-%2").arg(item.id).arg(i);
        doc.items << item;
    }
    return doc;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_judge_analysis EXAMPLE.judge.json\n");
        return 2;
    }
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(QString::fromLocal8Bit(argv[1]));
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(loaded.text()));
        return 2;
    }
    QTemporaryDir dir;
    for (const int n : {250, 500, 1000, 2000, 4000}) {
        const JudgeProbeDocument doc = scaled(*loaded.document, n);
        RunStore store;
        QString error;
        if (!store.open(dir.filePath(QStringLiteral("judge-%1.pbrun").arg(n)), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        auto analyzer = std::make_unique<TimedAnalyzer>(doc);
        const std::shared_ptr<qint64> nanos = analyzer->m_nanos;
        const std::shared_ptr<int> snapshots = analyzer->m_snapshots;
        RunSession session(&store, JudgeProbeRun::units(doc), std::move(analyzer));
        // The window's rates: progress every 100 ms, a fresh analysis at most every 400 ms.
        session.setPublishInterval(100);
        session.setAnalysisInterval(400);
        QObject::connect(&session, &RunSession::finished, &app, [&] { app.exit(0); });
        QMetaObject::invokeMethod(&session, &RunSession::start, Qt::QueuedConnection);
        app.exec();
        int calls = 0;
        QElapsedTimer reread;
        reread.start();
        for (int i = 0; i < *snapshots; ++i) {
            const JudgeProbeRun::StoredJudgeResults stored =
                JudgeProbeRun::readStored(doc, store, QStringLiteral("bench.pbrun"));
            if (!stored.error.isEmpty()) {
                std::fprintf(stderr, "%s\n", qPrintable(stored.error));
                return 1;
            }
            calls = stored.storedCalls;
        }
        std::printf("judge %d %d %.6f %.6f\n", calls, *snapshots, double(*nanos) / 1e9,
                    reread.nsecsElapsed() / 1e9);
        std::fflush(stdout);
    }
    return 0;
}
