// Drives the probebench binary as a student would, and checks the tutorial's printed numbers
// and the exit codes promised in --help.
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

Outcome probebench(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PB_PROBEBENCH), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString examplePath()
{
    return pb::test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json");
}

// The example with one setting replaced, written into dir.
QString variantOfExample(const QTemporaryDir& dir, const QString& from, const QString& to)
{
    QFile in(examplePath());
    in.open(QIODevice::ReadOnly);
    QString text = QString::fromUtf8(in.readAll());
    if (!from.isEmpty()) {
        const int at = int(text.indexOf(from));
        if (at < 0) {
            return QString();
        }
        text.replace(at, from.size(), to);
    }
    const QString path = dir.filePath(QStringLiteral("variant.probe.json"));
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(text.toUtf8());
    return path;
}

QJsonObject summary(const QString& dir)
{
    QFile f(dir + QStringLiteral("/summary.json"));
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestCliRun : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tutorialNumbers_data();
    void tutorialNumbers();
    void everyLoggedStepMatchesReference();
    void rerunResumesWithoutRepeating();
    void analyzeRereadsTheLog();
    void noUsableDataExitsThree();
    void badInputExitsTwo_data();
    void badInputExitsTwo();
    void unwritableOutputFolder();
    void helpDocumentsCommands();
};

void TestCliRun::tutorialNumbers_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("averageLine");
    QTest::addColumn<QString>("sameLine");
    // The reference's printed lines (tutorial_part1.expected.txt).
    QTest::addRow("planted gap 1, seeds 1-20")
        << QString() << QString() << QStringLiteral("average gap: +0.70 steps,  p = 0.016")
        << QStringLiteral("same vs same:           average gap -0.18, p = 0.172");
    QTest::addRow("planted gap 0")
        << QStringLiteral("\"planted_gap\": 1.0") << QStringLiteral("\"planted_gap\": 0.0")
        << QStringLiteral("average gap: -0.02 steps,  p = 0.891") << QString();
    QTest::addRow("5 seeds") << QStringLiteral("\"seeds\": \"1-20\"")
                             << QStringLiteral("\"seeds\": \"1-5\"")
                             << QStringLiteral("average gap: +0.65 steps,  p = 0.109") << QString();
}

void TestCliRun::tutorialNumbers()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, averageLine);
    QFETCH(QString, sameLine);
    QTemporaryDir dir;
    const QString probe = variantOfExample(dir, from, to);
    QVERIFY2(!probe.isEmpty(), "the example no longer has the setting this test changes");
    const Outcome r = probebench({QStringLiteral("run"), probe, QStringLiteral("--out"),
                                  dir.filePath(QStringLiteral("out")), QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(averageLine), qPrintable(r.out));
    if (!sameLine.isEmpty()) {
        QVERIFY2(r.out.contains(sameLine), qPrintable(r.out));
    }
    for (const char* file : {"log.csv", "report.md", "report.html", "summary.json"}) {
        QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("out/") + QLatin1String(file))), file);
    }
}

void TestCliRun::everyLoggedStepMatchesReference()
{
    QTemporaryDir dir;
    const Outcome r = probebench({QStringLiteral("run"), examplePath(), QStringLiteral("--out"),
                                  dir.path(), QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 0);

    QFile golden(pb::test::dataDir() + QStringLiteral("/tutorial_rows.csv"));
    QVERIFY(golden.open(QIODevice::ReadOnly));
    QList<pb::CsvRecord> expected;
    QString error;
    QByteArray goldenBytes = golden.readAll();
    goldenBytes = goldenBytes.mid(goldenBytes.indexOf('\n') + 1); // skip the provenance comment
    QVERIFY2(pb::CsvTable::parse(goldenBytes, &expected, &error), qPrintable(error));
    QHash<QString, QString> want;
    for (qsizetype i = 1; i < expected.size(); ++i) {
        const QStringList& f = expected[i].fields;
        want.insert(f[0] + QLatin1Char('|') + f[1] + QLatin1Char('|') + f[2], f[3]);
    }
    QCOMPARE(want.size(), 480);

    QFile log(dir.filePath(QStringLiteral("log.csv")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QList<pb::CsvRecord> rows;
    QVERIFY2(pb::CsvTable::parse(log.readAll(), &rows, &error), qPrintable(error));
    QCOMPARE(
        rows.front().fields.mid(0, 9),
        QStringList({QStringLiteral("time"), QStringLiteral("model"), QStringLiteral("temperature"),
                     QStringLiteral("item"), QStringLiteral("variant"), QStringLiteral("seed"),
                     QStringLiteral("prompt"), QStringLiteral("reply"), QStringLiteral("steps")}));
    QCOMPARE(rows.size() - 1, 480);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QStringList& f = rows[i].fields;
        const QString key = f[3] + QLatin1Char('|') + f[4] + QLatin1Char('|') + f[5];
        QVERIFY2(want.contains(key), qPrintable(key));
        QCOMPARE(f[8], want.take(key));
    }
    QVERIFY(want.isEmpty());
}

void TestCliRun::rerunResumesWithoutRepeating()
{
    QTemporaryDir dir;
    const QStringList args{QStringLiteral("run"), examplePath(), QStringLiteral("--out"),
                           dir.path()};
    const Outcome dry =
        probebench(args + QStringList{QStringLiteral("--limit-seeds"), QStringLiteral("2")});
    QCOMPARE(dry.exitCode, 0);
    QCOMPARE(summary(dir.path()).value(QStringLiteral("calls_made")).toInt(), 8 * 3 * 2);

    const Outcome full = probebench(args);
    QCOMPARE(full.exitCode, 0);
    QVERIFY2(full.err.contains(QStringLiteral("resuming run 1")), qPrintable(full.err));
    QVERIFY2(full.err.contains(QStringLiteral("(48 from an earlier session)")),
             qPrintable(full.err));
    QCOMPARE(summary(dir.path()).value(QStringLiteral("calls_made")).toInt(), 480);
    QVERIFY(full.out.contains(QStringLiteral("average gap: +0.70 steps,  p = 0.016")));

    const Outcome again = probebench(args);
    QCOMPARE(again.exitCode, 0);
    QVERIFY(again.err.contains(QStringLiteral("(480 from an earlier session)")));
    QCOMPARE(summary(dir.path()).value(QStringLiteral("calls_made")).toInt(), 480);
}

void TestCliRun::analyzeRereadsTheLog()
{
    QTemporaryDir dir;
    QCOMPARE(probebench({QStringLiteral("run"), examplePath(), QStringLiteral("--out"), dir.path(),
                         QStringLiteral("--quiet")})
                 .exitCode,
             0);
    const Outcome r =
        probebench({QStringLiteral("analyze"), dir.filePath(QStringLiteral("log.csv"))});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("average gap: +0.70 steps,  p = 0.016")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("same vs same:           average gap -0.18, p = 0.172")),
             qPrintable(r.out));
}

