// probebench run / models / check against the fake model server as a separate process,
// over a real loopback socket: faults, kill -9 and resume, and the errors a student sees.
#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using pb::test::CliOutcome;
using pb::test::probebench;

namespace {

class FakeServerProcess
{
public:
    explicit FakeServerProcess(const QStringList& args)
    {
        m_process.start(QStringLiteral(PB_FAKE_SERVER),
                        QStringList{QStringLiteral("--port"), QStringLiteral("0")} + args);
        if (m_process.waitForReadyRead(10000)) {
            m_port = quint16(QString::fromLatin1(m_process.readLine()).trimmed().toUInt());
        }
    }
    ~FakeServerProcess()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
    bool ok() const { return m_port != 0; }

private:
    QProcess m_process;
    quint16 m_port = 0;
};

QString example()
{
    return pb::test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json");
}

QStringList ollamaArgs(const QString& url, const QString& out, bool quiet = true,
                       const QString& probe = example())
{
    QStringList args{QStringLiteral("run"),        probe,
                     QStringLiteral("--backend"),  QStringLiteral("ollama"),
                     QStringLiteral("--endpoint"), url,
                     QStringLiteral("--model"),    QStringLiteral("fake-model:latest"),
                     QStringLiteral("--out"),      out};
    if (quiet) {
        args << QStringLiteral("--quiet");
    }
    return args;
}

QJsonObject summary(const QString& dir)
{
    QFile f(dir + QStringLiteral("/summary.json"));
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

QList<pb::CsvRecord> logRows(const QString& dir)
{
    QFile f(dir + QStringLiteral("/log.csv"));
    f.open(QIODevice::ReadOnly);
    QList<pb::CsvRecord> records;
    QString error;
    pb::CsvTable::parse(f.readAll(), &records, &error);
    return records;
}

// cell -> (reply, metric) from log.csv; duplicates reported through *duplicates.
QHash<QString, QPair<QString, QString>> logCells(const QString& dir, int* duplicates, int* rows)
{
    QFile f(dir + QStringLiteral("/log.csv"));
    f.open(QIODevice::ReadOnly);
    QList<pb::CsvRecord> records;
    QString error;
    pb::CsvTable::parse(f.readAll(), &records, &error);
    QHash<QString, QPair<QString, QString>> cells;
    *duplicates = 0;
    *rows = int(records.size()) - 1;
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QStringList& r = records[i].fields;
        const QString key = r[3] + QLatin1Char('|') + r[4] + QLatin1Char('|') + r[5];
        if (cells.contains(key)) {
            ++*duplicates;
        }
        cells.insert(key, {r[7], r[8]});
    }
    return cells;
}

} // namespace

class TestCliServer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void transientFaultsChangeNothing();
    void killDuringRunThenResume();
    void permanentFaultsAreFlaggedAndReported();
    void actionableErrors_data();
    void actionableErrors();
    void modelsAndCheck();
    void resumeRefusesAChangedEmbeddingModel();
    void judgeWithUnreadableRepliesIsIncomplete();
};

void TestCliServer::transientFaultsChangeNothing()
{
    QTemporaryDir dir;
    FakeServerProcess clean({});
    FakeServerProcess faulty({QStringLiteral("--fault-rate"), QStringLiteral("0.1"),
                              QStringLiteral("--fault-kinds"),
                              QStringLiteral("500,reset,malformed,close,429"),
                              QStringLiteral("--seed"), QStringLiteral("11")});
    QVERIFY(clean.ok() && faulty.ok());
    const QString a = dir.filePath(QStringLiteral("clean"));
    const QString b = dir.filePath(QStringLiteral("faulty"));
    const CliOutcome ra =
        probebench(ollamaArgs(clean.url(), a) +
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("4")});
    QCOMPARE(ra.exitCode, 0);
    const CliOutcome rb =
        probebench(ollamaArgs(faulty.url(), b) +
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("4")});
    QVERIFY2(rb.exitCode == 0, qPrintable(rb.err));

    const QJsonObject sa = summary(a);
    const QJsonObject sb = summary(b);
    QCOMPARE(sb.value(QStringLiteral("calls_made")).toInt(), 480);
    QCOMPARE(sb.value(QStringLiteral("calls_failed")).toInt(), 0);
    QCOMPARE(sb.value(QStringLiteral("average_gap")).toDouble(),
             sa.value(QStringLiteral("average_gap")).toDouble());
    QCOMPARE(sb.value(QStringLiteral("sign_flip_p")).toDouble(),
             sa.value(QStringLiteral("sign_flip_p")).toDouble());
    QCOMPARE(sb.value(QStringLiteral("same_vs_same_p")).toDouble(),
             sa.value(QStringLiteral("same_vs_same_p")).toDouble());
    int dupA = 0, dupB = 0, rowsA = 0, rowsB = 0;
    const auto cellsA = logCells(a, &dupA, &rowsA);
    const auto cellsB = logCells(b, &dupB, &rowsB);
    QCOMPARE(rowsB, 480);
    QCOMPARE(dupB, 0);
    QCOMPARE(cellsB, cellsA);
}

