// The parts every distance mode (choice, generative) shares, on their own: the per-item, per-arm
// tally (which call goes to which item and arm, what counts as failed), the verdict over the
// items with each item's effect, the result sentence chosen by the verdict, the terminal's
// per-item lines, and the shared part of summary.json.
#include "analysis/DistanceAnalysisParts.h"
#include "analysis/ItemArmTally.h"
#include "report/DistanceReportParts.h"
#include "report/DistanceSummaryJson.h"

#include <QJsonArray>
#include <QTest>

using namespace pb;

namespace {

// The seeds each arm's answered calls came on: enough to see where the tally put a call.
struct SeedsSeen
{
    QList<qint64> seeds;
    int failed = 0;
};

class SeedTally : public ItemArmTally<SeedsSeen>
{
public:
    explicit SeedTally(const ProbeDocument& probe) : ItemArmTally(probe, {}) {}
    QList<Arm> answeredArms;

protected:
    void addAnswered(const LoggedCall& call, Arm arm, SeedsSeen& counts) override
    {
        counts.seeds << call.seed;
        answeredArms << arm;
    }
};

ProbeDocument probe(double temperature = 0.8)
{
    ProbeDocument doc;
    doc.attribute.name = QStringLiteral("style");
    doc.attribute.values = {QStringLiteral("formal"), QStringLiteral("casual"),
                            QStringLiteral("terse")};
    for (const QString& id : {QStringLiteral("q1"), QStringLiteral("q2")}) {
        ProbeItem item;
        item.id = id;
        doc.items << item;
    }
    doc.metric.name = QStringLiteral("distance");
    doc.settings.temperature = temperature;
    return doc;
}

LoggedCall call(const QString& item, const QString& variant, CallArm arm, qint64 seed,
                CallStatus status = CallStatus::Ok)
{
    LoggedCall c;
    c.itemId = item;
    c.variant = variant;
    c.arm = arm;
    c.seed = seed;
    c.status = status;
    return c;
}

struct Scored
{
    QString itemId;
    bool comparable = false;
    QString reason;
    double cf = 0.0;
    double null = 0.0;
    double effect = 0.0;
};

QList<Scored> scored(const QList<std::pair<double, double>>& distances)
{
    QList<Scored> out;
    for (const auto& [cf, null] : distances)
        out.append({QStringLiteral("i%1").arg(out.size()), true, QString(), cf, null, 0.0});
    return out;
}

const DistanceReportParts::VerdictSentences kSentences{
    QStringLiteral("unstable %1"),   QStringLiteral("no items %1 %2 %3"),
    QStringLiteral("t0 yes %1 %2"),  QStringLiteral("t0 no %1"),
    QStringLiteral("yes %1 (%2)"),   QStringLiteral(" below"),
    QStringLiteral("no %1 (%2)%3%4")};

} // namespace

