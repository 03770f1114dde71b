// Save As copies a project through StoreBackup: every call is in the copy, even those a
// run's connection still holds in the WAL, and a failed copy leaves nothing behind.
#include "store/RunStore.h"
#include "store/StoreBackup.h"

#include "StoreReads.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

constexpr int kCalls = 480;

LoggedCall call(qint64 run, int i)
{
    LoggedCall c;
    c.runId = run;
    c.callIndex = quint64(i);
    c.time = QDateTime::currentDateTimeUtc();
    c.itemId = QString::number(i % 8);
    c.variant = i % 2 ? QStringLiteral("formal") : QStringLiteral("casual");
    c.seed = i;
    c.status = CallStatus::Ok;
    c.prompt = QStringLiteral("How do I reverse a list in Python? (%1)").arg(i);
    c.reply = QStringLiteral("1. Call reversed().\n2. Or slice it with [::-1].\n");
    c.metricValue = 2;
    return c;
}

// A store with one run of kCalls calls, its writer left open like a finished run's
// worker, so the calls are still in the WAL and not yet in the main file.
std::unique_ptr<RunStore> openWriter(const QString& path, int calls = kCalls)
{
    auto store = std::make_unique<RunStore>();
    QString error;
    if (!store->open(path, &error)) {
        qFatal("%s", qPrintable(error));
    }
    RunRecord r;
    r.created = QDateTime::currentDateTimeUtc();
    r.probeJson = QStringLiteral("{}");
    r.configHash = QStringLiteral("h");
    const qint64 run = store->createRun(r, &error);
    for (int i = 0; i < calls; ++i) {
        if (!store->recordCall(call(run, i), &error)) {
            qFatal("%s", qPrintable(error));
        }
    }
    return store;
}

int callsIn(const QString& path)
{
    RunStore store;
    QString error;
    if (!store.open(path, &error)) {
        return -1;
    }
    const QList<RunRecord> runs = test::runs(store);
    return runs.isEmpty() ? 0 : int(test::calls(store, runs.first().id).size());
}

QStringList filesIn(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList(QDir::Files, QDir::Name);
}

} // namespace

class TestStoreBackup : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copyHoldsCallsStillInTheLog();
    void refusals_data();
    void refusals();
    void replacesOnlyWhenConfirmed();
};

void TestStoreBackup::copyHoldsCallsStillInTheLog()
{
    QTemporaryDir dir;
    const QString from = dir.filePath(QStringLiteral("run.pbrun"));
    const auto writer = openWriter(from);
    QVERIFY(QFileInfo(from + QStringLiteral("-wal")).size() > 0);

    // What a file copy of the main database file gets: not every call.
    const QString plain = dir.filePath(QStringLiteral("plain.pbrun"));
    QVERIFY(QFile::copy(from, plain));
    QVERIFY(callsIn(plain) < kCalls);

    const QString to = dir.filePath(QStringLiteral("copy.pbrun"));
    QString error;
    QVERIFY2(StoreBackup::copy(from, to, StoreBackup::Existing::Refuse, &error), qPrintable(error));
    QCOMPARE(callsIn(to), kCalls);
    QCOMPARE(callsIn(from), kCalls); // the source is untouched and still open for writing
    QString ignored;
    QVERIFY(writer->recordCall(call(test::runs(*writer).first().id, kCalls), &ignored));
    for (const QString& f : filesIn(dir)) {
        QVERIFY2(!f.contains(QStringLiteral(".part-")), qPrintable(f));
    }
}

void TestStoreBackup::refusals_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("message");

    QTest::addRow("no source") << "no source"
                               << "from.pbrun: no such file";
    QTest::addRow("the source itself") << "same"
                                       << "is the project being copied";
    QTest::addRow("an existing target, unconfirmed") << "exists"
                                                     << "already exists";
    QTest::addRow("a folder that does not exist") << "no folder"
                                                  << "does not exist";
    QTest::addRow("not a run store") << "garbage"
                                     << "cannot write the copy";
}

void TestStoreBackup::refusals()
{
    QFETCH(QString, setup);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString from = dir.filePath(QStringLiteral("from.pbrun"));
    QString to = dir.filePath(QStringLiteral("to.pbrun"));
    std::unique_ptr<RunStore> writer;
    if (setup != QLatin1String("no source")) {
        if (setup == QLatin1String("garbage")) {
            QFile f(from);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(8192, 'x'));
        } else {
            writer = openWriter(from, 10);
        }
    }
    if (setup == QLatin1String("same")) {
        to = from;
    } else if (setup == QLatin1String("exists")) {
        QFile f(to);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("kept");
    } else if (setup == QLatin1String("no folder")) {
        to = dir.filePath(QStringLiteral("missing/to.pbrun"));
    }
    const QStringList before = filesIn(dir);
    QString error;
    QVERIFY(!StoreBackup::copy(from, to, StoreBackup::Existing::Refuse, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral(".pbrun")), qPrintable(error)); // names the file
    QCOMPARE(filesIn(dir), before); // nothing written, nothing replaced
    if (setup == QLatin1String("exists")) {
        QFile f(to);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("kept"));
    }
}

void TestStoreBackup::replacesOnlyWhenConfirmed()
{
    QTemporaryDir dir;
    const QString from = dir.filePath(QStringLiteral("from.pbrun"));
    const QString to = dir.filePath(QStringLiteral("to.pbrun"));
    const auto writer = openWriter(from);
    {
        const auto old = openWriter(to, 3);
        QString error;
        // Still open elsewhere: its log is live, so it is not replaced under that connection.
        QVERIFY(!StoreBackup::copy(from, to, StoreBackup::Existing::Replace, &error));
        QVERIFY2(error.contains(QStringLiteral("is open")), qPrintable(error));
    }
    QCOMPARE(callsIn(to), 3);
    QString error;
    QVERIFY2(StoreBackup::copy(from, to, StoreBackup::Existing::Replace, &error),
             qPrintable(error));
    QCOMPARE(callsIn(to), kCalls);
    QCOMPARE(filesIn(dir).filter(QStringLiteral(".part-")), QStringList());
}

QTEST_GUILESS_MAIN(TestStoreBackup)
#include "tst_storebackup.moc"
