#include "StoreReads.h"
#include "analysis/ProbeAnalysis.h"
#include "metrics/Metric.h"
#include "metrics/StepCount.h"
#include "run/Rescoring.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

// Replies where count_steps and numbered_list disagree on one value only: formal uses
// "1." (both count it), casual uses "1)" (only numbered_list counts it), the noise arm
// mixes "1." with "Step 2:" (numbered_list counts both, count_steps the first).
const QString kFormal = QStringLiteral("1. Open the file.\n2. Read it.");
const QString kCasual = QStringLiteral("1) open it\n2) read it\n3) done");
const QString kNoise = QStringLiteral("1. Open the file.\nStep 2: read it.");

MetricSpec spec(const QString& kind)
{
    MetricSpec m;
    m.kind = kind;
    m.name = QStringLiteral("steps");
    return m;
}

QList<LoggedCall> makeCalls(qint64 runId, int items, int seeds, bool withFailure)
{
    const MetricSpec before = spec(QStringLiteral("count_steps"));
    QList<LoggedCall> calls;
    quint64 index = 0;
    for (int i = 0; i < items; ++i) {
        const struct
        {
            QString variant;
            CallArm arm;
            QString reply;
            qint64 seedOffset;
        } cells[] = {{QStringLiteral("formal"), CallArm::Probe, kFormal, 0},
                     {QStringLiteral("casual"), CallArm::Probe, kCasual, 0},
                     {QStringLiteral("formal again"), CallArm::Noise, kNoise, 100}};
        for (const auto& cell : cells) {
            for (int s = 1; s <= seeds; ++s) {
                LoggedCall c;
                c.runId = runId;
                c.callIndex = index++;
                c.time = QDateTime::currentDateTimeUtc();
                c.itemIndex = i;
                c.itemId = QString::number(i);
                c.variant = cell.variant;
                c.arm = cell.arm;
                c.seed = s + cell.seedOffset;
                c.status = CallStatus::Ok;
                c.reply = cell.reply;
                const MetricResult m = evaluateMetric(before, c.reply);
                c.metricValue = m.value;
                c.metricFlag = m.flag;
                calls << c;
            }
        }
    }
    if (withFailure) {
        // The last casual call of item 0 failed: no reply, no value.
        for (LoggedCall& c : calls) {
            if (c.itemId == QStringLiteral("0") && c.variant == QStringLiteral("casual") &&
                c.seed == seeds) {
                c.status = CallStatus::Failed;
                c.reply.clear();
                c.metricValue.reset();
                c.error = QStringLiteral("no answer in 120 s");
                c.errorKind = QStringLiteral("timeout");
            }
        }
    }
    return calls;
}

} // namespace

class TestRescoring : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyOkCallOfEveryArmIsRescored_data();
    void everyOkCallOfEveryArmIsRescored();
    void sameMetricChangesNothing();
    void storedRunAnalysisFollowsTheRescore();
};

void TestRescoring::everyOkCallOfEveryArmIsRescored_data()
{
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("seeds");
    QTest::addColumn<bool>("withFailure");
    QTest::addRow("2x3") << 2 << 3 << false;
    QTest::addRow("2x3 one failed") << 2 << 3 << true;
    QTest::addRow("8x20 one failed") << 8 << 20 << true;
}

