#include "ZipWriter.h"
#include "grading/SubmissionArchive.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using test::ZipEntry;

namespace {

ZipEntry file(const char* name, const QByteArray& data)
{
    return ZipEntry{QByteArray(name), data};
}

} // namespace

// A ZIP of submissions reads as the folder it was made from, and every crafted shape is
// refused as a whole, naming the archive and the entry.
class TestSubmissionArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheSubmissions_data();
    void readsTheSubmissions();
    void refusesCraftedArchives_data();
    void refusesCraftedArchives();
    void aBombThatLiesAboutItsSizeStopsAtTheLimit();
    void aDamagedEntryIsRefused();
    void notAnArchive();

private:
    QString write(const QList<ZipEntry>& entries);
    QTemporaryDir m_dir;
    int m_count = 0;
};

QString TestSubmissionArchive::write(const QList<ZipEntry>& entries)
{
    const QString path = m_dir.filePath(QStringLiteral("s%1.zip").arg(++m_count));
    QString error;
    if (!test::writeZip(path, entries, &error))
        qWarning("%s", qPrintable(error));
    return path;
}

void TestSubmissionArchive::readsTheSubmissions_data()
{
    QTest::addColumn<QList<ZipEntry>>("entries");
    QTest::addColumn<QStringList>("submissions");
    QTest::addColumn<QStringList>("skipped");

    QTest::addRow("top level") << QList<ZipEntry>{file("b.md", "# B"), file("a.txt", "A"),
                                                  file("notes.pdf", "%PDF"),
                                                  file("late/c.txt", "C")}
                               << QStringList{"a.txt", "b.md"}
                               << QStringList{"late/c.txt", "notes.pdf"};
    QTest::addRow("a zipped folder")
        << QList<ZipEntry>{file("class/a.txt", "A"), file("class/b.TXT", "B"),
                           file("__MACOSX/class/._a.txt", "\x00\x05"), file("class/.DS_Store", "x"),
                           file("class/old/a.txt", "old")}
        << QStringList{"a.txt", "b.TXT"}
        << QStringList{"__MACOSX/class/._a.txt", "class/.DS_Store", "class/old/a.txt"};
    QTest::addRow("names written on Windows")
        << QList<ZipEntry>{file("class\\a.txt", "A"), file("class\\b.txt", "B")}
        << QStringList{"a.txt", "b.txt"} << QStringList{};
    QTest::addRow("a byte-order mark is dropped")
        << QList<ZipEntry>{file("a.txt", "\xEF\xBB\xBFHello")} << QStringList{"a.txt"}
        << QStringList{};
}

void TestSubmissionArchive::readsTheSubmissions()
{
    QFETCH(QList<ZipEntry>, entries);
    QFETCH(QStringList, submissions);
    QFETCH(QStringList, skipped);
    QString error;
    QStringList passed;
    const auto read = SubmissionArchive::read(write(entries), &error, &passed);
    QVERIFY2(read, qPrintable(error));
    QStringList names;
    for (const Submission& s : *read)
        names << s.filename;
    QCOMPARE(names, submissions);
    passed.sort();
    QCOMPARE(passed, skipped);
    if (QTest::currentDataTag() == QLatin1String("a byte-order mark is dropped"))
        QCOMPARE(read->first().text, QStringLiteral("Hello"));
    else
        QCOMPARE(read->first().text, QStringLiteral("A"));
}

void TestSubmissionArchive::refusesCraftedArchives_data()
{
    QTest::addColumn<QList<ZipEntry>>("entries");
    QTest::addColumn<QString>("says");

    QTest::addRow("climbs out") << QList<ZipEntry>{file("a.txt", "A"), file("../evil.txt", "E")}
                                << "\"../evil.txt\" climbs out of the archive";
    QTest::addRow("climbs out inside")
        << QList<ZipEntry>{file("class/../../evil.txt", "E")} << "climbs out of the archive";
    QTest::addRow("absolute") << QList<ZipEntry>{file("/etc/evil.txt", "E")}
                              << "\"/etc/evil.txt\" is an absolute path";
    QTest::addRow("drive letter") << QList<ZipEntry>{file("C:\\evil.txt", "E")}
                                  << "is an absolute path";
    QTest::addRow("link") << QList<ZipEntry>{ZipEntry{"a.txt", "/etc/passwd", true}}
                          << "\"a.txt\" is a link";
    QTest::addRow("over 1 MiB") << QList<ZipEntry>{file("a.txt", QByteArray(2 * 1024 * 1024, 'a'))}
                                << "\"a.txt\": 2097152 bytes, more than the 1 MiB";
    QTest::addRow("not UTF-8") << QList<ZipEntry>{file("a.txt", "caf\xE9")}
                               << "\"a.txt\": not UTF-8 text";
    QList<ZipEntry> many;
    for (int i = 0; i < 70; ++i)
        many << ZipEntry{QStringLiteral("s%1.txt").arg(i, 2, 10, QLatin1Char('0')).toUtf8(),
                         QByteArray(1000 * 1000, 'a')};
    QTest::addRow("over 64 MiB in all") << many << "more than 64 MiB of submissions in all";
}

void TestSubmissionArchive::refusesCraftedArchives()
{
    QFETCH(QList<ZipEntry>, entries);
    QFETCH(QString, says);
    const QString path = write(entries);
    QString error;
    QVERIFY(!SubmissionArchive::read(path, &error));
    QVERIFY2(error.startsWith(QDir::toNativeSeparators(path)), qPrintable(error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

void TestSubmissionArchive::aBombThatLiesAboutItsSizeStopsAtTheLimit()
{
    const QString path = write({file("a.txt", "A"), file("bomb.txt", QByteArray(8 << 20, 'a'))});
    QVERIFY(test::declareSize(path, "bomb.txt", 100));
    QString error;
    QVERIFY(!SubmissionArchive::read(path, &error));
    // Refused by libzip's consistency check or by the bounded read; never read whole.
    QVERIFY2(error.contains(QStringLiteral("bomb.txt")) ||
                 error.contains(QStringLiteral("not a ZIP archive that can be read")),
             qPrintable(error));
}

void TestSubmissionArchive::aDamagedEntryIsRefused()
{
    const QByteArray text = "This submission is long enough to find in the archive's bytes.";
    const QString path = write({ZipEntry{"a.txt", text, false, true}});
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray bytes = f.readAll();
    const qsizetype at = bytes.indexOf(text);
    QVERIFY(at > 0);
    bytes[at + 5] = 'X'; // the stored bytes no longer match the entry's checksum
    f.seek(0);
    f.write(bytes);
    f.close();
    QString error;
    QVERIFY(!SubmissionArchive::read(path, &error));
    QVERIFY2(error.contains(QStringLiteral("\"a.txt\" is damaged")), qPrintable(error));
}

void TestSubmissionArchive::notAnArchive()
{
    const QString path = m_dir.filePath(QStringLiteral("notes.zip"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are not the submissions");
    f.close();
    QString error;
    QVERIFY(!SubmissionArchive::read(path, &error));
    QVERIFY2(error.contains(QStringLiteral("not a ZIP archive that can be read")),
             qPrintable(error));
}

QTEST_GUILESS_MAIN(TestSubmissionArchive)
#include "tst_submissionarchive.moc"
