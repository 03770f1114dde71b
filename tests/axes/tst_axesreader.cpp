#include "TestPaths.h"
#include "axes/AxesReader.h"
#include "axes/AxesRun.h"
#include "probe/FileFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

QJsonObject base()
{
    return QJsonDocument::fromJson(R"({
      "format": "probebench/axes@1",
      "base": "formal",
      "axes": [{"attribute": "register", "value": "casual"},
               {"attribute": "name", "value": "Lakisha"}],
      "items": [{"id": 0, "variants": {"formal": "Hello. Help me.", "casual": "hey help me lol",
                                       "Lakisha": "I am Lakisha. Help me."}},
                {"id": 1, "variants": {"formal": "Please fix it.", "casual": "fix it pls",
                                       "Lakisha": "I am Lakisha. Please fix it."}}],
      "settings": {"seeds": "1-3"},
      "metric": {"kind": "count_steps", "name": "steps"},
      "stand_in": {"planted_gap": {"casual": 1.5}, "noise": {"Lakisha": 0.5}}
    })")
        .object();
}

QByteArray with(const std::function<void(QJsonObject&)>& change)
{
    QJsonObject o = base();
    change(o);
    return QJsonDocument(o).toJson();
}

QJsonArray array(const char* text)
{
    return QJsonDocument::fromJson(text).array();
}

} // namespace

class TestAxesReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheExample();
    void readsEachAxisAsAModelProbe();
    void refuses_data();
    void refuses();
    void warns_data();
    void warns();
    void isAKindOfItsOwn();
};

void TestAxesReader::readsTheExample()
{
    const AxesLoadResult r = AxesReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    QCOMPARE(r.document->axes.size(), 3);
    QCOMPARE(r.document->axes[0].plantedGap, 1.0);
    QCOMPARE(r.document->axes[1].plantedGap, 0.0);
    QCOMPARE(r.document->items.size(), 8);
}

void TestAxesReader::readsEachAxisAsAModelProbe()
{
    const AxesLoadResult r = AxesReader::parse(with([](QJsonObject&) {}), "t.axes.json");
    QVERIFY2(r.ok(), qPrintable(r.text()));
    const AxesDocument& doc = *r.document;
    QCOMPARE(doc.axes[0].plantedGap, 1.5);
    QCOMPARE(doc.axes[0].noise, 1.0);
    QCOMPARE(doc.axes[1].plantedGap, 0.0);
    QCOMPARE(doc.axes[1].noise, 0.5);

    const ProbeDocument lakisha = doc.axisProbe(1);
    QCOMPARE(lakisha.attribute.name, QStringLiteral("name"));
    QCOMPARE(lakisha.attribute.values,
             (QStringList{QStringLiteral("formal"), QStringLiteral("Lakisha")}));
    QCOMPARE(lakisha.items[1].variants.size(), 2);
    QCOMPARE(lakisha.items[1].variants.value(QStringLiteral("Lakisha")),
             QStringLiteral("I am Lakisha. Please fix it."));
    QCOMPARE(lakisha.settings.plantedGap, 0.0);
    QCOMPARE(doc.axisProbe(0).settings.plantedGap, 1.5);

    // One model-probe unit per axis, each its own run: the knob is in its identity and calls.
    const QList<RunUnit> units = AxesRun::units(doc);
    QCOMPARE(units.size(), 2);
    QVERIFY(units[0].identity.hash() != units[1].identity.hash());
    const QList<CallRequest> plan = units[1].plan();
    QCOMPARE(plan.size(), 2 * 3 * 3); // items x seeds x (base, value, base again)
    QCOMPARE(AxesRun::callCount(doc), 2 * 18);
    int counterfactual = 0;
    for (const CallRequest& c : plan) {
        QVERIFY(c.plantedOnValueB);
        QCOMPARE(c.noiseScale, 0.5);
        QCOMPARE(c.valueIndex, c.variant == QLatin1String("Lakisha") ? 1 : 0);
        counterfactual += c.valueIndex;
    }
    QCOMPARE(counterfactual, 6);
    // A knob turned changes the identity, so an old run is never resumed under a new bias.
    AxesDocument turned = doc;
    turned.axes[1].noise = 2.0;
    QVERIFY(AxesRun::unit(turned, 1).identity.hash() != units[1].identity.hash());
    QCOMPARE(AxesRun::unit(doc, 1).identity.hash(), units[1].identity.hash());
}