void TestCliServer::killDuringRunThenResume()
{
    QTemporaryDir dir;
    FakeServerProcess server({QStringLiteral("--latency-ms"), QStringLiteral("8")});
    QVERIFY(server.ok());
    const QString out = dir.filePath(QStringLiteral("out"));
    QProcess first;
    first.start(QStringLiteral(PB_PROBEBENCH), ollamaArgs(server.url(), out));
    QVERIFY(first.waitForStarted());
    QTest::qWait(1500); // well into the run: 480 calls at >= 8 ms each take >= 3.8 s
    ::kill(pid_t(first.processId()), SIGKILL);
    QVERIFY(first.waitForFinished(10000));
    QCOMPARE(first.exitStatus(), QProcess::CrashExit);
    QVERIFY(
        !QFile::exists(out + QStringLiteral("/summary.json"))); // it died before writing results

    const CliOutcome second = probebench(ollamaArgs(server.url(), out, false));
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QVERIFY2(second.err.contains(QStringLiteral("resuming run 1")), qPrintable(second.err));
    QVERIFY2(second.err.contains(QStringLiteral("from an earlier session")),
             qPrintable(second.err));

    const QString ref = dir.filePath(QStringLiteral("ref"));
    QCOMPARE(probebench(ollamaArgs(server.url(), ref)).exitCode, 0);
    int dup = 0, rows = 0, dupRef = 0, rowsRef = 0;
    const auto cells = logCells(out, &dup, &rows);
    const auto cellsRef = logCells(ref, &dupRef, &rowsRef);
    QCOMPARE(rows, 480);
    QCOMPARE(dup, 0);
    QCOMPARE(cells, cellsRef);
}

void TestCliServer::permanentFaultsAreFlaggedAndReported()
{
    QTemporaryDir dir;
    // Every request fails with a 500 every time it is asked: no cell can be answered. Two
    // seeds keep the retries (3 tries with backoff per call) short.
    FakeServerProcess server({QStringLiteral("--fault-rate"), QStringLiteral("1.0"),
                              QStringLiteral("--fault-kinds"), QStringLiteral("500")});
    QVERIFY(server.ok());
    const QString out = dir.filePath(QStringLiteral("out"));
    const CliOutcome r =
        probebench(ollamaArgs(server.url(), out) +
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("6"),
                               QStringLiteral("--limit-seeds"), QStringLiteral("2")});
    QCOMPARE(r.exitCode, 3);
    const QJsonObject s = summary(out);
    QCOMPARE(s.value(QStringLiteral("calls_failed")).toInt(), 48);
    QFile report(out + QStringLiteral("/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(report.readAll());
    QVERIFY(md.contains(QStringLiteral("## Data-quality gaps")));
    QVERIFY(md.contains(QStringLiteral("| 0 | formal | 1 | failed |")));
    int dup = 0, rows = 0;
    const auto cells = logCells(out, &dup, &rows);
    QCOMPARE(rows, 48);
    for (const auto& cell : cells) {
        QVERIFY(cell.first.isEmpty());  // no reply was invented
        QVERIFY(cell.second.isEmpty()); // and no value
    }
}

void TestCliServer::actionableErrors_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("message");
    QTest::addRow("nothing listening")
        << QStringLiteral("closed-port") << QStringLiteral("nothing answers at");
    QTest::addRow("model not pulled")
        << QStringLiteral("unknown-model") << QStringLiteral("ollama pull llama-nope");
}

void TestCliServer::actionableErrors()
{
    QFETCH(QString, scenario);
    QFETCH(QString, message);
    QTemporaryDir dir;
    FakeServerProcess server({});
    QVERIFY(server.ok());
    QString url = server.url();
    QString model = QStringLiteral("fake-model:latest");
    if (scenario == QLatin1String("closed-port")) {
        QTcpServer grab; // find a port nobody listens on
        QVERIFY(grab.listen(QHostAddress::LocalHost));
        url = QStringLiteral("http://127.0.0.1:%1").arg(grab.serverPort());
        grab.close();
    } else {
        model = QStringLiteral("llama-nope");
    }
    QStringList args = ollamaArgs(url, dir.filePath(QStringLiteral("out")));
    args[7] = model;
    const CliOutcome r = probebench(args);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    // The same sentence is kept with the evidence, not only printed.
    QFile report(dir.filePath(QStringLiteral("out/report.md")));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY2(QString::fromUtf8(report.readAll()).contains(message), "report.md lacks the error");
}

