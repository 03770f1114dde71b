// Reading a stored run without holding it: the reads that leave the texts out keep every
// other field, the streamed log.csv is the bytes the in-memory one was, a failed write of it
// keeps the previous file, and the folded tally counts what the whole list counts, across
// its batch boundary too.
#include "SmallDisk.h"
#include "StoreReads.h"
#include "analysis/CallTally.h"
#include "log/CsvLogWriter.h"
#include "report/ReportContext.h"
#include "run/RunCompleteness.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

using namespace pb;

namespace {

// A 2-value probe of `items` items on `seeds` seeds with the noise check: its plan has
// items x seeds x 3 cells.
ProbeDocument probe(int items, int seeds)
{
    ProbeDocument doc;
    doc.title = QStringLiteral("t");
    doc.attribute.name = QStringLiteral("style");
    doc.attribute.values = {QStringLiteral("formal"), QStringLiteral("casual")};
    for (int i = 0; i < items; ++i) {
        ProbeItem item;
        item.id = QString::number(i);
        item.variants.insert(QStringLiteral("formal"), QStringLiteral("Dear sir, case %1").arg(i));
        item.variants.insert(QStringLiteral("casual"), QStringLiteral("hey, case %1").arg(i));
        doc.items << item;
    }
    for (int s = 1; s <= seeds; ++s) {
        doc.settings.seeds << s;
    }
    doc.noise.enabled = true;
    doc.noise.seedOffset = 100;
    return doc;
}

// Every cell of the plan, in plan order; every seventh call fails, every eleventh reply
// has no value, and the replies carry what a CSV must quote and escape.
QList<LoggedCall> callsOf(const ProbeDocument& doc, qint64 runId)
{
    QList<LoggedCall> out;
    quint64 index = 0;
    for (qint64 seed : doc.settings.seeds) {
        for (const ProbeItem& item : doc.items) {
            for (const QString& variant :
                 QStringList{doc.valueA(), doc.valueB(), doc.noiseLabel()}) {
                LoggedCall c;
                c.runId = runId;
                c.callIndex = index++;
                c.time = QDateTime(QDate(2026, 12, 1), QTime(9, 0)).addMSecs(qint64(index));
                c.backend = QStringLiteral("stand-in");
                c.model = QStringLiteral("stand-in-v1");
                c.modelDigest = QStringLiteral("sha256:abc");
                c.temperature = 0.8;
                c.itemId = item.id;
                c.variant = variant;
                c.arm =
                    variant.endsWith(QStringLiteral(" again")) ? CallArm::Noise : CallArm::Probe;
                c.seed = c.arm == CallArm::Noise ? seed + doc.noise.seedOffset : seed;
                c.prompt = QStringLiteral("Prompt, \"%1\"").arg(index);
                c.messagesJson = QStringLiteral("[]");
                c.attempts = 1;
                c.details = QJsonObject{{QStringLiteral("eval_count"), int(index)}};
                if (index % 7 == 0) {
                    c.status = CallStatus::Failed;
                    c.errorKind = QStringLiteral("timeout");
                    c.error = QStringLiteral("no answer in 120 s");
                } else {
                    c.status = CallStatus::Ok;
                    c.reply = QStringLiteral("1. Step.\n=2+2, %1\t").arg(QString(400, QChar('x')));
                    if (index % 11 != 0) {
                        c.metricValue = double(index % 5);
                    } else {
                        c.metricFlag = QStringLiteral("no-steps");
                    }
                }
                out << c;
            }
        }
    }
    return out;
}

// A store holding one run of doc with every call of callsOf.
struct FilledStore
{
    QTemporaryDir dir;
    RunStore store;
    qint64 runId = 0;
    QList<LoggedCall> calls;

