// How much of a probe's plan a stored run has answered: the count behind "incomplete: 180
// of 480 calls missing" on the Run, Results and Report pages and in report.md.
#include "ExampleProbe.h"
#include "probe/ProbeReader.h"
#include "run/CallPlan.h"
#include "run/RunCompleteness.h"
#include "store/LoggedCall.h"

#include <QTest>

using namespace pb;

namespace {

ProbeDocument tutorial()
{
    const ProbeLoadResult r = ProbeReader::readFile(test::exampleProbePath());
    if (!r.ok()) {
        qFatal("%s", qPrintable(r.errorText()));
    }
    return *r.document;
}

// One Ok row per planned cell, as a finished run stores them.
QList<LoggedCall> answeredPlan(const ProbeDocument& doc)
{
    QList<LoggedCall> out;
    for (const CallRequest& r : CallPlan::build(doc)) {
        LoggedCall c;
        c.callIndex = r.callIndex;
        c.itemId = r.itemId;
        c.variant = r.variant;
        c.arm = r.arm;
        c.seed = r.seed;
        c.status = CallStatus::Ok;
        c.metricValue = 3;
        out << c;
    }
    return out;
}

} // namespace

class TestRunCompleteness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void counts_data();
    void counts();
    void callCountIsThePlansSize_data();
    void callCountIsThePlansSize();
};

void TestRunCompleteness::counts_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<int>("planned");
    QTest::addColumn<int>("answered");

    QTest::addRow("every cell answered") << "" << 480 << 480;
    QTest::addRow("first 300 of the plan") << "first 300" << 480 << 300;
    QTest::addRow("nothing yet") << "none" << 480 << 0;
    QTest::addRow("failed calls are not answers") << "fail 3" << 480 << 477;
    QTest::addRow("a dry run on 3 seeds") << "3 seeds" << 480 << 72;
    QTest::addRow("no noise arm planned") << "noise off" << 320 << 320;
    QTest::addRow("cells outside the plan do not count") << "outside" << 480 << 480;
}

void TestRunCompleteness::counts()
{
    QFETCH(QString, change);
    QFETCH(int, planned);
    QFETCH(int, answered);

    ProbeDocument doc = tutorial();
    QList<LoggedCall> calls = answeredPlan(doc);
    if (change == QLatin1String("first 300")) {
        calls = calls.mid(0, 300);
    } else if (change == QLatin1String("none")) {
        calls.clear();
    } else if (change == QLatin1String("fail 3")) {
        for (int i : {0, 17, 479}) {
            calls[i].status = CallStatus::Failed;
            calls[i].metricValue.reset();
        }
    } else if (change == QLatin1String("3 seeds")) {
        ProbeDocument dry = doc;
        dry.settings.seeds = dry.settings.seeds.mid(0, 3);
        calls = answeredPlan(dry);
    } else if (change == QLatin1String("noise off")) {
        doc.noise.enabled = false;
        QList<LoggedCall> probeArm;
        for (const LoggedCall& c : std::as_const(calls)) {
            if (c.arm == CallArm::Probe) {
                probeArm << c;
            }
        }
        // A noise row left over from an earlier design is not part of this plan.
        probeArm << calls.last();
        calls = probeArm;
    } else if (change == QLatin1String("outside")) {
        LoggedCall stray = calls.first();
        stray.itemId = QStringLiteral("no-such-item");
        calls << stray;
        stray = calls.first();
        stray.seed = 999;
        calls << stray;
        stray = calls.first();
        stray.variant = QStringLiteral("neither value");
        calls << stray;
        stray = calls.first();
        stray.arm = CallArm::Noise; // a noise row on the probe's own seed block
        stray.variant = doc.noiseLabel();
        calls << stray;
    }
    const RunCompleteness c = RunCompleteness::of(doc, calls);
    QCOMPARE(c.planned, planned);
    QCOMPARE(c.answered, answered);
    QCOMPARE(c.missing(), planned - answered);
    QCOMPARE(c.complete(), planned == answered);
}

void TestRunCompleteness::callCountIsThePlansSize_data()
{
    QTest::addColumn<int>("seeds");
    QTest::addColumn<bool>("noise");
    QTest::addRow("tutorial") << 20 << true;
    QTest::addRow("no noise arm") << 20 << false;
    QTest::addRow("one seed") << 1 << true;
    QTest::addRow("no seeds") << 0 << true;
}

void TestRunCompleteness::callCountIsThePlansSize()
{
    QFETCH(int, seeds);
    QFETCH(bool, noise);
    ProbeDocument doc = tutorial();
    doc.settings.seeds = doc.settings.seeds.mid(0, seeds);
    doc.noise.enabled = noise;
    QCOMPARE(CallPlan::callCount(doc), int(CallPlan::build(doc).size()));
}

QTEST_GUILESS_MAIN(TestRunCompleteness)
#include "tst_runcompleteness.moc"