void TestCliServer::modelsAndCheck()
{
    FakeServerProcess server({QStringLiteral("--model"), QStringLiteral("llama3.2:latest"),
                              QStringLiteral("--model"), QStringLiteral("qwen2.5:7b")});
    QVERIFY(server.ok());
    const CliOutcome models =
        probebench({QStringLiteral("models"), QStringLiteral("--endpoint"), server.url()});
    QVERIFY2(models.exitCode == 0, qPrintable(models.err));
    QVERIFY(models.out.contains(QStringLiteral("llama3.2:latest")));
    QVERIFY(models.out.contains(QStringLiteral("qwen2.5:7b")));
    const CliOutcome check =
        probebench({QStringLiteral("check"), QStringLiteral("--endpoint"), server.url(),
                    QStringLiteral("--model"), QStringLiteral("qwen2.5:7b")});
    QVERIFY2(check.exitCode == 0, qPrintable(check.err));
    QVERIFY(check.out.startsWith(QStringLiteral("ok: qwen2.5:7b answered")));
    const CliOutcome bad =
        probebench({QStringLiteral("check"), QStringLiteral("--endpoint"), server.url(),
                    QStringLiteral("--model"), QStringLiteral("nope")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("ollama pull nope")), qPrintable(bad.err));
}

// A model that never writes a verdict the rubric can read: every judge call ends
// REVIEW_NEEDED, nothing is scored, and the run must not pass for a finished measurement.
void TestCliServer::judgeWithUnreadableRepliesIsIncomplete()
{
    QTemporaryDir dir;
    FakeServerProcess server({});
    QVERIFY(server.ok());
    const QString out = dir.filePath(QStringLiteral("out"));
    const CliOutcome r = probebench(
        {QStringLiteral("run"),
         pb::test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"),
         QStringLiteral("--backend"), QStringLiteral("ollama"), QStringLiteral("--endpoint"),
         server.url(), QStringLiteral("--model"), QStringLiteral("fake-model:latest"),
         QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(QStringLiteral("none of its 14 replies could be scored (14 review "
                                           "needed, 0 failed)")),
             qPrintable(r.err));
    QFile report(out + QStringLiteral("/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(report.readAll()).contains(QStringLiteral("REVIEW_NEEDED")));
}

// A generative run is resumed against servers that now serve its embedding model, or its chat
// model, under another digest: each is refused with the same exit code, and the calls stored
// before stay in the log as they were. With both unchanged, it resumes to the end.
void TestCliServer::resumeRefusesAChangedEmbeddingModel()
{
    QTemporaryDir dir;
    QFile example(pb::test::sourceDir() +
                  QStringLiteral("/resources/examples/style-generative.probe.json"));
    QVERIFY(example.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(example.readAll());
    QVERIFY(text.contains(QStringLiteral("\"model\": \"stand-in-embed\"")));
    text.replace(QStringLiteral("\"model\": \"stand-in-embed\""),
                 QStringLiteral("\"model\": \"embed-model:latest\", \"backend\": \"ollama\""));
    const QString probe = dir.filePath(QStringLiteral("embed.probe.json"));
    QFile written(probe);
    QVERIFY(written.open(QIODevice::WriteOnly));
    written.write(text.toUtf8());
    written.close();
    const QString chat = QStringLiteral("fake-model:latest");
    const QString embed = QStringLiteral("embed-model:latest");
    const QString other = QStringLiteral("=feedfacecafe0123");
    const QString out = dir.filePath(QStringLiteral("out"));
    const auto run = [&](const QStringList& models, const QStringList& extra) {
        QStringList serverArgs;
        for (const QString& m : models)
            serverArgs << QStringLiteral("--model") << m;
        FakeServerProcess server(serverArgs);
        return server.ok() ? probebench(ollamaArgs(server.url(), out, true, probe) + extra)
                           : CliOutcome{};
    };

    const CliOutcome first =
        run({chat, embed}, {QStringLiteral("--limit-seeds"), QStringLiteral("2")});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
    const QList<pb::CsvRecord> stored = logRows(out);
    QCOMPARE(stored.size() - 1, 48);

    const CliOutcome embedChanged = run({chat, embed + other}, {});
    QVERIFY2(embedChanged.err.contains(
                 QStringLiteral("the embedding model 'embed-model:latest' changed since the "
                                "run's calls were stored (digest ")),
             qPrintable(embedChanged.err));
    QVERIFY2(embedChanged.err.contains(
                 QStringLiteral(" -> feedfacecafe): the stored replies were embedded by ")),
             qPrintable(embedChanged.err));
    const CliOutcome chatChanged = run({chat + other, embed}, {});
    QVERIFY2(chatChanged.err.contains(QStringLiteral("the model 'fake-model:latest' changed "
                                                     "since the run's calls were stored")),
             qPrintable(chatChanged.err));
    QCOMPARE(embedChanged.exitCode, chatChanged.exitCode);
    QCOMPARE(embedChanged.exitCode, 3);

    // Every row the first session stored is still in the log, unchanged.
    const QList<pb::CsvRecord> kept = logRows(out);
    QCOMPARE(kept.front().fields, stored.front().fields);
    QList<QStringList> keptRows;
    for (const pb::CsvRecord& r : kept)
        keptRows << r.fields;
    for (qsizetype i = 1; i < stored.size(); ++i)
        QVERIFY2(keptRows.contains(stored.at(i).fields), qPrintable(stored.at(i).fields.join(',')));

    const CliOutcome resumed = run({chat, embed}, {});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err + resumed.out));
    QCOMPARE(logRows(out).size() - 1, 480);
}

QTEST_GUILESS_MAIN(TestCliServer)
#include "tst_cli_server.moc"
