// WholeFile: every output is written whole or not at all. A write that fails (an injected
// file size limit, a really full disk) names the file and the system's reason, and the
// previous file, or every file of a group, stays as it was.
#include "SmallDisk.h"
#include "probe/WholeFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
}

} // namespace

class TestWholeFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void replacesTheFile();
    void failedWriteKeepsThePrevious_data();
    void failedWriteKeepsThePrevious();
    void fullDiskKeepsThePrevious();
};

void TestWholeFile::replacesTheFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.csv"));
    QString error;
    QVERIFY2(WholeFile::write(path, "first", &error), qPrintable(error));
    QVERIFY2(WholeFile::write(path, "second", &error), qPrintable(error));
    QCOMPARE(contents(path), QByteArray("second"));
}

void TestWholeFile::failedWriteKeepsThePrevious_data()
{
    QTest::addColumn<bool>("group");
    QTest::addRow("one file") << false;
    // The second file of a group fails: the first, written fine, must not replace its old one.
    QTest::addRow("a group of files") << true;
}

void TestWholeFile::failedWriteKeepsThePrevious()
{
    QFETCH(bool, group);
    QTemporaryDir dir;
    const QString small = dir.filePath(QStringLiteral("report.md"));
    const QString big = dir.filePath(QStringLiteral("log.csv"));
    QString error;
    QVERIFY(WholeFile::write(small, "old report", &error));
    QVERIFY(WholeFile::write(big, "old log", &error));
    const QByteArray huge(256 * 1024, 'x');
    bool ok = true;
    {
        const test::FileSizeLimit limit(64 * 1024); // as if the disk filled at 64 KB
        ok = group ? WholeFile::write({{small, [] { return QByteArray("new report"); }},
                                       {big, [&huge] { return huge; }}},
                                      &error)
                   : WholeFile::write(big, huge, &error);
    }
    QVERIFY(!ok);
    {
        // A caller that only asks whether it worked gets the same refusal, and no crash.
        const test::FileSizeLimit limit(64 * 1024);
        QVERIFY(!WholeFile::write(big, huge, nullptr));
    }
    QVERIFY2(error.startsWith(big + QStringLiteral(": cannot write: File too large")),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("unchanged")), qPrintable(error));
    QCOMPARE(contents(big), QByteArray("old log"));
    QCOMPARE(contents(small), QByteArray("old report"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2); // no temporary file left
}

void TestWholeFile::fullDiskKeepsThePrevious()
{
    const test::SmallDisk disk(128);
    if (!disk.ok()) {
        QSKIP(qPrintable(disk.why()));
    }
    const QString path = disk.filePath(QStringLiteral("log.csv"));
    QString error;
    const QByteArray before(40 * 1024, 'a');
    QVERIFY2(WholeFile::write(path, before, &error), qPrintable(error));
    QVERIFY(!WholeFile::write(path, QByteArray(200 * 1024, 'b'), &error));
    QVERIFY2(error.startsWith(path + QStringLiteral(": cannot write: No space left on device")),
             qPrintable(error));
    QCOMPARE(contents(path), before);
    QCOMPARE(QDir(disk.path()).entryList(QDir::Files).size(), 1);
}

QTEST_GUILESS_MAIN(TestWholeFile)
#include "tst_wholefile.moc"
