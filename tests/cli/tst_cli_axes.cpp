#include "CliProcess.h"
#include "FakeModelServer.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb::test;

namespace {

QString example()
{
    return sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json");
}

bool writeJson(const QString& path, const QJsonObject& object)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(object).toJson()) > 0;
}

} // namespace

// `probebench run FILE.axes.json` as a student runs it: the shipped example on the stand-in,
// and the same probe against a server that fails every call of one axis.
class TestCliAxes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsTheExample();
    void comparesTextByEmbeddings();
    void oneFailingAxisExitsThreeWithAPartialResult();
};

void TestCliAxes::runsTheExample()
{
    QTemporaryDir dir;
    const QString probe = dir.filePath(QStringLiteral("style-and-names.axes.json"));
    QVERIFY(QFile::copy(example(), probe));
    const QString out = dir.filePath(QStringLiteral("results"));
    const CliOutcome run = probebench(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    QVERIFY2(run.out.contains(QStringLiteral("largest |average gap|: ")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("on writing style = casual; complete: 3 of 3 axes")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("1440 calls logged over 3 axes, 0 failed")),
             qPrintable(run.out));

    const QJsonObject summary = jsonFile(QDir(out).filePath(QStringLiteral("summary.json")));
    QCOMPARE(summary.value(QStringLiteral("format")).toString(),
             QStringLiteral("probebench/axes-summary@1"));
    QCOMPARE(summary.value(QStringLiteral("mode")).toString(), QStringLiteral("numeric"));
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("axis")).toString(),
             QStringLiteral("writing style = casual"));
    QCOMPARE(agg.value(QStringLiteral("complete")).toBool(), true);
    const QJsonArray axes = summary.value(QStringLiteral("axes")).toArray();
    QCOMPARE(axes.size(), 3);
    QCOMPARE(axes[0][QStringLiteral("detected")].toBool(), true);
    QCOMPARE(axes[1][QStringLiteral("detected")].toBool(), false);
    QCOMPARE(axes[2][QStringLiteral("detected")].toBool(), false);
    QCOMPARE(
        summary.value(QStringLiteral("multiple_comparisons"))[QStringLiteral("method")].toString(),
        QStringLiteral("holm"));

    // Each axis is a whole model-probe results folder, its summary the model probe's.
    for (const QJsonValue& axis : axes) {
        const QString folder = QDir(out).filePath(axis[QStringLiteral("results")].toString());
        QVERIFY2(QFile::exists(folder + QStringLiteral("/log.csv")), qPrintable(folder));
        QVERIFY(QFile::exists(folder + QStringLiteral("/report.md")));
        const QJsonObject own = jsonFile(folder + QStringLiteral("/summary.json"));
        QVERIFY2(!own.isEmpty(), qPrintable(folder));
        // A null axis carries its size: the axis's own minimum detectable gap.
        QCOMPARE(
            axis[QStringLiteral("minimum_detectable")].toDouble(),
            own.value(QStringLiteral("minimum_detectable_gap"))[QStringLiteral("gap")].toDouble());
    }
    QVERIFY(run.out.contains(QStringLiteral("detectable")));
    const QString report =
        QString::fromUtf8(fileBytes(QDir(out).filePath(QStringLiteral("report.md"))));
    QVERIFY(report.contains(QStringLiteral("Per-axis vector")));
    QVERIFY(report.contains(QStringLiteral("Holm")));
    QVERIFY(report.contains(QStringLiteral("sent once per axis")));

    // Run again: every axis resumes with nothing to call, and the same result.
    const CliOutcome again = probebench(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    const QJsonObject second = jsonFile(QDir(out).filePath(QStringLiteral("summary.json")));
    QCOMPARE(second.value(QStringLiteral("aggregate")), summary.value(QStringLiteral("aggregate")));
    QCOMPARE(second.value(QStringLiteral("axes")), summary.value(QStringLiteral("axes")));
}

