#include "TestPaths.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetWriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

QString examplePath()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json");
}

NameSetDocument example()
{
    const NameSetLoadResult r = NameSetReader::readFile(examplePath());
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

// The top-level keys of a JSON object in the order the text holds them.
QStringList keyOrder(const QByteArray& json)
{
    QStringList keys;
    int depth = 0;
    bool inString = false;
    QString current;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (inString) {
            if (c == '\\')
                current += QLatin1Char(json.at(++i));
            else if (c == '"')
                inString = false;
            else
                current += QLatin1Char(c);
            continue;
        }
        if (c == '"') {
            inString = true;
            current.clear();
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == ':' && depth == 1) {
            keys << current;
        }
    }
    return keys;
}

} // namespace

class TestNameSetWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrips_data();
    void roundTrips();
    void keepsTheExamplesKeyOrder();
    void writesAFileTheReaderOpens();
};

void TestNameSetWriter::roundTrips_data()
{
    QTest::addColumn<NameSetDocument>("doc");
    const NameSetDocument doc = example();
    QTest::addRow("the example") << doc;
    NameSetDocument edited = doc;
    edited.prompt = QStringLiteral("{task}\n\n{document}\n\nDecide: {decisions}, {score_range}.");
    edited.description.clear();
    edited.constraints.clear();
    edited.structuredOutput = false;
    edited.noise = NoiseCheck{false, 500};
    edited.standIn.groupShift.insert(doc.groups().constFirst(), -1.25);
    edited.standIn.scoreSpread = 0.5;
    edited.settings.system = QStringLiteral("You are a recruiter.");
    QTest::addRow("every optional key") << edited;
    NameSetDocument fields = doc;
    fields.document.replace(QStringLiteral("{name}\n"), QStringLiteral("{name} ({pronoun})\n"));
    for (NameEntry& e : fields.names)
        e.fields.insert(QStringLiteral("pronoun"), e.group.contains(QStringLiteral("female"))
                                                       ? QStringLiteral("she")
                                                       : QStringLiteral("he"));
    QTest::addRow("per-name fields") << fields;
    NameSetDocument ollama = doc;
    ollama.settings.backend = QStringLiteral("ollama");
    ollama.settings.model = QStringLiteral("llama3.1:8b");
    ollama.settings.endpoints = {QStringLiteral("http://127.0.0.1:11434")};
    ollama.settings.concurrency = 2;
    ollama.standIn = NameSetStandIn();
    QTest::addRow("a real backend") << ollama;
}

void TestNameSetWriter::roundTrips()
{
    QFETCH(NameSetDocument, doc);
    const QByteArray written = NameSetWriter::toJson(doc);
    const NameSetLoadResult back = NameSetReader::parse(written, QStringLiteral("written"));
    QVERIFY2(back.ok(), qPrintable(back.text() + QLatin1Char('\n') + QString::fromUtf8(written)));
    QVERIFY(back.warnings().isEmpty());
    QVERIFY(*back.document == doc);
    QCOMPARE(NameSetWriter::toJson(*back.document), written); // stable
}

void TestNameSetWriter::keepsTheExamplesKeyOrder()
{
    QFile file(examplePath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray shipped = file.readAll();
    const QByteArray written = NameSetWriter::toJson(example());
    QCOMPARE(keyOrder(written), keyOrder(shipped));
    // Same values, key for key, apart from what a model probe's settings always write.
    QJsonObject a = QJsonDocument::fromJson(written).object();
    QJsonObject b = QJsonDocument::fromJson(shipped).object();
    QJsonObject settings = a.value(QStringLiteral("settings")).toObject();
    for (const QString& key :
         {QStringLiteral("model"), QStringLiteral("system"), QStringLiteral("system_placement")})
        settings.remove(key);
    a.insert(QStringLiteral("settings"), settings);
    QCOMPARE(a, b);
}

void TestNameSetWriter::writesAFileTheReaderOpens()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("copy.names.json"));
    QString error;
    QVERIFY2(NameSetWriter::writeFile(example(), path, &error), qPrintable(error));
    const NameSetLoadResult back = NameSetReader::readFile(path);
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QVERIFY(*back.document == example());
    QVERIFY(!NameSetWriter::writeFile(example(), dir.filePath(QStringLiteral("no/such/x.json")),
                                      &error));
    QVERIFY(error.contains(QStringLiteral("x.json")));
}

QTEST_GUILESS_MAIN(TestNameSetWriter)
#include "tst_namesetwriter.moc"