    // edit, when given, changes the calls before they are recorded.
    bool fill(const ProbeDocument& doc,
              const std::function<void(QList<LoggedCall>&)>& edit = nullptr)
    {
        QString error;
        RunRecord r;
        r.created = QDateTime::currentDateTimeUtc();
        r.probeJson = QStringLiteral("{}");
        r.configHash = QStringLiteral("h");
        if (!store.open(dir.filePath(QStringLiteral("s.pbrun")), &error) ||
            (runId = store.createRun(r, &error)) == 0) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        calls = callsOf(doc, runId);
        if (edit)
            edit(calls);
        for (const LoggedCall& c : std::as_const(calls)) {
            if (!store.recordCall(c, &error)) {
                qWarning("%s", qPrintable(error));
                return false;
            }
        }
        return true;
    }
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestStoredCalls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void textsLeftOutKeepTheRest_data();
    void textsLeftOutKeepTheRest();
    void itemAndSingleCallReads();
    void recordedDigestsAreTheFirstAnswered();
    void completedCellsStopWhenAsked();
    void streamedLogIsTheSameBytes();
    void streamedLogFailureKeepsThePrevious();
    void tallyCountsAcrossItsBatches();
};

void TestStoredCalls::textsLeftOutKeepTheRest_data()
{
    QTest::addColumn<int>("texts");
    QTest::addRow("whole") << int(RunStore::CallTexts::Whole);
    QTest::addRow("none") << int(RunStore::CallTexts::None);
    QTest::addRow("reply preview") << int(RunStore::CallTexts::ReplyPreview);
}

void TestStoredCalls::textsLeftOutKeepTheRest()
{
    QFETCH(int, texts);
    const auto mode = RunStore::CallTexts(texts);
    FilledStore s;
    QVERIFY(s.fill(probe(3, 4)));
    QList<LoggedCall> read;
    QString error;
    QVERIFY2(s.store.eachCall(
                 s.runId, mode, [&](const LoggedCall& c) { read << c; }, &error),
             qPrintable(error));
    QCOMPARE(read.size(), s.calls.size());
    for (qsizetype i = 0; i < read.size(); ++i) {
        const LoggedCall& got = read.at(i);
        const LoggedCall& want = s.calls.at(i);
        QCOMPARE(got.callIndex, want.callIndex);
        QCOMPARE(got.time, want.time);
        QCOMPARE(got.itemId, want.itemId);
        QCOMPARE(got.variant, want.variant);
        QCOMPARE(got.arm, want.arm);
        QCOMPARE(got.seed, want.seed);
        QCOMPARE(got.status, want.status);
        QCOMPARE(got.metricValue, want.metricValue);
        QCOMPARE(got.metricFlag, want.metricFlag);
        QCOMPARE(got.error, want.error);
        QCOMPARE(got.modelDigest, want.modelDigest);
        const bool whole = mode == RunStore::CallTexts::Whole;
        QCOMPARE(got.prompt, whole ? want.prompt : QString());
        QCOMPARE(got.details, whole ? want.details : QJsonObject());
        const QString reply = mode == RunStore::CallTexts::None ? QString()
                              : whole                           ? want.reply
                                      : want.reply.left(RunStore::kReplyPreviewChars);
        QCOMPARE(got.reply, reply);
    }
}

void TestStoredCalls::itemAndSingleCallReads()
{
    FilledStore s;
    QVERIFY(s.fill(probe(3, 4)));
    QList<LoggedCall> item;
    QString error;
    QVERIFY2(s.store.itemCalls(s.runId, QStringLiteral("1"), &item, &error), qPrintable(error));
    QCOMPARE(item.size(), 4 * 3); // its seeds, both values and the noise arm
    for (const LoggedCall& c : std::as_const(item)) {
        QCOMPARE(c.itemId, QStringLiteral("1"));
        QVERIFY(!c.prompt.isEmpty());
    }
    LoggedCall one;
    QVERIFY2(s.store.call(s.runId, 5, &one, &error), qPrintable(error));
    QCOMPARE(one.prompt, s.calls.at(5).prompt);
    QCOMPARE(one.reply, s.calls.at(5).reply);
    QVERIFY(!s.store.call(s.runId, 9999, &one, &error));
    QVERIFY2(error.contains(QStringLiteral("holds no call 9999")), qPrintable(error));
}

void TestStoredCalls::recordedDigestsAreTheFirstAnswered()
{
    // Call 0 failed (its digests do not count), call 1 names neither, call 2 is the first
    // answered call to name each, call 3 names others.
    const auto embedded = [](const QString& digest) {
        return QJsonObject{
            {QStringLiteral("embedding"), QJsonObject{{QStringLiteral("digest"), digest}}}};
    };
    FilledStore s;
    QVERIFY(s.fill(probe(2, 2), [&](QList<LoggedCall>& edited) {
        edited[0].status = CallStatus::Failed;
        edited[0].errorKind = QStringLiteral("timeout");
        edited[0].modelDigest = QStringLiteral("sha256:failed");
        edited[0].details = embedded(QStringLiteral("e-failed"));
        edited[1].modelDigest.clear();
        edited[2].modelDigest = QStringLiteral("sha256:first");
        edited[2].details = embedded(QStringLiteral("e-first"));
        edited[3].modelDigest = QStringLiteral("sha256:later");
        edited[3].details = embedded(QStringLiteral("e-later"));
    }));
    QString error;
    RecordedDigests digests;
    QVERIFY2(s.store.recordedDigests(s.runId, &digests, &error), qPrintable(error));
    QCOMPARE(digests.model, QStringLiteral("sha256:first"));
    QCOMPARE(digests.embedding, QStringLiteral("e-first"));
    const RecordedDigests read = RecordedDigests::of(s.calls);
    QCOMPARE(read.model, digests.model);
    QCOMPARE(read.embedding, digests.embedding);
    QVERIFY(s.store.recordedDigests(s.runId + 1, &digests, &error));
    QVERIFY(digests.model.isEmpty() && digests.embedding.isEmpty());
}

void TestStoredCalls::completedCellsStopWhenAsked()
{
    FilledStore s;
    QVERIFY(s.fill(probe(3, 4)));
    int handed = 0;
    QString error;
    QVERIFY(s.store.eachCompletedCell(
        s.runId,
        [&](const QString&) {
            ++handed;
            return handed < 3;
        },
        &error));
    QCOMPARE(handed, 3);
    // The read was ended, so the store can be written at once.
    QVERIFY2(s.store.saveDraft(QStringLiteral("{}"), &error), qPrintable(error));
    QSet<QString> all;
    QVERIFY(s.store.completedCells(s.runId, &all, &error));
    int ok = 0;
    for (const LoggedCall& c : std::as_const(s.calls)) {
        ok += c.status == CallStatus::Ok ? 1 : 0;
    }
    QCOMPARE(all.size(), ok);
}

void TestStoredCalls::streamedLogIsTheSameBytes()
{
    // More than one megabyte of log, so it goes out in several pieces.
    FilledStore s;
    QVERIFY(s.fill(probe(40, 25)));
    const QString path = s.dir.filePath(QStringLiteral("log.csv"));
    QString error;
    QVERIFY2(CsvLogWriter::writeStored(path, s.store, s.runId, QStringLiteral("steps"), &error),
             qPrintable(error));
    const QByteArray streamed = readAll(path);
    QVERIFY(streamed.size() > 1024 * 1024);
    QCOMPARE(streamed, CsvLogWriter::toCsv(s.calls, QStringLiteral("steps")));
}

void TestStoredCalls::streamedLogFailureKeepsThePrevious()
{
    FilledStore s;
    QVERIFY(s.fill(probe(40, 25)));
    const QString path = s.dir.filePath(QStringLiteral("log.csv"));
    {
        QFile before(path);
        QVERIFY(before.open(QIODevice::WriteOnly));
        before.write("the previous log\r\n");
    }
    QString error;
    {
        // The store is larger than the limit, so the store itself is not grown meanwhile.
        test::FileSizeLimit limit(256 * 1024);
        QVERIFY(
            !CsvLogWriter::writeStored(path, s.store, s.runId, QStringLiteral("steps"), &error));
    }
    QVERIFY2(error.contains(path) && error.contains(QStringLiteral("unchanged")),
             qPrintable(error));
    QCOMPARE(readAll(path), QByteArray("the previous log\r\n"));
}

void TestStoredCalls::tallyCountsAcrossItsBatches()
{
    // 5,100 calls: more than one of the tally's batches of 4,096 for RunCompleteness.
    const ProbeDocument doc = probe(50, 34);
    QList<LoggedCall> calls = callsOf(doc, 1);
    QVERIFY(calls.size() > 4096);
    calls.remove(100, 250); // a run that stopped with cells missing
    CallTally tally(doc);
    for (const LoggedCall& c : std::as_const(calls)) {
        tally.add(c);
    }
    QCOMPARE(tally.completeness(), RunCompleteness::of(doc, calls));
    QVERIFY(!tally.completeness()->complete());
    QCOMPARE(tally.calls(), int(calls.size()));

    const ProbeAnalysis folded =
        ProbeAnalysis::fromTally(tally, doc.valueA(), doc.valueB(), QStringLiteral("steps"));
    const ProbeAnalysis whole =
        ProbeAnalysis::fromCalls(calls, doc.valueA(), doc.valueB(), QStringLiteral("steps"));
    QCOMPARE(folded.callsFailed, whole.callsFailed);
    QCOMPARE(folded.repliesFlagged, whole.repliesFlagged);
    QCOMPARE(folded.issues.size(), whole.issues.size());
    QCOMPARE(folded.probe.table.gaps(), whole.probe.table.gaps());
    QCOMPARE(folded.probe.signFlip.p, whole.probe.signFlip.p);

    RunRecord run;
    run.id = 1;
    const ReportContext c = ReportContext::fromRun(doc, run, tally, QStringLiteral("s.pbrun"));
    QCOMPARE(c.completeness, tally.completeness());
    QCOMPARE(c.seeds.size(), 33); // seed 2's calls (150 to 299) are among those removed
    QCOMPARE(c.models, QStringList{QStringLiteral("stand-in-v1")});
    QCOMPARE(c.firstCall, calls.first().time);
    QCOMPARE(c.lastCall, calls.last().time);
    QCOMPARE(c.evidence->runs.first().calls, qint64(calls.size()));
}

QTEST_GUILESS_MAIN(TestStoredCalls)
#include "tst_storedcalls.moc"
