// StandInExperiment's two study-only readings of a stand-in probe: a choice probe's replies
// scored in both modes from one set of calls, and a numeric probe on the stand-in's draw before
// it is rounded to whole steps.
#include "TestPaths.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "standin/StandInEmbedding.h"
#include "standin/StandInModel.h"
#include "stats/detection/CosineDistance.h"

#include <QTest>
#include <cmath>
#include <map>

using namespace pb;

namespace {

ProbeDocument example(const char* name)
{
    const ProbeLoadResult loaded = ProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/") + QLatin1String(name));
    if (!loaded.ok())
        qFatal("%s", qPrintable(loaded.errorText()));
    return *loaded.document;
}

StandInTrial trial(double gap, int seeds)
{
    StandInTrial t;
    t.plantedGap = gap;
    t.temperature = 0.8;
    t.seeds = StandInExperiment::seedBlock(1, seeds);
    return t;
}

} // namespace

class TestStandInBothModes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bothModesReadTheSameReplies()
    {
        const ProbeDocument choice = example("escalation-choice.probe.json");
        const ProbeDocument generative = example("style-generative.probe.json");
        const StandInTrial t = trial(1.5, 5);
        const auto [c, g] = StandInExperiment::analyseBothModes(choice, generative.metric, t);
        // The choice side is the choice analysis of the same trial, unchanged.
        const ChoiceAnalysis alone = StandInExperiment::analyseChoice(choice, t);
        QCOMPARE(c.comparison.p, alone.comparison.p);
        QCOMPARE(c.items.size(), alone.items.size());
        QVERIFY(g.hasResult());
        QCOMPARE(g.callsEmbedded, g.callsLogged);
        QCOMPARE(g.items.size(), choice.items.size());

        // The generative side, recomputed from the choice calls' reply text by hand: per item,
        // the mean over seeds of the cosine distance between the A and the B reply.
        std::map<QString, std::map<qint64, QString>> a, b;
        for (const LoggedCall& call : StandInExperiment::calls(choice, t)) {
            if (call.arm != CallArm::Probe)
                continue;
            (call.variant == choice.valueA() ? a : b)[call.itemId][call.seed] = call.reply;
        }
        bool someDiffer = false;
        for (const GenerativeItemResult& r : g.items) {
            double sum = 0;
            for (const auto& [seed, reply] : a[r.itemId]) {
                sum += *detection::CosineDistance::between(
                    StandInEmbedding::embed(reply), StandInEmbedding::embed(b[r.itemId][seed]));
                someDiffer = someDiffer || reply != b[r.itemId][seed];
            }
            QVERIFY2(std::abs(r.distance - sum / double(t.seeds.size())) < 1e-12,
                     qPrintable(r.itemId));
        }
        QVERIFY(someDiffer); // a planted gap of 1.5 changes some answers
    }

    void unroundedDrawRoundsToTheReply()
    {
        for (const qint64 seed : {1, 7, 42}) {
            for (const double t : {0.4, 1.2}) {
                const QString prompt = QStringLiteral("how do i fix this lol");
                const double value =
                    StandInModel::shiftedValue(prompt, QString::number(seed), t, 1.0);
                const int steps = StandInModel::shiftedSteps(prompt, QString::number(seed), t, 1.0);
                QCOMPARE(steps, std::max(1, int(std::nearbyint(value))));
            }
        }
    }

    void unroundedGapsDoNotTie()
    {
        const ProbeDocument numeric = example("style-probe.probe.json");
        const StandInTrial t = trial(0.0, 5);
        const ProbeAnalysis rounded = StandInExperiment::analyse(numeric, t);
        const ProbeAnalysis unrounded = StandInExperiment::analyseUnrounded(numeric, t);
        QCOMPARE(unrounded.callsLogged, rounded.callsLogged);
        const QList<double> gaps = unrounded.probe.table.gaps();
        QCOMPARE(gaps.size(), numeric.items.size());
        for (qsizetype i = 0; i < gaps.size(); ++i) {
            QVERIFY(gaps.at(i) != 0.0);
            // Whole steps averaged over 5 seeds are multiples of 0.2; the draws are not, and
            // they round to within half a step of the reply's each.
            QVERIFY(std::abs(gaps.at(i) * 5 - std::round(gaps.at(i) * 5)) > 1e-9);
            QVERIFY(std::abs(gaps.at(i) - rounded.probe.table.gaps().at(i)) <= 1.0);
            for (qsizetype j = 0; j < i; ++j)
                QVERIFY(gaps.at(i) != gaps.at(j));
        }
        QVERIFY(rounded.probe.table.gaps() != gaps);
    }
};

QTEST_GUILESS_MAIN(TestStandInBothModes)
#include "tst_standin_both_modes.moc"
