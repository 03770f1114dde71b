// StoreLock: one writer process per store. Another live process's lock refuses with who
// holds it; a dead process's lock is taken over; holders in one process share the lock.
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

// Writes a lock file as QLockFile does (pid, program, host), for a process that is not us.
void writeLockFile(const QString& storePath, qint64 pid, const QString& app)
{
    QFile f(StoreLock::lockPath(storePath));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::number(pid) + '\n' + app.toUtf8() + '\n' +
            QSysInfo::machineHostName().toUtf8() + '\n');
}

} // namespace

class TestStoreLock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void holdersInOneProcessShareIt();
    void anotherLiveProcessIsNamed_data();
    void anotherLiveProcessIsNamed();
    void aDeadHoldersLockIsTakenOver();
    void moveKeepsTheTargetAndDropsTheOld();
};

void TestStoreLock::holdersInOneProcessShareIt()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("s.pbrun"));
    QString error;
    {
        StoreLock owner;
        QVERIFY2(owner.acquire(store, &error), qPrintable(error));
        QVERIFY(QFile::exists(StoreLock::lockPath(store)));
        StoreLock worker; // a second view or a worker of the same process
        QVERIFY2(worker.acquire(dir.path() + QStringLiteral("/./s.pbrun"), &error),
                 qPrintable(error));
        QVERIFY(!StoreLock::otherHolder(store)); // this process's own hold does not count
        RunStore opened;
        QVERIFY2(opened.open(store, &error), qPrintable(error));
        owner.release();
        QVERIFY(QFile::exists(StoreLock::lockPath(store))); // the worker still holds it
    }
    QVERIFY(!QFile::exists(StoreLock::lockPath(store)));
}

void TestStoreLock::anotherLiveProcessIsNamed_data()
{
    QTest::addColumn<bool>("throughRunStore");
    QTest::addRow("taking the lock") << false;
    QTest::addRow("opening the store") << true;
}

void TestStoreLock::anotherLiveProcessIsNamed()
{
    QFETCH(bool, throughRunStore);
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("busy.pbrun"));
    QProcess holder; // a live process of another program that "holds" the store
    holder.start(QStringLiteral("sleep"), {QStringLiteral("30")});
    QVERIFY(holder.waitForStarted());
    const qint64 pid = holder.processId();
    writeLockFile(store, pid, QStringLiteral("sleep"));

    QString error;
    bool ok = true;
    StoreLock lock;
    RunStore opened;
    if (throughRunStore) {
        ok = opened.open(store, &error);
    } else {
        ok = lock.acquire(store, &error);
    }
    holder.kill();
    holder.waitForFinished();
    QVERIFY(!ok);
    const QString expected =
        QStringLiteral("busy.pbrun is in use by sleep, process %1, since ").arg(pid);
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("only one program may write to a store at a time")),
             qPrintable(error));
    QVERIFY(!QFile::exists(store)); // nothing was written before the refusal
}

void TestStoreLock::aDeadHoldersLockIsTakenOver()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("left.pbrun"));
    QProcess gone; // a process that held it and was killed
    gone.start(QStringLiteral("true"), {});
    QVERIFY(gone.waitForStarted());
    const qint64 pid = gone.processId();
    QVERIFY(gone.waitForFinished());
    writeLockFile(store, pid, QStringLiteral("probebench"));
    QVERIFY(!StoreLock::otherHolder(store));
    StoreLock lock;
    QString error;
    QVERIFY2(lock.acquire(store, &error), qPrintable(error));
    QVERIFY(lock.isHeld());
}

void TestStoreLock::moveKeepsTheTargetAndDropsTheOld()
{
    QTemporaryDir dir;
    const QString before = dir.filePath(QStringLiteral("a.pbrun"));
    const QString after = dir.filePath(QStringLiteral("b.pbrun"));
    QString error;
    StoreLock project;
    QVERIFY(project.acquire(before, &error));
    StoreLock target;
    QVERIFY(target.acquire(after, &error));
    target.moveTo(&project); // Save As: the project now holds the copy only
    QVERIFY(!target.isHeld());
    QCOMPARE(project.storePath(), after);
    QVERIFY(!QFile::exists(StoreLock::lockPath(before)));
    QVERIFY(QFile::exists(StoreLock::lockPath(after)));
}

QTEST_GUILESS_MAIN(TestStoreLock)
#include "tst_storelock.moc"
