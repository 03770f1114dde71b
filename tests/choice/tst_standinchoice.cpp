// The stand-in's choice answers are the ground truth of choice mode: reproducible under a seed,
// with a planted shift that the analysis must find and an absence of one that it must not
// call a detection more often than alpha says.
#include "TestPaths.h"
#include "choice/ChoiceAnalysis.h"
#include "choice/ChoiceTally.h"
#include "probe/ProbeReader.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "standin/StandInChoice.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>
#include <boost/math/distributions/binomial.hpp>

using namespace pb;
using namespace pb::test;

namespace {

ProbeDocument example()
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/escalation-choice.probe.json"));
    f.open(QIODevice::ReadOnly);
    return *ProbeReader::parse(f.readAll(), QStringLiteral("example")).document;
}

// The analysis of one seed block, the replies made by the stand-in and read by the model
// probe's own reply handler; without logprobs, as a server that gives none would answer.
ChoiceAnalysis analyse(ProbeDocument doc, int block, int seeds, bool logprobs)
{
    doc.settings.seeds.clear();
    for (int s = 0; s < seeds; ++s)
        doc.settings.seeds << qint64(1000 * block + s);
    ChoiceTally tally(doc);
    ModelProbeReplies replies(doc.metric, 1);
    for (const CallRequest& request : CallPlan::build(doc)) {
        CallResult result;
        result.request = request;
        result.status = CallStatus::Ok;
        const StandInChoiceAnswer answer = StandInChoice::answer(request);
        result.reply = answer.reply;
        if (logprobs)
            result.details.insert(QStringLiteral("logprobs"), answer.logprobs);
        tally.add(replies.decide(result, false).call);
    }
    return ChoiceAnalysis::from(tally);
}

} // namespace

class TestStandInChoice : public QObject
{
    Q_OBJECT
    static constexpr int kBlocks = 200;

private Q_SLOTS:
    void reproducibleUnderASeed()
    {
        const QList<CallRequest> plan = CallPlan::build(example());
        QVERIFY(plan.size() > 3);
        const StandInChoiceAnswer first = StandInChoice::answer(plan[0]);
        const StandInChoiceAnswer again = StandInChoice::answer(plan[0]);
        QCOMPARE(first.reply, again.reply);
        QCOMPARE(first.logprobs, again.logprobs);
        // Another seed draws other noise; A and A again share the item's base preference.
        CallRequest other = plan[0];
        other.seed += 7;
        QVERIFY(StandInChoice::probabilities(other) != StandInChoice::probabilities(plan[0]));
        const std::vector<double> p = StandInChoice::probabilities(plan[0]);
        double sum = 0.0;
        for (double v : p)
            sum += v;
        QVERIFY(std::abs(sum - 1.0) < 1e-12);
        QCOMPARE(p.size(), std::size_t(3)); // yes, no, and the outside token
        // The listed alternatives are those the request asked for, largest first.
        const QJsonArray top = first.logprobs[0][QLatin1String("top_logprobs")].toArray();
        QCOMPARE(top.size(), 3);
        QVERIFY(top[0][QLatin1String("logprob")].toDouble() >=
                top[1][QLatin1String("logprob")].toDouble());
    }

    void plantedShiftMovesTheFirstCandidate()
    {
        ProbeDocument doc = example();
        doc.settings.plantedGap = 2.0;
        const QList<CallRequest> plan = CallPlan::build(doc);
        CallRequest a = plan[0];
        CallRequest b = plan[1];
        QCOMPARE(a.valueIndex, 0);
        QCOMPARE(b.valueIndex, 1);
        b.prompt = a.prompt; // the same noise stream: only the shift differs
        const std::vector<double> pa = StandInChoice::probabilities(a);
        const std::vector<double> pb = StandInChoice::probabilities(b);
        QVERIFY(pb[0] < pa[0]);
        // By exactly the planted log-odds against every other answer.
        QVERIFY(std::abs(std::log(pa[0] / pa[1]) - std::log(pb[0] / pb[1]) - 2.0) < 1e-9);
    }

    // Over many seed blocks: with no planted shift the verdict flags about alpha of them (the
    // paired test's exact size on 8 continuous differences is 12/256 = 0.047, so the count is
    // Binomial(blocks, 0.047) and must fall in its central 99.9%, a rule seeded draws break
    // only by a defect); a large shift nearly always.
    void detectionAgainstTheTruth_data()
    {
        QTest::addColumn<bool>("logprobs");
        QTest::addColumn<double>("gap");
        QTest::addColumn<int>("seeds");
        QTest::addColumn<double>("fewest");
        QTest::addColumn<double>("most");
        constexpr double kSize = 12.0 / 256;
        const boost::math::binomial null(kBlocks, kSize);
        const double low = boost::math::quantile(null, 0.0005) / kBlocks;
        const double high = boost::math::quantile(null, 0.9995) / kBlocks;
        QTest::addRow("logprobs, no shift") << true << 0.0 << 10 << low << high;
        QTest::addRow("logprobs, shift 2") << true << 2.0 << 10 << 0.95 << 1.0;
        QTest::addRow("sampled, no shift") << false << 0.0 << 20 << low << high;
        QTest::addRow("sampled, shift 3") << false << 3.0 << 20 << 0.90 << 1.0;
    }

    void detectionAgainstTheTruth()
    {
        QFETCH(bool, logprobs);
        QFETCH(double, gap);
        QFETCH(int, seeds);
        QFETCH(double, fewest);
        QFETCH(double, most);
        ProbeDocument doc = example();
        doc.settings.plantedGap = gap;
        int detected = 0;
        for (int block = 0; block < kBlocks; ++block) {
            const ChoiceAnalysis a = analyse(doc, block, seeds, logprobs);
            QCOMPARE(a.source, logprobs ? ChoiceSource::Logprobs : ChoiceSource::Sampled);
            QVERIFY2(a.hasResult(), a.comparison.refusal.c_str());
            detected += a.detected() ? 1 : 0;
        }
        const double rate = double(detected) / kBlocks;
        QVERIFY2(rate >= fewest && rate <= most,
                 qPrintable(QStringLiteral("detected in %1 of %2 blocks, expected %3 to %4")
                                .arg(detected)
                                .arg(kBlocks)
                                .arg(fewest * kBlocks)
                                .arg(most * kBlocks)));
    }

    // At temperature 0 the stand-in repeats itself: the deterministic path, no statistics.
    void temperatureZeroIsDeterministic_data()
    {
        QTest::addColumn<double>("gap");
        QTest::addColumn<bool>("detected");
        QTest::addRow("no shift") << 0.0 << false;
        QTest::addRow("small shift") << 0.2 << true;
    }

    void temperatureZeroIsDeterministic()
    {
        QFETCH(double, gap);
        QFETCH(bool, detected);
        ProbeDocument doc = example();
        doc.settings.temperature = 0.0;
        doc.settings.plantedGap = gap;
        const ChoiceAnalysis a = analyse(doc, 0, 3, true);
        QVERIFY(a.deterministic());
        QVERIFY(a.difference.valid);
        QVERIFY(a.difference.stable);
        QCOMPARE(a.difference.largestNull, 0.0);
        QCOMPARE(a.detected(), detected);
        QCOMPARE(a.resultName(), detected ? QStringLiteral("detected") : QStringLiteral("null"));
    }
};

QTEST_GUILESS_MAIN(TestStandInChoice)
#include "tst_standinchoice.moc"
