#include "ExampleProbe.h"
#include "ProbeFileEdits.h"
#include "probe/ProbeReader.h"

#include <QRandomGenerator>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace pb;
using namespace pb::test;

// The probe reader on input nobody would write: truncated, garbled, every value of the wrong
// type, nested too deep. It must never crash and every result must keep its invariants.
class TestProbeReaderFuzz : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fuzzTruncated();
    void fuzzGarbled();
    void fuzzTypeSubstitutions();
    void deepNestingDoesNotCrash();
};

void TestProbeReaderFuzz::fuzzTruncated()
{
    const QByteArray full = test::exampleProbeBytes();
    for (qsizetype n = 0; n < full.size(); ++n) {
        const ProbeLoadResult result = ProbeReader::parse(full.left(n), QStringLiteral("t.json"));
        checkInvariants(result);
        if (QTest::currentTestFailed()) {
            qWarning("failed at length %lld", qlonglong(n));
            return;
        }
        // Only dropping the final newline leaves a complete document.
        QCOMPARE(result.ok(), n == full.size() - 1);
    }
}

void TestProbeReaderFuzz::fuzzGarbled()
{
    const QByteArray full = test::exampleProbeBytes();
    QRandomGenerator random(357);
    static const char alphabet[] = "{}[]\",:0123456789-.eE \n\\tfnu\xC3\xA9\xFF\x00";
    int loaded = 0;
    for (int round = 0; round < 3000; ++round) {
        QByteArray text = full;
        const int edits = 1 + random.bounded(6);
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = random.bounded(text.size());
            switch (random.bounded(3)) {
            case 0:
                text[at] = alphabet[random.bounded(int(sizeof(alphabet) - 1))];
                break;
            case 1:
                text.remove(at, 1 + random.bounded(20));
                break;
            default:
                text.insert(at, alphabet[random.bounded(int(sizeof(alphabet) - 1))]);
                break;
            }
        }
        const ProbeLoadResult result = ProbeReader::parse(text, QStringLiteral("g.json"));
        checkInvariants(result);
        if (QTest::currentTestFailed()) {
            qWarning("failed in round %d:\n%s", round, text.constData());
            return;
        }
        loaded += result.ok() ? 1 : 0;
    }
    qInfo("%d of 3000 garbled files still loaded", loaded);
}

void TestProbeReaderFuzz::fuzzTypeSubstitutions()
{
    const ojson example = ojson::parse(test::exampleProbeBytes().toStdString());
    const ojson flat = example.flatten(); // leaf pointers only; add the containers too
    QList<std::string> pointers;
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        ojson::json_pointer p(it.key());
        while (!p.empty()) {
            if (!pointers.contains(p.to_string())) {
                pointers << p.to_string();
            }
            p = p.parent_pointer();
        }
    }
    const std::string longText(20000, 'x');
    const QList<ojson> substitutes = {nullptr,
                                      true,
                                      false,
                                      0,
                                      -1,
                                      1.5,
                                      1e300,
                                      18446744073709551615ULL,
                                      std::numeric_limits<std::int64_t>::min(),
                                      "",
                                      "x",
                                      "1-20",
                                      "-5",
                                      longText,
                                      ojson::array(),
                                      ojson::array({1}),
                                      ojson::array({"a", "b"}),
                                      ojson::object(),
                                      ojson::object({{"a", 1}}),
                                      ojson::object({{"kind", "json_field"}})};
    int checked = 0;
    for (const std::string& pointer : pointers) {
        const ojson::json_pointer p(pointer);
        for (const ojson& value : substitutes) {
            ojson changed = example;
            changed[p] = value;
            checkInvariants(ProbeReader::parse(toBytes(changed), QStringLiteral("s.json")));
            if (QTest::currentTestFailed()) {
                qWarning("failed at %s = %s", pointer.c_str(), value.dump().c_str());
                return;
            }
            ++checked;
        }
        ojson removed = example;
        erase(removed, p);
        checkInvariants(ProbeReader::parse(toBytes(removed), QStringLiteral("s.json")));
        if (QTest::currentTestFailed()) {
            qWarning("failed removing %s", pointer.c_str());
            return;
        }
        ++checked;
    }
    QVERIFY(checked > 1000);
}

void TestProbeReaderFuzz::deepNestingDoesNotCrash()
{
    const int depth = 200000;
    QByteArray text = "{\"format\": \"probebench/probe@1\", \"title\": ";
    text += QByteArray(depth, '[') + QByteArray(depth, ']') + "}";
    const ProbeLoadResult result = ProbeReader::parse(text, QStringLiteral("deep.json"));
    QVERIFY(hasProblem(result, QStringLiteral("title"), QStringLiteral("must be text, not a list"),
                       true));
    const ProbeLoadResult cut =
        ProbeReader::parse(QByteArray(depth, '['), QStringLiteral("c.json"));
    QVERIFY(!cut.ok());
}

QTEST_GUILESS_MAIN(TestProbeReaderFuzz)
#include "tst_probereaderfuzz.moc"
