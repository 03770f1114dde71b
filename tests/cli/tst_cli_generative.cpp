// The generative example run with probebench as a student would: the files it write say the
// mode and the embedding model, a second run resumes without calling again, no embedding
// means no result (exit 3), and the release gate refuses to set it beside a choice run.
#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace pb::test;

namespace {

QString example(const QString& name)
{
    return sourceDir() + QStringLiteral("/resources/examples/") + name;
}

QString text(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QString::fromUtf8(f.readAll());
}

QString writeProbe(const QTemporaryDir& dir, const QString& from, const QString& to)
{
    QString probe = text(example(QStringLiteral("style-generative.probe.json")));
    probe.replace(from, to);
    const QString path = dir.filePath(QStringLiteral("changed.probe.json"));
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(probe.toUtf8());
    return path;
}

} // namespace

class TestCliGenerative : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleRunsAndResumes()
    {
        QTemporaryDir dir;
        const QStringList args{QStringLiteral("run"),
                               example(QStringLiteral("style-generative.probe.json")),
                               QStringLiteral("--out"), dir.path()};
        const CliOutcome first = probebench(args);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
        QVERIFY2(first.out.contains(QStringLiteral(
                     "generative probe (embeddings by stand-in-embed, 64 dimensions)")),
                 qPrintable(first.out));
        QVERIFY2(first.out.contains(QStringLiteral("The probe detected a shift in the replies")),
                 qPrintable(first.out));
        QVERIFY2(first.out.contains(QStringLiteral("480 calls logged, 0 failed, 0 without an "
                                                   "embedding")),
                 qPrintable(first.out));

        const QJsonObject s = jsonFile(dir.filePath(QStringLiteral("summary.json")));
        QCOMPARE(s.value("format").toString(), QStringLiteral("probebench/generative-summary@1"));
        QCOMPARE(s.value("mode").toString(), QStringLiteral("generative"));
        QCOMPARE(s.value("embedding_model").toString(), QStringLiteral("stand-in-embed"));
        QCOMPARE(s.value("dimensions").toInt(), 64);
        QCOMPARE(s.value("result").toString(), QStringLiteral("detected"));
        QCOMPARE(s.value("calls_made").toInt(), 480);
        QCOMPARE(s.value("calls_embedded").toInt(), 480);
        const QJsonArray items = s.value("per_item").toArray();
        QCOMPARE(items.size(), 8);
        QCOMPARE(items.first().toObject().value("pairs").toInt(), 20);
        QVERIFY(items.first().toObject().value("distance").toDouble() > 0.0);
        const QJsonObject effect = s.value("effect").toObject();
        QCOMPARE(effect.value("path").toString(), QStringLiteral("noise-floor"));
        QVERIFY(effect.value("p").toDouble() < 0.05);
        QVERIFY(effect.value("mean_distance").toDouble() >
                effect.value("mean_distance_same_vs_same").toDouble());
        // Each item's difference is the paired test's term: its mean is the test's.
        double sum = 0.0;
        for (const QJsonValue& v : items) {
            const QJsonObject item = v.toObject();
            QCOMPARE(item.value("difference").toDouble(),
                     item.value("distance").toDouble() -
                         item.value("distance_same_vs_same").toDouble());
            sum += item.value("difference").toDouble();
        }
        QVERIFY(std::abs(sum / double(items.size()) - effect.value("mean_difference").toDouble()) <
                1e-12);

        QList<pb::CsvRecord> rows;
        QString error;
        QVERIFY2(pb::CsvTable::parse(text(dir.filePath(QStringLiteral("log.csv"))).toUtf8(), &rows,
                                     &error),
                 qPrintable(error));
        QCOMPARE(rows.size() - 1, 480);
        QCOMPARE(rows.front().fields.mid(8, 2), QStringList({QStringLiteral("embedding_model"),
                                                             QStringLiteral("embedding_dims")}));
        QCOMPARE(rows[1].fields.mid(8, 2),
                 QStringList({QStringLiteral("stand-in-embed"), QStringLiteral("64")}));

        const QString report = text(dir.filePath(QStringLiteral("report.md")));
        QVERIFY(report.contains(QStringLiteral("Mode: **generative**")));
        QVERIFY(report.contains(QStringLiteral("embedding model stand-in-embed (64 dimensions)")));

        const CliOutcome again = probebench(args);
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.err.contains(QStringLiteral("(480 from an earlier session)")),
                 qPrintable(again.err));
        QCOMPARE(jsonFile(dir.filePath(QStringLiteral("summary.json"))).value("per_item"),
                 s.value("per_item"));

        // Its log holds no score to analyse: analyze refuses it rather than average a column.
        const CliOutcome analyzed =
            probebench({QStringLiteral("analyze"), dir.filePath(QStringLiteral("log.csv"))});
        QCOMPARE(analyzed.exitCode, 2);
        QVERIFY2(analyzed.err.contains(QStringLiteral("a generative probe's log")),
                 qPrintable(analyzed.err));

        // Gated against itself as its baseline: the detected shift blocks the release (exit 4).
        const CliOutcome self = probebench(
            {QStringLiteral("gate"), dir.path(), QStringLiteral("--baseline"), dir.path()});
        QVERIFY2(self.exitCode == 4, qPrintable(self.err + self.out));

        // Set beside a choice run's summary, the gate refuses: different estimators.
        QTemporaryDir choiceDir;
        const CliOutcome choice = probebench(
            {QStringLiteral("run"), example(QStringLiteral("escalation-choice.probe.json")),
             QStringLiteral("--out"), choiceDir.path(), QStringLiteral("--quiet")});
        QCOMPARE(choice.exitCode, 0);
        const CliOutcome gate = probebench(
            {QStringLiteral("gate"), dir.path(), QStringLiteral("--baseline"), choiceDir.path()});
        QCOMPARE(gate.exitCode, 2);
        QVERIFY2(gate.err.contains(QStringLiteral("probebench/generative-summary@1")),
                 qPrintable(gate.err));
    }

    void noGapIsNull()
    {
        QTemporaryDir dir;
        const QString path = writeProbe(dir, QStringLiteral("\"planted_gap\": 2.0"),
                                        QStringLiteral("\"planted_gap\": 0"));
        const CliOutcome r =
            probebench({QStringLiteral("run"), path, QStringLiteral("--out"),
                        dir.filePath(QStringLiteral("out")), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(
            jsonFile(dir.filePath(QStringLiteral("out/summary.json"))).value("result").toString(),
            QStringLiteral("null"));
        QVERIFY(r.out.contains(QStringLiteral("Null result")));
    }

    // An embedding server that is not there: every cell fails, there is no result, exit 3.
    void noEmbeddingIsNoResult()
    {
        QTemporaryDir dir;
        const QString path =
            writeProbe(dir, QStringLiteral("\"model\": \"stand-in-embed\""),
                       QStringLiteral("\"model\": \"nomic-embed-text\", \"backend\": \"ollama\", "
                                      "\"endpoints\": [\"http://127.0.0.1:9\"]"));
        const CliOutcome r =
            probebench({QStringLiteral("run"), path, QStringLiteral("--out"),
                        dir.filePath(QStringLiteral("out")), QStringLiteral("--quiet"),
                        QStringLiteral("--limit-seeds"), QStringLiteral("2")});
        QVERIFY2(r.exitCode == 3, qPrintable(QString::number(r.exitCode) + r.err + r.out));
        QVERIFY2(r.err.contains(QStringLiteral("No result")), qPrintable(r.err));
    }

    void salvageWritesTheGenerativeLog()
    {
        // A salvaged generative store's log has the columns its run's log has: the embedding
        // model and dimensions, not a metric column; row for row the run's own, flagged.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out"));
        const CliOutcome run = probebench(
            {QStringLiteral("run"), example(QStringLiteral("style-generative.probe.json")),
             QStringLiteral("--out"), out, QStringLiteral("--quiet")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QString saved = dir.filePath(QStringLiteral("saved"));
        const CliOutcome salvaged =
            probebench({QStringLiteral("salvage"), out + QStringLiteral("/style-generative.pbrun"),
                        QStringLiteral("--out"), saved});
        QVERIFY2(salvaged.exitCode == 0, qPrintable(salvaged.err + salvaged.out));
        QList<pb::CsvRecord> ran, kept;
        QString error;
        QVERIFY(pb::CsvTable::parse(text(out + QStringLiteral("/log.csv")).toUtf8(), &ran, &error));
        QVERIFY2(
            pb::CsvTable::parse(text(saved + QStringLiteral("/log.csv")).toUtf8(), &kept, &error),
            qPrintable(error));
        QCOMPARE(kept.front().fields, ran.front().fields);
        QCOMPARE(kept.size(), ran.size());
        const qsizetype flags = ran.front().fields.indexOf(QStringLiteral("flags"));
        QVERIFY(flags > 0);
        for (qsizetype i = 1; i < ran.size(); ++i) {
            QStringList expected = ran.at(i).fields;
            expected[flags] = expected.at(flags).isEmpty()
                                  ? QStringLiteral("salvaged")
                                  : expected.at(flags) + QStringLiteral(";salvaged");
            QCOMPARE(kept.at(i).fields, expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliGenerative)
#include "tst_cli_generative.moc"
