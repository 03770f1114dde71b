// The choice example run with probebench as a student would: the files it writes say the mode
// and the source of the distributions, and a second run resumes without calling again.
#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace pb::test;

namespace {

QString examplePath()
{
    return sourceDir() + QStringLiteral("/resources/examples/escalation-choice.probe.json");
}

QJsonObject summary(const QString& dir)
{
    QFile f(dir + QStringLiteral("/summary.json"));
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

QString text(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestCliChoice : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleRunsAndResumes()
    {
        QTemporaryDir dir;
        const QStringList args{QStringLiteral("run"), examplePath(), QStringLiteral("--out"),
                               dir.path()};
        const CliOutcome first = probebench(args);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
        QVERIFY2(first.out.contains(QStringLiteral("choice probe (logprobs): yes / no")),
                 qPrintable(first.out));
        QVERIFY2(first.out.contains(QStringLiteral("The probe detected a shift")),
                 qPrintable(first.out));

        const QJsonObject s = summary(dir.path());
        QCOMPARE(s.value("format").toString(), QStringLiteral("probebench/choice-summary@1"));
        QCOMPARE(s.value("mode").toString(), QStringLiteral("choice"));
        QCOMPARE(s.value("distribution_source").toString(), QStringLiteral("logprobs"));
        QCOMPARE(s.value("result").toString(), QStringLiteral("detected"));
        QCOMPARE(s.value("calls_made").toInt(), 8 * 3 * 20);
        const QJsonArray items = s.value("per_item").toArray();
        QCOMPARE(items.size(), 8);
        const QJsonObject item = items.first().toObject();
        QCOMPARE(item.value("a").toObject().value("probabilities").toArray().size(), 2);
        QVERIFY(item.value("js").toDouble() > 0.0);
        const QJsonObject effect = s.value("effect").toObject();
        QCOMPARE(effect.value("path").toString(), QStringLiteral("noise-floor"));
        // The verdict reads the paired sign-flip test's one-sided p: half its two-sided p.
        QVERIFY(effect.value("p").toDouble() < 0.05);
        QVERIFY(effect.value("p_method")
                    .toString()
                    .startsWith(QStringLiteral("paired sign-flip, one-sided")));
        QVERIFY(effect.value("mean_difference").toDouble() > 0.0);
        QCOMPARE(effect.value("p_two_sided").toDouble(), 2.0 * effect.value("p").toDouble());
        QVERIFY(effect.value("interval").toObject().value("lower").toDouble() > 0.0);

        // log.csv carries the choice columns, one row per call.
        QList<pb::CsvRecord> rows;
        QString error;
        QVERIFY2(pb::CsvTable::parse(text(dir.filePath(QStringLiteral("log.csv"))).toUtf8(), &rows,
                                     &error),
                 qPrintable(error));
        QCOMPARE(rows.size() - 1, 480);
        QCOMPARE(rows.front().fields.mid(8, 5),
                 QStringList({QStringLiteral("escalate"), QStringLiteral("choice_source"),
                              QStringLiteral("p_yes"), QStringLiteral("p_no"),
                              QStringLiteral("outside_mass")}));
        const QStringList& row = rows[1].fields;
        QCOMPARE(row[9], QStringLiteral("logprobs"));
        QVERIFY(std::abs(row[10].toDouble() + row[11].toDouble() - 1.0) < 1e-9);

        const QString report = text(dir.filePath(QStringLiteral("report.md")));
        QVERIFY(report.contains(QStringLiteral("Mode: **choice**")));
        QVERIFY(
            report.contains(QStringLiteral("Distributions from the server's log probabilities")));

        const CliOutcome again = probebench(args);
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.err.contains(QStringLiteral("resuming run 1")), qPrintable(again.err));
        QVERIFY2(again.err.contains(QStringLiteral("(480 from an earlier session)")),
                 qPrintable(again.err));
        QCOMPARE(summary(dir.path()).value("calls_made").toInt(), 480);
        QCOMPARE(summary(dir.path()).value("per_item"), s.value("per_item"));
    }

    // analyze on a choice run's log.csv: the distributions, divergences and verdict its
    // summary.json holds, read back from the log's choice columns alone.
    void analyzeReadsTheChoiceLog()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath(QStringLiteral("run"));
        const CliOutcome first =
            probebench({QStringLiteral("run"), examplePath(), QStringLiteral("--out"), run,
                        QStringLiteral("--quiet")});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QString analysed = dir.filePath(QStringLiteral("analysed"));
        const CliOutcome again =
            probebench({QStringLiteral("analyze"), run + QStringLiteral("/log.csv"),
                        QStringLiteral("--out"), analysed});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err + again.out));
        QVERIFY2(again.out.contains(QStringLiteral("choice probe (logprobs): yes / no")),
                 qPrintable(again.out));
        QVERIFY2(again.out.contains(QStringLiteral("480 rows read, 0 failed")),
                 qPrintable(again.out));
        const QJsonObject ran = summary(run);
        const QJsonObject read = summary(analysed);
        for (const char* key : {"format", "mode", "distribution_source", "result", "per_item",
                                "effect", "candidates"})
            QVERIFY2(read.value(QLatin1String(key)) == ran.value(QLatin1String(key)), key);
        QVERIFY(!ran.value(QStringLiteral("per_item")).toArray().isEmpty());

        // A cell edited by hand is named by line and column, and nothing is written.
        QString log = text(run + QStringLiteral("/log.csv"));
        const qsizetype secondLine = log.indexOf(QLatin1Char('\n')) + 1;
        const qsizetype at = log.indexOf(QStringLiteral(",logprobs,"), secondLine);
        QVERIFY(at > 0);
        log.replace(at, 10, QStringLiteral(",logprob,"));
        const QString edited = dir.filePath(QStringLiteral("edited.csv"));
        QFile file(edited);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(log.toUtf8());
        file.close();
        const CliOutcome bad =
            probebench({QStringLiteral("analyze"), edited, QStringLiteral("--out"),
                        dir.filePath(QStringLiteral("bad"))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("line 2: column \"choice_source\": \"logprob\"")),
                 qPrintable(bad.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("bad/summary.json"))));
    }

    // No planted shift: a null result with its numbers, and exit 0.
    void noShiftIsNull()
    {
        QTemporaryDir dir;
        QString probe = text(examplePath());
        probe.replace(QStringLiteral("\"planted_gap\": 1.5"), QStringLiteral("\"planted_gap\": 0"));
        const QString path = dir.filePath(QStringLiteral("null.probe.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(probe.toUtf8());
        out.close();
        const CliOutcome r =
            probebench({QStringLiteral("run"), path, QStringLiteral("--out"),
                        dir.filePath(QStringLiteral("out")), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(summary(dir.filePath(QStringLiteral("out"))).value("result").toString(),
                 QStringLiteral("null"));
        QVERIFY(r.out.contains(QStringLiteral("Null result")));
        // A null result's p: one-sided and not below alpha, or absent when the divergences sit
        // below the noise; the report says which p the verdict reads.
        const QJsonObject effect =
            summary(dir.filePath(QStringLiteral("out"))).value("effect").toObject();
        QVERIFY(effect.value("p").isNull() || effect.value("p").toDouble() >= 0.05);
        QVERIFY(effect.value("p_two_sided").toDouble() > 0.0);
        const QString report = text(dir.filePath(QStringLiteral("out/report.md")));
        QVERIFY2(report.contains(QStringLiteral("The verdict reads the one-sided p")),
                 qPrintable(report));

        // The gate: the null run passes against itself; the planted shift is blocked.
        const QString baseline = dir.filePath(QStringLiteral("out"));
        const CliOutcome same =
            probebench({QStringLiteral("gate"), baseline, QStringLiteral("--baseline"), baseline,
                        QStringLiteral("--out"), dir.filePath(QStringLiteral("gate-same"))});
        QVERIFY2(same.exitCode == 0, qPrintable(same.err + same.out));
        const QString shifted = dir.filePath(QStringLiteral("shifted"));
        QCOMPARE(probebench({QStringLiteral("run"), examplePath(), QStringLiteral("--out"), shifted,
                             QStringLiteral("--quiet")})
                     .exitCode,
                 0);
        const CliOutcome blocked =
            probebench({QStringLiteral("gate"), shifted, QStringLiteral("--baseline"), baseline});
        QVERIFY2(blocked.exitCode == 4, qPrintable(blocked.err + blocked.out));
        QVERIFY2(text(shifted + QStringLiteral("/gate-junit.xml"))
                     .contains(QStringLiteral("distribution shift significance")),
                 qPrintable(text(shifted + QStringLiteral("/gate-junit.xml"))));
    }
};

QTEST_GUILESS_MAIN(TestCliChoice)
#include "tst_cli_choice.moc"
