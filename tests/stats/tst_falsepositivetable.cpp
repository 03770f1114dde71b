// The calibration study's false-positive rows and the rule applied when a row's interval misses
// its exact size: every row is run again on fresh seed blocks, and the pooled count over that
// second sample, not over the sample whose miss asked for it, decides.
#include "FalsePositiveTable.h"

#include <QTest>
#include <atomic>

using namespace pb;
using namespace pb::study;

namespace {

constexpr qint64 kFresh = 500'000'001;

// A mode whose probes flag at exactly their size, 47 in every 1000 (the probe's place in its
// row read from its seed block), except where `excess` says: there 100 in every 1000.
ModeStudy fakeMode(std::function<bool(qint64 first)> excess, std::atomic<int>* freshCalls)
{
    ModeStudy m;
    m.name = QStringLiteral("fake");
    m.probes = 1000;
    m.probe = [excess, freshCalls](double, double, qint64 first, int) {
        if (first >= kFresh)
            ++*freshCalls;
        const qint64 k = ((first - 1) / 1000) % 1000;
        const bool flag = k < (excess(first) ? 100 : 47);
        return Outcome{true, flag ? 0.01 : 0.5, 0.0, 0.047};
    };
    return m;
}

} // namespace

class TestFalsePositiveTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The first row of the first sample flags twice its size; the second sample is exact. Every
    // row is run again, the second sample's pooled count shows no excess, and the miss is not
    // called repeated, while the first sample's own pooled count is reported beside it.
    void everyRowRunsAgainAndTheSecondSampleDecides()
    {
        std::atomic<int> fresh{0};
        const ModeStudy mode = fakeMode([](qint64 first) { return first < 1'000'001; }, &fresh);
        const FalsePositiveTable table = FalsePositiveTable::run(mode, {5}, {0.4, 0.8, 1.2});
        QCOMPARE(table.rows.size(), 3);
        QCOMPARE(table.rows.at(0).hits.at(1), 100LL);
        QCOMPARE(table.rows.at(1).hits.at(1), 47LL);
        QVERIFY(!table.sizeExplainsRates());
        bool repeated = true;
        const QString text = table.sizeCheck(mode, kFresh, &repeated);
        QCOMPARE(fresh.load(), 3000); // every row, not only the one that missed
        QVERIFY(!repeated);
        QVERIFY2(text.contains(QStringLiteral("First sample, over its 3 rows: 194 probes flagged "
                                              "at 0.05 against 141.0 expected")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Second sample: 141 probes flagged at 0.05 against "
                                              "141.0 expected")),
                 qPrintable(text));
    }

    // An excess that comes back on fresh blocks, in a row that did not miss the first time, is
    // a repeated miss: the study then says its argument has a fault.
    void anExcessOnTheSecondSampleIsRepeated()
    {
        std::atomic<int> fresh{0};
        const ModeStudy mode = fakeMode(
            [](qint64 first) { return first < 1'000'001 || first >= kFresh + 2'000'000; }, &fresh);
        const FalsePositiveTable table = FalsePositiveTable::run(mode, {5}, {0.4, 0.8, 1.2});
        bool repeated = false;
        const QString text = table.sizeCheck(mode, kFresh, &repeated);
        QVERIFY(repeated);
        QVERIFY(text.contains(QStringLiteral("has a fault")));
    }

    // No miss, no second sample.
    void noMissNoRerun()
    {
        std::atomic<int> fresh{0};
        const ModeStudy mode = fakeMode([](qint64) { return false; }, &fresh);
        const FalsePositiveTable table = FalsePositiveTable::run(mode, {5}, {0.4, 0.8});
        bool repeated = true;
        table.sizeCheck(mode, kFresh, &repeated);
        QVERIFY(!repeated);
        QCOMPARE(fresh.load(), 0);
    }

    // Under an exact test, a table with a row above its size has a pooled p below 0.05 far more
    // often than alpha: the share the study reports for its first samples.
    void aPooledCountAfterAMissLeansTheMissesWay()
    {
        std::atomic<int> fresh{0};
        const ModeStudy mode = fakeMode([](qint64) { return false; }, &fresh);
        const FalsePositiveTable table = FalsePositiveTable::run(mode, {5, 20}, {0.4, 0.8, 1.2});
        const double share = table.pooledRateAfterMiss(4000);
        QVERIFY2(share > 0.12 && share < 0.26, qPrintable(QString::number(share)));
    }
};

QTEST_GUILESS_MAIN(TestFalsePositiveTable)
#include "tst_falsepositivetable.moc"
