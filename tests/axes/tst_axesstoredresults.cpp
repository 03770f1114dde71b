#include "TestPaths.h"
#include "axes/AxesReader.h"
#include "axes/AxesRun.h"
#include "axes/AxesStoredResults.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

AxesDocument example()
{
    const AxesLoadResult r = AxesReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    AxesDocument doc = *r.document;
    doc.settings.seeds = {1, 2, 3, 4};
    return doc;
}

// Runs every axis of doc into storePath as the CLI does; cancelAtFirstUnit cancels the
// session as soon as its first axis starts. The session's ends, as RunSession reports them.
QList<AxisRunEnd> runAxes(const AxesDocument& doc, const QString& storePath,
                          bool cancelAtFirstUnit = false)
{
    RunStore store;
    QString error;
    if (!store.open(storePath, &error))
        qFatal("%s", qPrintable(error));
    const QList<RunUnit> units = AxesRun::units(doc);
    RunSession session(&store, units);
    QList<AxisRunEnd> ends(units.size());
    QObject::connect(&session, &RunSession::unitFinished,
                     [&ends](int unit, RunOutcome outcome, const QString& message) {
                         ends[unit].outcome = outcome;
                         ends[unit].message = message;
                     });
    if (cancelAtFirstUnit) // once its runner is going: from the event loop, not inside start
        QObject::connect(&session, &RunSession::unitStarted, &session, [&session](int unit) {
            if (unit == 0)
                QMetaObject::invokeMethod(
                    &session, [&session] { session.cancel(); }, Qt::QueuedConnection);
        });
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (finished.isEmpty() && !finished.wait(120000))
        qFatal("the session did not finish");
    for (int a = 0; a < ends.size(); ++a)
        ends[a].runId = session.runIds().value(a);
    return ends;
}

} // namespace

// A store of a probe of several axes read back by a reader that did not run the session (the
// window opening a file) against the read with the session's own ends, as the CLI reads it.
class TestAxesStoredResults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFinishedStoreReadsAsItsSession();
    void aCancelledAxisReadsAsItsEventSays();
    void aProbeNeverRunMakesNoStore();
};

void TestAxesStoredResults::aFinishedStoreReadsAsItsSession()
{
    QTemporaryDir dir;
    const AxesDocument doc = example();
    const QString path = dir.filePath(QStringLiteral("axes.pbrun"));
    const QList<AxisRunEnd> ends = runAxes(doc, path);
    const AxesStoredResults session = AxesStoredResults::readFile(doc, path, ends);
    const AxesStoredResults stored = AxesStoredResults::readFile(doc, path);
    QVERIFY2(session.error.isEmpty(), qPrintable(session.error));
    QVERIFY2(stored.error.isEmpty(), qPrintable(stored.error));
    QCOMPARE(stored.storedCalls, AxesRun::callCount(doc));
    QCOMPARE(stored.ends.size(), 3);
    for (int a = 0; a < 3; ++a) {
        QCOMPARE(stored.ends[a].runId, ends[a].runId);
        QCOMPARE(stored.ends[a].outcome, std::optional<RunOutcome>(RunOutcome::Completed));
        const AxisComparison& x = stored.read.comparison.axes[a];
        const AxisComparison& y = session.read.comparison.axes[a];
        QCOMPARE(x.status, AxisStatus::Complete);
        QCOMPARE(x.value, y.value);
        QCOMPARE(x.pHolm, y.pHolm);
        QCOMPARE(x.detected, y.detected);
    }
    QVERIFY(stored.read.comparison.complete());
    QCOMPARE(stored.markdown, session.markdown);
}

void TestAxesStoredResults::aCancelledAxisReadsAsItsEventSays()
{
    QTemporaryDir dir;
    AxesDocument doc = example();
    for (qint64 s = 5; s <= 40; ++s) // a first axis long enough to be cancelled in
        doc.settings.seeds << s;
    const QString path = dir.filePath(QStringLiteral("axes.pbrun"));
    const QList<AxisRunEnd> ends = runAxes(doc, path, true);
    QVERIFY(ends[0].outcome.has_value());
    QCOMPARE(ends[0].outcome, std::optional<RunOutcome>(RunOutcome::Cancelled));
    QVERIFY(ends[0].runId > 0);
    const AxesStoredResults stored = AxesStoredResults::readFile(doc, path);
    QVERIFY2(stored.error.isEmpty(), qPrintable(stored.error));
    // The cancel is read from the run's events, in the words the session ended it with.
    QCOMPARE(stored.ends[0].outcome, ends[0].outcome);
    QCOMPARE(stored.ends[0].message, ends[0].message);
    // The axes the cancel kept from running have no run, and the result is not complete.
    QCOMPARE(stored.ends[1].runId, 0);
    QCOMPARE(stored.ends[2].runId, 0);
    QVERIFY(!stored.read.comparison.complete());
    QCOMPARE(stored.read.comparison.axes[1].status, AxisStatus::Missing);
}

void TestAxesStoredResults::aProbeNeverRunMakesNoStore()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("never.pbrun"));
    const AxesStoredResults stored = AxesStoredResults::readFile(example(), path);
    QVERIFY(stored.error.isEmpty());
    QCOMPARE(stored.storedCalls, 0);
    QCOMPARE(stored.read.comparison.axes.size(), 3);
    QCOMPARE(stored.read.comparison.withResult(), 0);
    QVERIFY(!QFileInfo::exists(path));
    QString error;
    QVERIFY(!AxesStoredResults::exportFolder(example(), path, {}, dir.filePath(QStringLiteral("o")),
                                             &error));
    QVERIFY2(error.contains(QStringLiteral("run the probe first")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestAxesStoredResults)
#include "tst_axesstoredresults.moc"
