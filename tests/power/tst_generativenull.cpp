// The generative mode's test is exact on an unbiased stand-in only if the argument in the
// calibration study holds: at planted gap 0 a reply is a function of its own stream (seed and
// prompt) and nothing else, the embedding reads the reply alone, no stream is drawn twice in a
// probe or shared between the study's probes, and so each item's D_cf - D_null is as likely to
// fall either side of zero. Each precondition is checked here, and the last one on the study's
// own design, with a planted gap as the case that must fail it.
#include "TestPaths.h"
#include "generative/EmbeddingReading.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "standin/StandInEmbedding.h"
#include "standin/StandInModel.h"

#include <QSet>
#include <QTest>
#include <cmath>

using namespace pb;

namespace {

ProbeDocument generativeExample()
{
    const ProbeLoadResult loaded = ProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
    if (!loaded.ok())
        qFatal("%s", qPrintable(loaded.errorText()));
    return *loaded.document;
}

StandInTrial trial(double gap, qint64 first, int seeds)
{
    StandInTrial t;
    t.plantedGap = gap;
    t.temperature = 0.8;
    t.seeds = StandInExperiment::seedBlock(first, seeds);
    return t;
}

struct Split
{
    long long above = 0, below = 0;
    double z() const
    {
        return (double(above) - double(below)) / std::sqrt(double(above) + double(below));
    }
};

// The signs of every item's D_cf - D_null over `probes` probes on the study's layout: a seed
// block of its own for each probe, 1000 apart.
Split termSigns(const ProbeDocument& doc, double gap, int probes, int seeds)
{
    Split s;
    for (int k = 0; k < probes; ++k) {
        const GenerativeAnalysis a =
            StandInExperiment::analyseGenerative(doc, trial(gap, 700'000'001 + k * 1000LL, seeds));
        for (const GenerativeItemResult& r : a.items) {
            s.above += r.comparable && r.difference > 0 ? 1 : 0;
            s.below += r.comparable && r.difference < 0 ? 1 : 0;
        }
    }
    return s;
}

} // namespace

class TestGenerativeNull : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The reply is the drawn steps' text, the draw reads the call's stream only, and the
    // vector is the reply's: so a B reply and an A-again reply are draws of one thing.
    void aReplyIsItsStreamsStepsAlone()
    {
        const ProbeDocument doc = generativeExample();
        const QList<LoggedCall> calls = StandInExperiment::calls(doc, trial(0.0, 1, 5));
        QCOMPARE(calls.size(), 8 * 3 * 5);
        for (const LoggedCall& c : calls) {
            const int steps = StandInModel::shiftedSteps(c.prompt, QString::number(c.seed), 0.8, 0);
            QCOMPARE(c.reply, StandInModel::replyForSteps(steps));
            const std::optional<EmbeddingReading> reading =
                EmbeddingReading::fromDetails(c.details);
            QVERIFY(reading);
            QVERIFY(reading->vector == StandInEmbedding::embed(c.reply));
        }
    }

    // No (seed, prompt) stream is drawn twice within a probe or across the study's probes, whose
    // blocks are 1000 seeds apart: with the noise offset of 100, A again on s + 100 is never
    // another call's draw, at the study's 5 and 20 seeds per value.
    void noStreamIsDrawnTwice_data()
    {
        QTest::addColumn<int>("seeds");
        QTest::addRow("5 seeds") << 5;
        QTest::addRow("20 seeds") << 20;
    }
    void noStreamIsDrawnTwice()
    {
        QFETCH(int, seeds);
        const ProbeDocument doc = generativeExample();
        QCOMPARE(doc.noise.seedOffset, 100);
        QSet<QString> streams;
        int calls = 0;
        for (int k = 0; k < 3; ++k) {
            for (const LoggedCall& c :
                 StandInExperiment::calls(doc, trial(0.0, 1 + k * 1000LL, seeds))) {
                streams.insert(QString::number(c.seed) + QLatin1Char('|') + c.prompt);
                ++calls;
            }
        }
        QCOMPARE(streams.size(), calls);
    }

    // The same check sees an overlap where there is one: at 150 seeds per value, A again on
    // s + 100 is A's own draw on seed s + 100 for the first 50 seeds.
    void aBlockLongerThanTheOffsetDrawsStreamsTwice()
    {
        const ProbeDocument doc = generativeExample();
        QSet<QString> streams;
        const QList<LoggedCall> calls = StandInExperiment::calls(doc, trial(0.0, 1, 150));
        for (const LoggedCall& c : calls)
            streams.insert(QString::number(c.seed) + QLatin1Char('|') + c.prompt);
        QCOMPARE(streams.size(), calls.size() - 8 * 50);
    }

    // Over 300 unbiased probes (2400 items' terms), D_cf - D_null falls above and below zero
    // evenly: |z| below 3.5. A planted gap of 0.75 steps, which the A-B distance sees and the
    // A-A distance does not, must tip the split past that, or the check could not fail.
    void termsFallEitherSideEvenlyAtGapZero()
    {
        const ProbeDocument doc = generativeExample();
        const Split unbiased = termSigns(doc, 0.0, 300, 5);
        QVERIFY(unbiased.above + unbiased.below > 2300);
        QVERIFY2(std::abs(unbiased.z()) < 3.5,
                 qPrintable(
                     QStringLiteral("%1 above, %2 below").arg(unbiased.above).arg(unbiased.below)));
        const Split biased = termSigns(doc, 0.75, 300, 5);
        QVERIFY2(
            biased.z() > 3.5,
            qPrintable(QStringLiteral("%1 above, %2 below").arg(biased.above).arg(biased.below)));
    }
};

QTEST_GUILESS_MAIN(TestGenerativeNull)
#include "tst_generativenull.moc"
