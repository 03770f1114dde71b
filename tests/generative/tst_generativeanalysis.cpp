// The generative analysis on vectors whose distances are known: cosine distances of known
// pairs, the pairing by seed (A with B on the same seed, A with A again on the shifted one),
// the per-item means, and the comparison against the noise floor, which is the one the choice
// mode uses (detection::DistanceComparison). And the stand-in's embedding model, the ground
// truth of the calibration study: reproducible, and a planted gap shows up as distance.
#include "TestPaths.h"
#include "generative/EmbeddingReading.h"
#include "generative/GenerativeAnalysis.h"
#include "generative/GenerativeReport.h"
#include "generative/GenerativeSummaryJson.h"
#include "generative/GenerativeTally.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "standin/StandInEmbedding.h"
#include "standin/StandInModel.h"
#include "stats/detection/CosineDistance.h"
#include "store/LoggedCall.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>
#include <cmath>
#include <limits>

using namespace pb;
using namespace pb::test;
using pb::detection::CosineDistance;

namespace {

ProbeDocument example()
{
    QFile f(sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json"));
    f.open(QIODevice::ReadOnly);
    return *ProbeReader::parse(f.readAll(), QStringLiteral("example")).document;
}

std::vector<double> unitAt(double radians)
{
    return {std::cos(radians), std::sin(radians)};
}

LoggedCall row(const QString& item, const QString& variant, CallArm arm, qint64 seed,
               const std::vector<double>& vector)
{
    LoggedCall c;
    c.itemId = item;
    c.variant = variant;
    c.arm = arm;
    c.seed = seed;
    c.status = CallStatus::Ok;
    EmbeddingReading r;
    r.model = QStringLiteral("m");
    r.vector = vector;
    c.details.insert(QLatin1String(EmbeddingReading::kKey), r.toJson());
    return c;
}

// A two-item probe with values formal/casual, seeds 1-3, noise offset 100.
ProbeDocument smallProbe(double temperature)
{
    ProbeDocument doc = example();
    doc.items = doc.items.mid(0, 2);
    doc.settings.seeds = {1, 2, 3};
    doc.settings.temperature = temperature;
    return doc;
}

} // namespace

class TestGenerativeAnalysis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cosineDistanceOfKnownPairs_data()
    {
        QTest::addColumn<std::vector<double>>("u");
        QTest::addColumn<std::vector<double>>("v");
        QTest::addColumn<double>("expected");
        QTest::addRow("orthogonal")
            << std::vector<double>{1, 0} << std::vector<double>{0, 1} << 1.0;
        QTest::addRow("opposite") << std::vector<double>{1, 0} << std::vector<double>{-3, 0} << 2.0;
        QTest::addRow("parallel, other length")
            << std::vector<double>{1, 2, 3} << std::vector<double>{2, 4, 6} << 0.0;
        QTest::addRow("45 degrees")
            << std::vector<double>{1, 1} << std::vector<double>{1, 0} << 1.0 - 1.0 / std::sqrt(2.0);
        QTest::addRow("60 degrees") << unitAt(0.0) << unitAt(M_PI / 3.0) << 0.5;
        QTest::addRow("three dimensions")
            << std::vector<double>{1, 2, 2} << std::vector<double>{2, 1, -2} << 1.0;
    }

    void cosineDistanceOfKnownPairs()
    {
        QFETCH(std::vector<double>, u);
        QFETCH(std::vector<double>, v);
        QFETCH(double, expected);
        const std::optional<double> d = CosineDistance::between(u, v);
        QVERIFY(d);
        QVERIFY2(std::abs(*d - expected) < 1e-12, qPrintable(QString::number(*d, 'g', 17)));
        QCOMPARE(*CosineDistance::between(v, u), *d); // symmetric
    }