void TestAxesReader::refuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::addRow("another kind") << with([](QJsonObject& o) {
        o[QStringLiteral("format")] = QStringLiteral("probebench/probe@1");
    }) << "format: this is a \"probebench/probe@1\" file, not a probe of several axes";
    QTest::addRow("newer version") << with([](QJsonObject& o) {
        o[QStringLiteral("format")] = QStringLiteral("probebench/axes@2");
    }) << "format: this file was made by a newer Probe Workbench";
    QTest::addRow("no base") << with([](QJsonObject& o) { o.remove(QStringLiteral("base")); })
                             << "base: missing";
    QTest::addRow("no axes") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = QJsonArray();
    }) << "axes: is empty";
    QTest::addRow("axis without value") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = array(R"([{"attribute": "register", "value": "casual"},
                                              {"attribute": "name"}])");
    }) << "axes[1].value: missing";
    QTest::addRow("axis with several values") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = array(R"([{"attribute": "register", "value": "casual"},
                                              {"attribute": "name", "value": "Lakisha",
                                               "values": ["Lakisha", "Jamal"]}])");
    }) << "axes[1].values: an axis has one value";
    QTest::addRow("repeated value") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = array(R"([{"attribute": "register", "value": "casual"},
                                              {"attribute": "tone", "value": "casual"}])");
    }) << "axes[1].value: repeats \"casual\" of axes[0]";
    QTest::addRow("value is the base") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = array(R"([{"attribute": "register", "value": "formal"}])");
    }) << "axes[0].value: is the base value \"formal\"";
    QTest::addRow("axis text missing") << with([](QJsonObject& o) {
        QJsonArray items = o[QStringLiteral("items")].toArray();
        QJsonObject item = items[1].toObject();
        QJsonObject variants = item[QStringLiteral("variants")].toObject();
        variants.remove(QStringLiteral("Lakisha"));
        item[QStringLiteral("variants")] = variants;
        items[1] = item;
        o[QStringLiteral("items")] = items;
    }) << "items[1].variants.Lakisha: missing";
    QTest::addRow("text of no axis") << with([](QJsonObject& o) {
        QJsonArray items = o[QStringLiteral("items")].toArray();
        QJsonObject item = items[0].toObject();
        QJsonObject variants = item[QStringLiteral("variants")].toObject();
        variants.insert(QStringLiteral("Jamal"), QStringLiteral("I am Jamal."));
        item[QStringLiteral("variants")] = variants;
        items[0] = item;
        o[QStringLiteral("items")] = items;
    }) << "items[0].variants.Jamal: is not one of the attribute values";
    QTest::addRow("planted gap in settings") << with([](QJsonObject& o) {
        o[QStringLiteral("settings")] = QJsonObject{
            {QStringLiteral("seeds"), QStringLiteral("1-3")}, {QStringLiteral("planted_gap"), 1.0}};
    }) << "settings.planted_gap: a probe of several axes plants its gap per axis";
    QTest::addRow("settings checked by the probe's reader") << with([](QJsonObject& o) {
        o[QStringLiteral("settings")] = QJsonObject{{QStringLiteral("seeds"), QStringLiteral("1")},
                                                    {QStringLiteral("concurrency"), 0}};
    }) << "settings.concurrency: must be 1 or more";
    QTest::addRow("metric checked by the probe's reader") << with([](QJsonObject& o) {
        o[QStringLiteral("metric")] =
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("vibes")}};
    }) << "metric.kind";
    QTest::addRow("no metric") << with([](QJsonObject& o) { o.remove(QStringLiteral("metric")); })
                               << "metric: missing: choose the metric before running";
    QTest::addRow("choice without noise arm") << with([](QJsonObject& o) {
        o[QStringLiteral("metric")] =
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("choice")},
                        {QStringLiteral("candidates"),
                         QJsonArray{QStringLiteral("yes"), QStringLiteral("no")}}};
        o[QStringLiteral("noise_check")] = QJsonObject{{QStringLiteral("enabled"), false}};
    }) << "noise_check.enabled: is false, but a choice probe needs the same-versus-same arm";
    QTest::addRow("generative without noise arm") << with([](QJsonObject& o) {
        o[QStringLiteral("metric")] =
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("embedding")},
                        {QStringLiteral("embedding"),
                         QJsonObject{{QStringLiteral("model"), QStringLiteral("stand-in-embed")}}}};
        o[QStringLiteral("noise_check")] = QJsonObject{{QStringLiteral("enabled"), false}};
    }) << "noise_check.enabled: is false, but a generative probe needs the same-versus-same arm";
    QTest::addRow("value is the noise label") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] =
            array(R"([{"attribute": "register", "value": "formal again"}])");
        o[QStringLiteral("items")] =
            array(R"([{"id": 0, "variants": {"formal": "a", "formal again": "b"}}])");
        o.remove(QStringLiteral("stand_in"));
    }) << "axes[0].value: \"formal again\" is the label of the noise check's arm";
    QTest::addRow("knob of no axis") << with([](QJsonObject& o) {
        o[QStringLiteral("stand_in")] = QJsonObject{
            {QStringLiteral("planted_gap"), QJsonObject{{QStringLiteral("Jamal"), 1.0}}}};
    }) << "stand_in.planted_gap.Jamal: is not the value of an axis (casual, Lakisha)";
    QTest::addRow("negative noise") << with([](QJsonObject& o) {
        o[QStringLiteral("stand_in")] =
            QJsonObject{{QStringLiteral("noise"), QJsonObject{{QStringLiteral("casual"), -1.0}}}};
    }) << "stand_in.noise.casual: must be from 0 to 100";
    QTest::addRow("knob as text") << with([](QJsonObject& o) {
        o[QStringLiteral("stand_in")] = QJsonObject{
            {QStringLiteral("planted_gap"), QJsonObject{{QStringLiteral("casual"), "big"}}}};
    }) << "stand_in.planted_gap.casual";
    QTest::addRow("attribute at the top")
        << with([](QJsonObject& o) { o[QStringLiteral("attribute")] = QJsonObject{}; })
        << "attribute: a probe of several axes names its attributes in \"axes\"";
}