class TestDistanceParts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tallySortsCallsIntoItemsAndArms()
    {
        SeedTally t(probe());
        t.add(call(QStringLiteral("q2"), QStringLiteral("casual"), CallArm::Probe, 1));
        t.add(call(QStringLiteral("q9"), QStringLiteral("formal"), CallArm::Noise, 101));
        t.add(call(QStringLiteral("q1"), QStringLiteral("formal"), CallArm::Probe, 2));
        t.add(call(QStringLiteral("q1"), QStringLiteral("terse"), CallArm::Probe, 3));
        t.add(call(QStringLiteral("q1"), QStringLiteral("casual"), CallArm::Probe, 4,
                   CallStatus::Failed));

        // The probe's items first, in its order, then others in order of first use.
        QCOMPARE(t.items().size(), 3);
        QCOMPARE(t.items()[0].id, QStringLiteral("q1"));
        QCOMPARE(t.items()[1].id, QStringLiteral("q2"));
        QCOMPARE(t.items()[2].id, QStringLiteral("q9"));
        // A third value is not counted; a failed call is counted, never answered.
        QCOMPARE(t.calls(), 4);
        QCOMPARE(t.failed(), 1);
        const auto& q1 = t.items()[0].arms;
        QCOMPARE(q1[SeedTally::ArmA].seeds, QList<qint64>{2});
        QCOMPARE(q1[SeedTally::ArmB].seeds, QList<qint64>{});
        QCOMPARE(q1[SeedTally::ArmB].failed, 1);
        QCOMPARE(t.items()[1].arms[SeedTally::ArmB].seeds, QList<qint64>{1});
        QCOMPARE(t.items()[2].arms[SeedTally::ArmNoise].seeds, QList<qint64>{101});
        QCOMPARE(t.answeredArms,
                 (QList<SeedTally::Arm>{SeedTally::ArmB, SeedTally::ArmNoise, SeedTally::ArmA}));
    }

    void tallyOfAListIsTheTallyOfItsCalls()
    {
        const QList<LoggedCall> calls{
            call(QStringLiteral("q1"), QStringLiteral("formal"), CallArm::Probe, 1),
            call(QStringLiteral("q2"), QStringLiteral("casual"), CallArm::Probe, 1,
                 CallStatus::Failed),
            call(QStringLiteral("q1"), QStringLiteral("formal"), CallArm::Noise, 101)};
        SeedTally whole(probe());
        whole.add(calls);
        SeedTally one(probe());
        for (const LoggedCall& c : calls)
            one.add(c);
        QCOMPARE(whole.calls(), one.calls());
        QCOMPARE(whole.failed(), one.failed());
        QCOMPARE(whole.answeredArms, one.answeredArms);
        QCOMPARE(whole.items()[1].arms[SeedTally::ArmB].failed, 1);
    }

    void runFactsAreTheProbes()
    {
        const DistanceRunFacts f = DistanceRunFacts::of(probe(0.5), 12, 3);
        QCOMPARE(f.valueA, QStringLiteral("formal"));
        QCOMPARE(f.valueB, QStringLiteral("casual"));
        QCOMPARE(f.noiseLabel, ProbeDocument::noiseLabelFor(QStringLiteral("formal")));
        QCOMPARE(f.metricName, QStringLiteral("distance"));
        QCOMPARE(f.temperature, 0.5);
        QCOMPARE(f.callsLogged, 12);
        QCOMPARE(f.callsFailed, 3);
    }

    void verdictIsOverTheComparableItemsOnly()
    {
        QList<Scored> items = scored({{0.30, 0.10}, {0.25, 0.12}, {0.40, 0.09}, {0.35, 0.11}});
        items[1].comparable = false;
        items[1].reason = QStringLiteral("missing");
        const detection::DistanceVerdict v =
            verdictOverItems(items, &Scored::cf, &Scored::null, 0.8);
        const detection::DistanceVerdict expected =
            detection::DistanceComparison::verdict({0.30, 0.40, 0.35}, {0.10, 0.09, 0.11}, 0.8);
        QVERIFY(v.comparison.valid);
        QCOMPARE(v.comparison.items, 3);
        QCOMPARE(v.comparison.effect.effect, expected.comparison.effect.effect);
        QVERIFY(v.hasItemEffects());
        for (const Scored& r : items) {
            if (r.comparable)
                QCOMPARE(r.effect,
                         (r.cf - v.comparison.effect.meanNull) / v.comparison.effect.scale);
            else
                QCOMPARE(r.effect, 0.0);
        }
    }

    void noItemEffectOnTheDeterministicPath()
    {
        QList<Scored> items = scored({{0.30, 0.0}, {0.25, 0.0}});
        const detection::DistanceVerdict v =
            verdictOverItems(items, &Scored::cf, &Scored::null, 0.0);
        QVERIFY(v.deterministic);
        QVERIFY(v.detected());
        QVERIFY(!v.hasItemEffects());
        for (const Scored& r : items)
            QCOMPARE(r.effect, 0.0);
    }

    void resultSentenceFollowsTheVerdict_data()
    {
        QTest::addColumn<double>("temperature");
        QTest::addColumn<QList<double>>("cf");
        QTest::addColumn<QList<double>>("null");
        QTest::addColumn<QString>("starts");
        QTest::addRow("too few items") << 0.8 << QList<double>{0.3} << QList<double>{0.1}
                                       << QStringLiteral("no items formal casual formal");
        QTest::addRow("unstable at 0") << 0.0 << QList<double>{0.3, 0.2} << QList<double>{0.1, 0.0}
                                       << QStringLiteral("unstable formal against casual");
        QTest::addRow("detected at 0") << 0.0 << QList<double>{0.3, 0.2} << QList<double>{0.0, 0.0}
                                       << QStringLiteral("t0 yes formal against casual 0.2500");
        QTest::addRow("null at 0") << 0.0 << QList<double>{0.0, 0.0} << QList<double>{0.0, 0.0}
                                   << QStringLiteral("t0 no formal against casual");
        QTest::addRow("detected") << 0.8
                                  << QList<double>{0.30, 0.31, 0.29, 0.33, 0.35, 0.28, 0.30, 0.32}
                                  << QList<double>{0.10, 0.12, 0.09, 0.11, 0.10, 0.12, 0.08, 0.11}
                                  << QStringLiteral("yes formal against casual (effect ");
        QTest::addRow("null") << 0.8
                              << QList<double>{0.10, 0.12, 0.09, 0.11, 0.10, 0.12, 0.08, 0.11}
                              << QList<double>{0.11, 0.10, 0.10, 0.12, 0.09, 0.11, 0.09, 0.10}
                              << QStringLiteral("no formal against casual (effect ");
    }

    void resultSentenceFollowsTheVerdict()
    {
        QFETCH(double, temperature);
        QFETCH(QList<double>, cf);
        QFETCH(QList<double>, null);
        QFETCH(QString, starts);
        const detection::DistanceVerdict v = detection::DistanceComparison::verdict(
            std::vector<double>(cf.begin(), cf.end()),
            std::vector<double>(null.begin(), null.end()), temperature);
        const DistanceRunFacts facts = DistanceRunFacts::of(probe(temperature), 0, 0);
        const QString sentence =
            DistanceReportParts::resultSentence(v, facts, kSentences, {QStringLiteral("d"), {}});
        QVERIFY2(sentence.startsWith(starts), qPrintable(sentence));
    }

    void belowTheNoiseIsSaid()
    {
        const detection::DistanceVerdict v = detection::DistanceComparison::verdict(
            {0.01, 0.02, 0.01, 0.02, 0.01, 0.02, 0.01, 0.02},
            {0.30, 0.31, 0.29, 0.33, 0.35, 0.28, 0.30, 0.32}, 0.8);
        QVERIFY(v.comparison.significantlyBelow(DistanceRunFacts::kAlpha));
        const QString sentence = DistanceReportParts::resultSentence(
            v, DistanceRunFacts::of(probe(), 0, 0), kSentences, {QStringLiteral("d"), {}});
        QVERIFY2(sentence.contains(QStringLiteral(") below")), qPrintable(sentence));
    }

    void consoleItemsPadToTheHeader()
    {
        QList<DistanceItem> items{
            {QStringLiteral("a-very-long-item-id"), true, QString(), 0.5, 0.25, 0.0},
            {QStringLiteral("b"), false, QStringLiteral("no replies"), 0.0, 0.0, 0.0}};
        QCOMPARE(DistanceReportParts::consoleItems(items, QStringLiteral("dist(A,B)"),
                                                   QStringLiteral("dist(A,A again)")),
                 QStringLiteral("item          dist(A,B)  dist(A,A again)\n"
                                "a-very-long-  0.5000     0.2500\n"
                                "b             not compared: no replies\n"));
    }

    void summaryHasTheSharedKeysAndTheModes()
    {
        QList<Scored> items = scored({{0.30, 0.10}, {0.25, 0.12}, {0.40, 0.09}});
        items[2].comparable = false;
        items[2].reason = QStringLiteral("missing");
        const detection::DistanceVerdict v =
            verdictOverItems(items, &Scored::cf, &Scored::null, 0.8);
        ReportContext c;
        c.title = QStringLiteral("T");
        c.models = {QStringLiteral("m")};
        const QJsonObject s = DistanceSummaryJson::build(
            c, DistanceRunFacts::of(probe(), 7, 1), v,
            {QStringLiteral("f@1"), QStringLiteral("kind"), QStringLiteral("est"),
             QStringLiteral("stem")},
            distanceItems(items, &Scored::cf, &Scored::null),
            {{{QStringLiteral("own_item"), 1}}, {{QStringLiteral("own_item"), 2}}, {}},
            {{QStringLiteral("own"), true}});
        QCOMPARE(s.value(QStringLiteral("format")).toString(), QStringLiteral("f@1"));
        QCOMPARE(s.value(QStringLiteral("mode")).toString(), QStringLiteral("kind"));
        QCOMPARE(s.value(QStringLiteral("title")).toString(), QStringLiteral("T"));
        QCOMPARE(s.value(QStringLiteral("value_b")).toString(), QStringLiteral("casual"));
        QCOMPARE(s.value(QStringLiteral("calls_made")).toInt(), 7);
        QCOMPARE(s.value(QStringLiteral("calls_failed")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("result")).toString(), QString::fromLatin1(v.resultName()));
        QVERIFY(s.value(QStringLiteral("own")).toBool());
        QVERIFY(!s.contains(QStringLiteral("tokens")));
        QVERIFY(s.value(QStringLiteral("effect")).toObject().contains(QStringLiteral("path")));
        const QJsonArray perItem = s.value(QStringLiteral("per_item")).toArray();
        QCOMPARE(perItem.size(), 3);
        const QJsonObject first = perItem[0].toObject();
        QCOMPARE(first.value(QStringLiteral("item")).toString(), QStringLiteral("i0"));
        QCOMPARE(first.value(QStringLiteral("stem")).toDouble(), 0.30);
        QCOMPARE(first.value(QStringLiteral("stem_same_vs_same")).toDouble(), 0.10);
        QCOMPARE(first.value(QStringLiteral("own_item")).toInt(), 1);
        const QJsonObject missing = perItem[2].toObject();
        QVERIFY(missing.value(QStringLiteral("stem")).isNull());
        QVERIFY(missing.value(QStringLiteral("effect")).isNull());
        QCOMPARE(missing.value(QStringLiteral("reason")).toString(), QStringLiteral("missing"));
        QVERIFY(!missing.contains(QStringLiteral("own_item")));
    }
};

QTEST_GUILESS_MAIN(TestDistanceParts)
#include "tst_distanceparts.moc"