    void cosineDistanceRefusesWhatHasNoDirection()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QVERIFY(!CosineDistance::between({}, {}));
        QVERIFY(!CosineDistance::between({1, 0}, {1, 0, 0}));
        QVERIFY(!CosineDistance::between({0, 0}, {1, 0}));
        QVERIFY(!CosineDistance::between({nan, 1}, {1, 0}));
        QVERIFY(!CosineDistance::between({inf, 1}, {1, 0}));
        // The same vector is exactly 0: no rounding residue for a repeated reply.
        const std::vector<double> odd{0.1, 0.7, 0.3, 1e-8};
        QCOMPARE(*CosineDistance::between(odd, odd), 0.0);
    }

    // Item 0: B sits 60 degrees from A on every seed, A again 0 or 90 degrees; item 1: B 90
    // degrees, A again 60. The means are known, and so is what the comparison makes of them.
    void distancesPairBySeed()
    {
        const ProbeDocument doc = smallProbe(0.8);
        const QString a = doc.valueA(), b = doc.valueB(), again = doc.noiseLabel();
        GenerativeTally tally(doc);
        const QList<double> noise0{0.0, M_PI / 2.0, 0.0};
        for (qint64 s = 1; s <= 3; ++s) {
            const double base = 0.3 * double(s); // each seed its own direction
            tally.add(row("0", a, CallArm::Probe, s, unitAt(base)));
            tally.add(row("0", b, CallArm::Probe, s, unitAt(base + M_PI / 3.0)));
            tally.add(row("0", again, CallArm::Noise, s + 100, unitAt(base + noise0[s - 1])));
            tally.add(row("1", a, CallArm::Probe, s, unitAt(base)));
            tally.add(row("1", b, CallArm::Probe, s, unitAt(base + M_PI / 2.0)));
            tally.add(row("1", again, CallArm::Noise, s + 100, unitAt(base + M_PI / 3.0)));
        }
        // A B reply on a seed with no A reply pairs with nothing.
        tally.add(row("0", b, CallArm::Probe, 9, unitAt(2.0)));
        const GenerativeAnalysis r = GenerativeAnalysis::from(tally);
        QCOMPARE(r.items.size(), 2);
        const GenerativeItemResult& i0 = r.items[0];
        const GenerativeItemResult& i1 = r.items[1];
        QVERIFY(i0.comparable && i1.comparable);
        QCOMPARE(i0.counterfactualPairs, 3);
        QCOMPARE(i0.nullPairs, 3);
        QCOMPARE(i0.embeddedB, 4);
        QVERIFY(std::abs(i0.distance - 0.5) < 1e-12);
        QVERIFY(std::abs(i0.noiseDistance - 1.0 / 3.0) < 1e-12);
        QVERIFY(std::abs(i1.distance - 1.0) < 1e-12);
        QVERIFY(std::abs(i1.noiseDistance - 0.5) < 1e-12);

        // The same comparison the choice mode makes, over these per-item distances.
        const detection::DistanceVerdict same = detection::DistanceComparison::verdict(
            {i0.distance, i1.distance}, {i0.noiseDistance, i1.noiseDistance}, 0.8);
        QVERIFY(r.verdict.comparison.valid);
        QCOMPARE(r.verdict.comparison.effect.effect, same.comparison.effect.effect);
        QCOMPARE(r.verdict.comparison.paired.p, same.comparison.paired.p);
        QCOMPARE(r.verdict.comparison.effect.lower, same.comparison.effect.lower);
        const double sd = std::sqrt(2.0 * std::pow(0.5 - (1.0 / 3.0 + 0.5) / 2.0, 2.0));
        QVERIFY(std::abs(r.verdict.comparison.effect.effect - (0.75 - 5.0 / 12.0) / sd) < 1e-9);
        QCOMPARE(r.hasResult(), same.hasResult());
        QCOMPARE(r.resultName(), QString::fromLatin1(same.resultName()));
    }

    void itemsWithoutPairsAndOtherSizesAreLeftOut()
    {
        const ProbeDocument doc = smallProbe(0.8);
        GenerativeTally tally(doc);
        tally.add(row("0", doc.valueA(), CallArm::Probe, 1, {1, 0}));
        tally.add(row("0", doc.valueB(), CallArm::Probe, 1, {0, 1}));
        tally.add(row("0", doc.noiseLabel(), CallArm::Noise, 1 + 100, {0, 1, 0})); // 3 dims
        LoggedCall flagged = row("1", doc.valueA(), CallArm::Probe, 1, {1, 0});
        flagged.details = {};
        flagged.metricFlag = QStringLiteral("empty-reply");
        tally.add(flagged);
        LoggedCall failed = flagged;
        failed.status = CallStatus::Failed;
        tally.add(failed);
        const GenerativeAnalysis r = GenerativeAnalysis::from(tally);
        QCOMPARE(r.callsLogged, 5);
        QCOMPARE(r.callsFailed, 1);
        QCOMPARE(r.callsEmbedded, 2);
        QCOMPARE(r.callsWrongDimensions, 1);
        QCOMPARE(r.callsFlagged, 2);
        QCOMPARE(r.dimensions, 2);
        QCOMPARE(r.comparableItems(), 0);
        QVERIFY(r.items[0].reason.contains(QStringLiteral("no seed with embeddings of both")));
        QVERIFY(!r.hasResult());
        QCOMPARE(r.resultName(), QStringLiteral("none"));
        QVERIFY(GenerativeReport::resultSentence(r).startsWith(QStringLiteral("No result")));
        const QJsonObject summary = GenerativeSummaryJson::build(ReportContext(), r);
        QCOMPARE(summary.value("result").toString(), QStringLiteral("none"));
        QCOMPARE(summary.value("mode").toString(), QStringLiteral("generative"));
        QCOMPARE(summary.value("flags").toObject().value("empty-reply").toInt(), 1);
    }

    // Vectors that came with two digests of the embedding model: the report says it changed.
    void aChangedEmbeddingModelIsSaid()
    {
        const ProbeDocument doc = smallProbe(0.8);
        GenerativeTally tally(doc);
        LoggedCall first = row("0", doc.valueA(), CallArm::Probe, 1, {1, 0});
        LoggedCall second = row("0", doc.valueB(), CallArm::Probe, 1, {0, 1});
        for (auto [call, digest] :
             {std::pair{&first, "sha256:aaa"}, std::pair{&second, "sha256:bbb"}}) {
            QJsonObject reading =
                call->details.value(QLatin1String(EmbeddingReading::kKey)).toObject();
            reading.insert(QStringLiteral("digest"), QLatin1String(digest));
            call->details.insert(QLatin1String(EmbeddingReading::kKey), reading);
            tally.add(*call);
        }
        const GenerativeAnalysis r = GenerativeAnalysis::from(tally);
        QCOMPARE(r.embeddingDigests, QStringList({"sha256:aaa", "sha256:bbb"}));
        QVERIFY(GenerativeReport::build(ReportContext(), r)
                    .toMarkdown()
                    .contains(QStringLiteral("The embedding model changed during the run")));
    }

    // At temperature 0 a repeated reply embeds identically: any distance is real.
    void temperatureZeroIsDeterministic()
    {
        const ProbeDocument doc = smallProbe(0.0);
        GenerativeTally tally(doc);
        for (qint64 s = 1; s <= 3; ++s) {
            for (const QString& item : {QStringLiteral("0"), QStringLiteral("1")}) {
                tally.add(row(item, doc.valueA(), CallArm::Probe, s, {0.1, 0.7, 0.3}));
                tally.add(row(item, doc.valueB(), CallArm::Probe, s, {0.1, 0.7, 0.4}));
                tally.add(row(item, doc.noiseLabel(), CallArm::Noise, s + 100, {0.1, 0.7, 0.3}));
            }
        }
        const GenerativeAnalysis r = GenerativeAnalysis::from(tally);
        QVERIFY(r.deterministic());
        QVERIFY(r.verdict.difference.stable);
        QVERIFY(r.detected());
        QVERIFY(GenerativeReport::resultSentence(r).startsWith(QStringLiteral("Detected at "
                                                                              "temperature 0")));
    }

    void standInEmbeddingsAreReproducible()
    {
        const QString text = StandInModel::replyForSteps(4);
        const std::vector<double> v = StandInEmbedding::embed(text);
        QCOMPARE(int(v.size()), StandInEmbedding::kDimensions);
        QCOMPARE(StandInEmbedding::embed(text), v);
        double norm = 0.0;
        for (double x : v)
            norm += x * x;
        QVERIFY(std::abs(norm - 1.0) < 1e-12);
        // A bag of words: order and case do not matter; other words do.
        QCOMPARE(StandInEmbedding::embed(QStringLiteral("Step two")),
                 StandInEmbedding::embed(QStringLiteral("two, STEP")));
        // Pinned values (FNV-1a 64 of each word, worked out independently): the six words of
        // the header, each +-1/sqrt(6) on its own axis.
        const std::vector<double> header =
            StandInEmbedding::embed(QStringLiteral("Here is what I would try:"));
        const double w = 1.0 / std::sqrt(6.0);
        for (const auto& [axis, value] : std::vector<std::pair<int, double>>{
                 {15, -w}, {21, w}, {34, w}, {36, -w}, {43, w}, {46, w}})
            QVERIFY2(std::abs(header[std::size_t(axis)] - value) < 1e-15,
                     qPrintable(QString::number(axis)));
        // A planted gap is distance: 4 steps against 3 and against 5.
        const double fewer =
            *CosineDistance::between(v, StandInEmbedding::embed(StandInModel::replyForSteps(3)));
        const double more =
            *CosineDistance::between(v, StandInEmbedding::embed(StandInModel::replyForSteps(5)));
        QVERIFY2(std::abs(fewer - 0.07852140175826983) < 1e-12,
                 qPrintable(QString::number(fewer, 'g', 17)));
        QVERIFY2(std::abs(more - 0.05336172113750226) < 1e-12,
                 qPrintable(QString::number(more, 'g', 17)));
        // No word at all still has a direction.
        QCOMPARE(StandInEmbedding::embed(QStringLiteral("...")).front(), 1.0);
    }

    // The stand-in scored in process, as the calibration study will: the planted gap is found,
    // and with no gap the same design finds nothing.
    void standInExperimentFindsThePlantedGap_data()
    {
        QTest::addColumn<double>("gap");
        QTest::addColumn<QString>("result");
        QTest::addRow("gap 2") << 2.0 << "detected";
        QTest::addRow("no gap") << 0.0 << "null";
    }

    void standInExperimentFindsThePlantedGap()
    {
        QFETCH(double, gap);
        QFETCH(QString, result);
        const ProbeDocument doc = example();
        StandInTrial trial;
        trial.plantedGap = gap;
        trial.temperature = 0.8;
        trial.seeds = StandInExperiment::seedBlock(1, 20);
        const GenerativeAnalysis r = StandInExperiment::analyseGenerative(doc, trial);
        QCOMPARE(r.callsLogged, 8 * 3 * 20);
        QCOMPARE(r.callsEmbedded, 8 * 3 * 20);
        QCOMPARE(r.dimensions, StandInEmbedding::kDimensions);
        QCOMPARE(r.comparableItems(), 8);
        QVERIFY2(r.resultName() == result, qPrintable(GenerativeReport::resultSentence(r)));
        QCOMPARE(StandInExperiment::analyseGenerative(doc, trial).verdict.comparison.effect.effect,
                 r.verdict.comparison.effect.effect);
    }
};

QTEST_GUILESS_MAIN(TestGenerativeAnalysis)
#include "tst_generativeanalysis.moc"
