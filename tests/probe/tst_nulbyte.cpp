// A NUL byte in a JSON file is an error at its line and column, never the end of the
// document: "ok.json" followed by "\0 garbage" was read as ok.json alone.
#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/RubricReader.h"
#include "probe/ProbeReader.h"
#include "probe/StrictJson.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

QByteArray example(const QString& name)
{
    QFile f(test::sourceDir() + QStringLiteral("/resources/examples/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The bytes with a NUL put where the row says: after the document, inside its first string,
// or in the whitespace before it.
QByteArray withNul(QByteArray bytes, const QString& where)
{
    if (where == QLatin1String("after")) {
        return bytes + QByteArray("\0 garbage", 9);
    }
    if (where == QLatin1String("in a string")) {
        return bytes.insert(bytes.indexOf('"') + 1, '\0');
    }
    return QByteArray("\n\0", 2) + bytes;
}

} // namespace

class TestNulByte : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void strictJsonRefuses_data();
    void strictJsonRefuses();
    void everyReaderRefuses_data();
    void everyReaderRefuses();
};

void TestNulByte::strictJsonRefuses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addRow("after the document") << QByteArray("{\"a\": 1}\0 garbage", 17) << 1 << 9;
    QTest::addRow("inside a string") << QByteArray("{\"a\": \"x\0y\"}", 12) << 1 << 9;
    QTest::addRow("on a later line") << QByteArray("{\n  \"a\": 1\n}\n\0", 14) << 4 << 1;
}

void TestNulByte::strictJsonRefuses()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    const StrictJson::Outcome outcome = StrictJson::parse(text);
    QVERIFY(!outcome.value);
    QVERIFY2(outcome.syntaxError.contains(QStringLiteral("NUL byte")),
             qPrintable(outcome.syntaxError));
    QCOMPARE(outcome.line, line);
    QCOMPARE(outcome.column, column);
}

void TestNulByte::everyReaderRefuses_data()
{
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("where");
    for (const char* reader : {"probe", "judge probe", "rubric"}) {
        for (const char* where : {"after", "in a string", "before"}) {
            QTest::addRow("%s, %s", reader, where)
                << QString::fromLatin1(reader) << QString::fromLatin1(where);
        }
    }
}

void TestNulByte::everyReaderRefuses()
{
    QFETCH(QString, reader);
    QFETCH(QString, where);
    QTemporaryDir dir;
    const QString rubric = QStringLiteral("library-hours.rubric.json");
    const QString name = reader == QLatin1String("probe") ? QStringLiteral("style-probe.probe.json")
                         : reader == QLatin1String("judge probe")
                             ? QStringLiteral("library-padding.judge.json")
                             : rubric;
    QFile copy(dir.filePath(rubric)); // the judge probe reads its rubric from beside it
    QVERIFY(copy.open(QIODevice::WriteOnly));
    copy.write(example(rubric));
    copy.close();
    const QByteArray good = example(name);
    QVERIFY(!good.isEmpty());
    QFile f(dir.filePath(name));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(withNul(good, where));
    f.close();

    bool ok = true;
    QString text;
    if (reader == QLatin1String("probe")) {
        const ProbeLoadResult r = ProbeReader::readFile(f.fileName());
        ok = r.ok();
        text = r.text();
    } else if (reader == QLatin1String("judge probe")) {
        const JudgeProbeLoadResult r = JudgeProbeReader::readFile(f.fileName());
        ok = r.ok();
        text = r.text();
    } else {
        const RubricLoadResult r = RubricReader::readFile(f.fileName());
        ok = r.ok();
        text = r.text();
    }
    QVERIFY2(!ok, qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("NUL byte")), qPrintable(text));
    QVERIFY2(text.contains(name), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestNulByte)
#include "tst_nulbyte.moc"
