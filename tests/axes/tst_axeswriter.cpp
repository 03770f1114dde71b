#include "TestPaths.h"
#include "axes/AxesReader.h"
#include "axes/AxesWriter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

AxesDocument example()
{
    const AxesLoadResult r = AxesReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

} // namespace

// What the window saves of an axes probe reads back as the same probe.
class TestAxesWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsBackEqual_data();
    void readsBackEqual();
    void writesTheFile();
};

void TestAxesWriter::readsBackEqual_data()
{
    QTest::addColumn<AxesDocument>("doc");
    QTest::addRow("the example") << example();
    AxesDocument renamed = example();
    renamed.axes[1].value = QStringLiteral("Aaliyah");
    renamed.axes[1].plantedGap = 0.5;
    renamed.axes[2].noise = 2.0;
    for (ProbeItem& item : renamed.items)
        item.variants.insert(QStringLiteral("Aaliyah"),
                             item.variants.take(QStringLiteral("Lakisha"))
                                 .replace(QStringLiteral("Lakisha"), QStringLiteral("Aaliyah")));
    renamed.description.clear();
    QTest::addRow("an axis renamed, knobs turned") << renamed;
    AxesDocument served = example();
    served.settings.backend = QStringLiteral("ollama");
    served.settings.model = QStringLiteral("llama3.2");
    for (AxisSpec& a : served.axes)
        a.plantedGap = 0.0;
    QTest::addRow("a served model, no knob") << served;
}

void TestAxesWriter::readsBackEqual()
{
    QFETCH(AxesDocument, doc);
    const QByteArray json = AxesWriter::toJson(doc);
    const AxesLoadResult back = AxesReader::parse(json, QStringLiteral("written.axes.json"));
    QVERIFY2(back.ok(), qPrintable(back.text() + QString::fromUtf8(json)));
    QVERIFY(back.document->axes == doc.axes);
    QVERIFY(back.document->items == doc.items);
    QVERIFY(back.document->settings == doc.settings);
    QVERIFY(back.document->metric == doc.metric);
    QVERIFY(*back.document == doc);
    QCOMPARE(json.contains("\"stand_in\""), doc.settings.backend == QLatin1String("stand-in"));
}

void TestAxesWriter::writesTheFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.axes.json"));
    QString error;
    QVERIFY2(AxesWriter::writeFile(example(), path, &error), qPrintable(error));
    const AxesLoadResult back = AxesReader::readFile(path);
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QVERIFY(*back.document == example());
}

QTEST_GUILESS_MAIN(TestAxesWriter)
#include "tst_axeswriter.moc"