void TestAxesReader::refuses()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const AxesLoadResult r = AxesReader::parse(json, QStringLiteral("t.axes.json"));
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().contains(message), qPrintable(r.errorText()));
    QVERIFY2(r.errorText().startsWith(QStringLiteral("t.axes.json: ")), qPrintable(r.errorText()));
}

void TestAxesReader::warns_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::addRow("second axis text is the base") << with([](QJsonObject& o) {
        QJsonArray items = o[QStringLiteral("items")].toArray();
        QJsonObject item = items[0].toObject();
        QJsonObject variants = item[QStringLiteral("variants")].toObject();
        variants[QStringLiteral("Lakisha")] = variants[QStringLiteral("formal")];
        item[QStringLiteral("variants")] = variants;
        items[0] = item;
        o[QStringLiteral("items")] = items;
    }) << "items[0].variants: warning: the formal and Lakisha texts are identical";
    QTest::addRow("knob on a real model") << with([](QJsonObject& o) {
        o[QStringLiteral("settings")] =
            QJsonObject{{QStringLiteral("seeds"), QStringLiteral("1-3")},
                        {QStringLiteral("backend"), QStringLiteral("ollama")},
                        {QStringLiteral("model"), QStringLiteral("llama3.2")}};
    }) << "stand_in: warning: is read only by the stand-in backend; ollama ignores it";
    QTest::addRow("one axis") << with([](QJsonObject& o) {
        o[QStringLiteral("axes")] = array(R"([{"attribute": "register", "value": "casual"}])");
        o.remove(QStringLiteral("stand_in"));
        QJsonArray items;
        items.append(QJsonDocument::fromJson(R"({"id": 0, "variants": {"formal": "a",
                                                 "casual": "b"}})")
                         .object());
        o[QStringLiteral("items")] = items;
    }) << "axes: warning: has one axis: that is a model probe";
}

void TestAxesReader::warns()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const AxesLoadResult r = AxesReader::parse(json, QStringLiteral("t.axes.json"));
    QVERIFY2(r.ok(), qPrintable(r.text()));
    QVERIFY2(r.warningText().contains(message), qPrintable(r.warningText()));
}

void TestAxesReader::isAKindOfItsOwn()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.axes.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(with([](QJsonObject&) {}));
    file.close();
    QCOMPARE(FileFormat::kindOfFile(path), QLatin1String(AxesDocument::kKind));
}

QTEST_GUILESS_MAIN(TestAxesReader)
#include "tst_axesreader.moc"