// The example compared as text: each axis's replies embedded (the stand-in's bag of words) and
// their cosine distances set against the noise floor, the generative model probe per axis.
void TestCliAxes::comparesTextByEmbeddings()
{
    QJsonObject doc = jsonFile(example());
    doc.insert(
        QStringLiteral("metric"),
        QJsonObject{{QStringLiteral("kind"), QStringLiteral("embedding")},
                    {QStringLiteral("name"), QStringLiteral("distance")},
                    {QStringLiteral("embedding"),
                     QJsonObject{{QStringLiteral("model"), QStringLiteral("stand-in-embed")}}}});
    QTemporaryDir dir;
    const QString probe = dir.filePath(QStringLiteral("as-text.axes.json"));
    QVERIFY(writeJson(probe, doc));
    const QString out = dir.filePath(QStringLiteral("results"));
    const CliOutcome run = probebench(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    QVERIFY2(run.out.contains(QStringLiteral("generative mode: cosine distance of the replies' "
                                             "embeddings (stand-in-embed)")),
             qPrintable(run.out));
    const QJsonObject summary = jsonFile(QDir(out).filePath(QStringLiteral("summary.json")));
    QCOMPARE(summary.value(QStringLiteral("mode")).toString(), QStringLiteral("generative"));
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("axis")).toString(),
             QStringLiteral("writing style = casual"));
    // The planted axis stands above its noise floor; the two name axes, with none, do not.
    const QJsonArray axes = summary.value(QStringLiteral("axes")).toArray();
    QCOMPARE(axes.size(), 3);
    QCOMPARE(axes[0][QStringLiteral("detected")].toBool(), true);
    QCOMPARE(axes[1][QStringLiteral("detected")].toBool(), false);
    QCOMPARE(axes[2][QStringLiteral("detected")].toBool(), false);
    // Each axis's folder is the generative probe's, its effect the one the vector holds.
    for (const QJsonValue& axis : axes) {
        const QString folder = QDir(out).filePath(axis[QStringLiteral("results")].toString());
        const QJsonObject own = jsonFile(folder + QStringLiteral("/summary.json"));
        QCOMPARE(own.value(QStringLiteral("format")).toString(),
                 QStringLiteral("probebench/generative-summary@1"));
        const double effect =
            own.value(QStringLiteral("effect"))[QStringLiteral("effect")].toDouble();
        QCOMPARE(axis[QStringLiteral("value")].toDouble(), effect);
        QCOMPARE(
            axis[QStringLiteral("minimum_detectable")].toDouble(),
            own.value(QStringLiteral("effect"))[QStringLiteral("minimum_detectable_difference")]
                .toDouble());
        const QString header = QString::fromUtf8(fileBytes(folder + QStringLiteral("/log.csv")))
                                   .section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(header.contains(QStringLiteral("embedding_model")), qPrintable(header));
    }
}

void TestCliAxes::oneFailingAxisExitsThreeWithAPartialResult()
{
    FakeModelServer server;
    QVERIFY(server.listen());
    FakeFaultRule rule;
    rule.fault = FakeFault::Http500;
    rule.messageContains = QStringLiteral("Jamal");
    server.addFaultRule(rule);

    QJsonObject doc = jsonFile(example());
    QJsonObject settings = doc.value(QStringLiteral("settings")).toObject();
    settings.insert(QStringLiteral("backend"), QStringLiteral("ollama"));
    settings.insert(QStringLiteral("model"), QStringLiteral("fake-model:latest"));
    settings.insert(QStringLiteral("endpoints"), QJsonArray{server.ollamaUrl().toString()});
    settings.insert(QStringLiteral("concurrency"), 8);
    settings.insert(QStringLiteral("seeds"), QStringLiteral("1-2"));
    doc.insert(QStringLiteral("settings"), settings);
    doc.remove(QStringLiteral("stand_in"));
    QTemporaryDir dir;
    const QString probe = dir.filePath(QStringLiteral("served.axes.json"));
    QVERIFY(writeJson(probe, doc));
    const QString out = dir.filePath(QStringLiteral("results"));
    const CliOutcome run = probebenchAlongside(
        {QStringLiteral("run"), probe, QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 3, qPrintable(QString::number(run.exitCode) + run.err + run.out));
    QVERIFY2(run.err.contains(QStringLiteral("partial: 2 of 3 axes")), qPrintable(run.err));
    QVERIFY2(run.out.contains(QStringLiteral("student name = Jamal missing: ")),
             qPrintable(run.out));

    const QJsonObject summary = jsonFile(QDir(out).filePath(QStringLiteral("summary.json")));
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("coverage")).toString(),
             QStringLiteral("partial: 2 of 3 axes"));
    QCOMPARE(agg.value(QStringLiteral("complete")).toBool(), false);
    QVERIFY(agg.value(QStringLiteral("axis")).toString() != QStringLiteral("student name = Jamal"));
    const QJsonObject jamal = summary.value(QStringLiteral("axes")).toArray()[2].toObject();
    QCOMPARE(jamal.value(QStringLiteral("status")).toString(), QStringLiteral("missing"));
    QVERIFY(jamal.value(QStringLiteral("gap")).toString().contains(QStringLiteral("failed")));
    const QString report =
        QString::fromUtf8(fileBytes(QDir(out).filePath(QStringLiteral("report.md"))));
    QVERIFY(report.contains(QStringLiteral("This result is not complete (partial: 2 of 3 axes)")));
}

QTEST_GUILESS_MAIN(TestCliAxes)
#include "tst_cli_axes.moc"