void TestRescoring::everyOkCallOfEveryArmIsRescored()
{
    QFETCH(int, items);
    QFETCH(int, seeds);
    QFETCH(bool, withFailure);
    const QList<LoggedCall> calls = makeCalls(1, items, seeds, withFailure);
    const Rescoring r =
        Rescoring::compute(calls, spec(QStringLiteral("count_steps")),
                           spec(QStringLiteral("numbered_list")), QDate(2026, 11, 30));

    const int ok = int(calls.size()) - (withFailure ? 1 : 0);
    QCOMPARE(r.calls.size(), ok);
    QSet<QString> variants;
    for (const LoggedCall& c : r.calls) {
        QCOMPARE(c.status, CallStatus::Ok);
        variants.insert(c.variant);
        QCOMPARE(c.metricValue, std::optional<double>(countNumberedListItems(c.reply)));
    }
    QCOMPARE(variants, (QSet<QString>{QStringLiteral("formal"), QStringLiteral("casual"),
                                      QStringLiteral("formal again")}));
    // Casual "1)" lines and the noise arm's "Step 2:" line count only under numbered_list.
    const int casualOk = items * seeds - (withFailure ? 1 : 0);
    const int expectedChanged = casualOk + items * seeds;
    QCOMPARE(r.changed, expectedChanged);
    QCOMPARE(r.metricName, QStringLiteral("steps"));
    QCOMPARE(r.metricDefinition, metricDefinition(spec(QStringLiteral("numbered_list"))));
    QCOMPARE(r.note, QStringLiteral("steps re-scored on 2026-11-30 with numbered_list (was "
                                    "count_steps): %1 of %2 values changed")
                         .arg(expectedChanged)
                         .arg(ok));
}

void TestRescoring::sameMetricChangesNothing()
{
    const QList<LoggedCall> calls = makeCalls(1, 3, 4, true);
    const Rescoring r = Rescoring::compute(calls, spec(QStringLiteral("count_steps")),
                                           spec(QStringLiteral("count_steps")), QDate(2026, 1, 2));
    QCOMPARE(r.changed, 0);
    QCOMPARE(r.calls.size(), calls.size() - 1);
    QVERIFY(r.note.endsWith(QStringLiteral(": 0 of 35 values changed")));
}

void TestRescoring::storedRunAnalysisFollowsTheRescore()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RunStore store;
    QString error;
    QVERIFY2(store.open(dir.filePath(QStringLiteral("r.pbrun")), &error), qPrintable(error));
    RunRecord record;
    record.created = QDateTime::currentDateTimeUtc();
    record.probeJson = QStringLiteral("{}");
    record.configHash = QStringLiteral("h");
    record.metricName = QStringLiteral("steps");
    const qint64 runId = store.createRun(record, &error);
    QVERIFY2(runId > 0, qPrintable(error));
    for (const LoggedCall& c : makeCalls(runId, 4, 5, true)) {
        QVERIFY2(store.recordCall(c, &error), qPrintable(error));
    }

    const auto analyse = [&] {
        return ProbeAnalysis::fromCalls(test::calls(store, runId), QStringLiteral("formal"),
                                        QStringLiteral("casual"), QStringLiteral("steps"));
    };
    const ProbeAnalysis before = analyse();
    // count_steps: formal 2, casual 0.
    QCOMPARE(before.probe.table.averageGap(), 2.0);

    const Rescoring r =
        Rescoring::compute(test::calls(store, runId), spec(QStringLiteral("count_steps")),
                           spec(QStringLiteral("numbered_list")), QDate(2026, 11, 30));
    QVERIFY2(store.rescore(runId, r.calls, r.note, r.metricName, r.metricDefinition, &error),
             qPrintable(error));

    const ProbeAnalysis after = analyse();
    // numbered_list: formal 2, casual 3.
    QCOMPARE(after.probe.table.averageGap(), -1.0);
    QVERIFY(after.noise.has_value());
    QCOMPARE(after.callsFailed, 1);
    const QList<LoggedCall> stored = test::calls(store, runId);
    int failed = 0;
    for (const LoggedCall& c : stored) {
        if (c.status == CallStatus::Failed) {
            ++failed;
            QVERIFY(!c.metricValue.has_value());
            QCOMPARE(c.errorKind, QStringLiteral("timeout"));
        } else {
            QCOMPARE(c.metricValue, std::optional<double>(countNumberedListItems(c.reply)));
        }
    }
    QCOMPARE(failed, 1);
    const std::optional<RunRecord> run = test::run(store, runId);
    QVERIFY(run.has_value());
    QCOMPARE(run->rescoreNote, r.note);
    QCOMPARE(run->metricDefinition, r.metricDefinition);
}

QTEST_GUILESS_MAIN(TestRescoring)
#include "tst_rescoring.moc"