void TestCliRun::noUsableDataExitsThree()
{
    // The audit's case: a json_field metric on the stand-in, whose replies are not JSON, flags
    // every reply. That measured nothing; it is not a null result and not a finished run.
    QTemporaryDir dir;
    const QString probe = variantOfExample(dir, QStringLiteral("\"kind\": \"count_steps\","),
                                           QStringLiteral("\"kind\": \"json_field\", "
                                                          "\"field\": \"score\","));
    QVERIFY2(!probe.isEmpty(), "the example no longer has the setting this test changes");
    const QString out = dir.filePath(QStringLiteral("out"));
    const Outcome r = probebench(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains(QStringLiteral("480 calls logged, 0 failed, 480 not scored")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("No result:")), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("p = 1.000")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("no result")), qPrintable(r.err));
    QFile report(out + QStringLiteral("/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(report.readAll());
    QVERIFY2(md.contains(QStringLiteral("No result:")), qPrintable(md));
    QVERIFY2(!md.contains(QStringLiteral("Null result")), qPrintable(md));
    const QJsonObject s = summary(out);
    QCOMPARE(s.value(QStringLiteral("result")).toString(), QStringLiteral("none"));
    QVERIFY(s.value(QStringLiteral("sign_flip_p")).isNull());
    QCOMPARE(s.value(QStringLiteral("detected")).toBool(true), false);

    const Outcome reread =
        probebench({QStringLiteral("analyze"), out + QStringLiteral("/log.csv")});
    QCOMPARE(reread.exitCode, 3);
    QVERIFY2(reread.out.contains(QStringLiteral("No result:")), qPrintable(reread.out));
}

void TestCliRun::badInputExitsTwo_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expectedMessage");
    QTest::addRow("probe is not JSON") << QStringLiteral("run") << QByteArray("{\"format\": ")
                                       << QStringLiteral("bad.probe.json:1:");
    QTest::addRow("probe misses a variant")
        << QStringLiteral("run")
        << QByteArray(
               R"({"format":"probebench/probe@1","title":"t","attribute":{"name":"a","values":["x","y"]},
            "items":[{"id":"1","variants":{"x":"hello"}}],"settings":{"seeds":"1-3"},"metric":{"kind":"count_steps"}})")
        << QStringLiteral("items[0].variants.y");
    QTest::addRow("csv misses the variant column")
        << QStringLiteral("analyze") << QByteArray("item,steps\n0,3\n")
        << QStringLiteral("missing column: variant");
    QTest::addRow("csv metric is not a number")
        << QStringLiteral("analyze")
        << QByteArray("item,variant,steps\n0,formal,3\n0,casual,three\n")
        << QStringLiteral("line 3, column \"steps\": \"three\" is not a number");
}

void TestCliRun::badInputExitsTwo()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, content);
    QFETCH(QString, expectedMessage);
    QTemporaryDir dir;
    const QString path =
        dir.filePath(command == QLatin1String("run") ? QStringLiteral("bad.probe.json")
                                                     : QStringLiteral("bad.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    const Outcome r =
        probebench({command, path, QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expectedMessage), qPrintable(r.err));
}

void TestCliRun::unwritableOutputFolder()
{
    QTemporaryDir dir;
    // A regular file where the output folder should be: cannot be created, even as root.
    const QString blocker = dir.filePath(QStringLiteral("blocker"));
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const Outcome r = probebench({QStringLiteral("run"), examplePath(), QStringLiteral("--out"),
                                  blocker + QStringLiteral("/out")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(blocker + QStringLiteral("/out")), qPrintable(r.err));
}

void TestCliRun::helpDocumentsCommands()
{
    const Outcome r = probebench({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char* word : {"run", "analyze", "models", "check", "--limit-seeds", "Exit codes",
                             "or no result (no item has a scored reply"}) {
        QVERIFY2(r.out.contains(QLatin1String(word)), word);
    }
    QCOMPARE(probebench({QStringLiteral("frobnicate")}).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_cli_run.moc"
