#include "TestPaths.h"
#include "standin/StandInModel.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

using pb::StandInModel;

namespace {

const QString kSystem =
    QStringLiteral("You are a course help assistant. Reply with numbered debugging steps.");

// PAIRS from tutorial_part1.py: (formal, casual) per item.
const QList<std::pair<QString, QString>>& tutorialPairs()
{
    static const QList<std::pair<QString, QString>> pairs{
        {QStringLiteral("Hello. My Python loop prints the same value every time. Could you help "
                        "me find the problem?"),
         QStringLiteral("hey my python loop prints the same value every time lol can u help me "
                        "find the problem")},
        {QStringLiteral("My function returns None instead of the total. What should I check "
                        "first?"),
         QStringLiteral("my function gives None instead of the total?? what should i check "
                        "first")},
        {QStringLiteral("I get a KeyError when I read the dictionary. How do I find which key is "
                        "missing?"),
         QStringLiteral("getting a KeyError reading the dictionary, how do i find which key is "
                        "missing pls")},
        {QStringLiteral("My list comprehension skips the last item. Why might that happen?"),
         QStringLiteral("my list comprehension skips the last item, why would that happen")},
        {QStringLiteral("Ollama says it cannot connect. What steps should I try?"),
         QStringLiteral("ollama says it cant connect what steps should i try")},
        {QStringLiteral("My recursive function never stops. How do I debug it?"),
         QStringLiteral("recursive function never stops lol how do i debug it")},
        {QStringLiteral("The JSON from the model will not parse. What could be wrong?"),
         QStringLiteral("the json from the model wont parse whats wrong")},
        {QStringLiteral("My test passes alone but fails with the others. Where should I look?"),
         QStringLiteral("test passes alone but fails w the others, where do i look")},
    };
    return pairs;
}

QString tutorialPrompt(const QString& message)
{
    return kSystem + QStringLiteral("\n\n") + message;
}

// The tutorial's metric, count_steps: lines that start with digits and a full stop.
int countSteps(const QString& reply)
{
    static const QRegularExpression numbered(QStringLiteral("^\\d+\\."),
                                             QRegularExpression::MultilineOption);
    int count = 0;
    for (auto it = numbered.globalMatch(reply); it.hasNext(); it.next())
        ++count;
    return count;
}

double meanSteps(const QString& message, const QList<qint64>& seeds, double plantedGap)
{
    int total = 0;
    for (const qint64 seed : seeds)
        total += countSteps(StandInModel::reply(tutorialPrompt(message), seed, 0.8, plantedGap));
    return double(total) / double(seeds.size());
}

QList<qint64> seedRange(qint64 first, qint64 last)
{
    QList<qint64> seeds;
    for (qint64 s = first; s <= last; ++s)
        seeds.append(s);
    return seeds;
}

// Average over items of (mean A - mean B), as the tutorial's summary lines print it.
double averageGap(const QList<qint64>& seedsA, const QList<qint64>& seedsB, bool sameVsSame,
                  double plantedGap)
{
    double sum = 0.0;
    for (const auto& [formal, casual] : tutorialPairs()) {
        const QString& b = sameVsSame ? formal : casual;
        sum += meanSteps(formal, seedsA, plantedGap) - meanSteps(b, seedsB, plantedGap);
    }
    return sum / double(tutorialPairs().size());
}

QString signedFixed(double value, int decimals)
{
    const QString text = QString::number(value, 'f', decimals);
    return value >= 0 ? QLatin1Char('+') + text : text;
}

} // namespace

class TestStandInModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void goldenVectors();
    void tutorialExampleReply();
    void perItemTable_data();
    void perItemTable();
    void summaryAverageGaps_data();
    void summaryAverageGaps();
    void seedsBeyondQint64_data();
    void seedsBeyondQint64();
    void roundsHalfToEven_data();
    void roundsHalfToEven();
    void casualMarkers_data();
    void casualMarkers();
    void qint64OverloadMatchesDecimal();
};

void TestStandInModel::goldenVectors()
{
    // python3 ../shared/reference/tutorial_part1.py --vectors 3000
    QFile file(pb::test::dataDir() + QStringLiteral("/stand_in_vectors.jsonl"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));

    QElapsedTimer clock;
    clock.start();
    int checked = 0;
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const auto vector = nlohmann::json::parse(line.constData(), line.constData() + line.size());
        // Seeds reach 2**63, beyond qint64 and beyond exact doubles: keep the decimal text.
        const QString seed = QString::fromStdString(vector.at("seed").dump());
        const QString prompt = QString::fromStdString(vector.at("prompt").get<std::string>());
        const double temperature = vector.at("temperature").get<double>();
        const double gap = vector.at("planted_gap").get<double>();
        const int expected = vector.at("steps").get<int>();

        const QString reply = StandInModel::reply(prompt, seed, temperature, gap);
        const int actual = countSteps(reply);
        if (actual != expected) {
            QFAIL(qPrintable(QStringLiteral("line %1 (seed %2): %3 steps, expected %4")
                                 .arg(lineNumber)
                                 .arg(seed)
                                 .arg(actual)
                                 .arg(expected)));
        }
        ++checked;
    }
    qInfo("%d golden vectors checked in %lld ms", checked, static_cast<long long>(clock.elapsed()));
    QVERIFY2(checked >= 2000, qPrintable(QString::number(checked)));
}

void TestStandInModel::tutorialExampleReply()
{
    // The first thing tutorial_part1.py prints (tutorial_part1.expected.txt).
    const QString expected = QStringLiteral("Here is what I would try:\n"
                                            "1. Step 1.\n"
                                            "2. Step 2.\n"
                                            "3. Step 3.\n"
                                            "4. Step 4.\n"
                                            "5. Step 5.\n"
                                            "6. Step 6.");
    QCOMPARE(StandInModel::reply(tutorialPrompt(tutorialPairs().at(0).first), qint64(1), 0.8, 1.0),
             expected);
    QCOMPARE(StandInModel::reply(tutorialPrompt(tutorialPairs().at(0).first), QStringLiteral("1"),
                                 0.8, 1.0),
             expected);
}

void TestStandInModel::perItemTable_data()
{
    QTest::addColumn<int>("item");
    QTest::addColumn<QString>("formal");
    QTest::addColumn<QString>("casual");
    QTest::addColumn<QString>("gap");

    // The 320-row table in tutorial_part1.expected.txt (seeds 1-20, temperature 0.8, gap 1).
    QTest::addRow("item 0") << 0 << "3.9"
                            << "2.5"
                            << "+1.4";
    QTest::addRow("item 1") << 1 << "3.9"
                            << "4.2"
                            << "-0.3";
    QTest::addRow("item 2") << 2 << "3.8"
                            << "3.0"
                            << "+0.8";
    QTest::addRow("item 3") << 3 << "4.0"
                            << "3.7"
                            << "+0.3";
    QTest::addRow("item 4") << 4 << "4.0"
                            << "3.3"
                            << "+0.7";
    QTest::addRow("item 5") << 5 << "4.2"
                            << "3.2"
                            << "+1.0";
    QTest::addRow("item 6") << 6 << "3.8"
                            << "2.6"
                            << "+1.1";
    QTest::addRow("item 7") << 7 << "3.8"
                            << "3.1"
                            << "+0.6";
}

void TestStandInModel::perItemTable()
{
    QFETCH(int, item);
    QFETCH(QString, formal);
    QFETCH(QString, casual);
    QFETCH(QString, gap);

    const QList<qint64> seeds = seedRange(1, 20);
    const double meanFormal = meanSteps(tutorialPairs().at(item).first, seeds, 1.0);
    const double meanCasual = meanSteps(tutorialPairs().at(item).second, seeds, 1.0);
    QCOMPARE(QString::number(meanFormal, 'f', 1), formal);
    QCOMPARE(QString::number(meanCasual, 'f', 1), casual);
    QCOMPARE(signedFixed(meanFormal - meanCasual, 1), gap);
}

void TestStandInModel::summaryAverageGaps_data()
{
    QTest::addColumn<QList<qint64>>("seedsA");
    QTest::addColumn<QList<qint64>>("seedsB");
    QTest::addColumn<bool>("sameVsSame");
    QTest::addColumn<double>("plantedGap");
    QTest::addColumn<QString>("expected");

    // The "average gap" lines of tutorial_part1.expected.txt.
    QTest::addRow("planted gap 1")
        << seedRange(1, 20) << seedRange(1, 20) << false << 1.0 << "+0.70";
    QTest::addRow("same vs same") << seedRange(1, 20) << seedRange(101, 120) << true << 1.0
                                  << "-0.18";
    QTest::addRow("planted gap 0")
        << seedRange(1, 20) << seedRange(1, 20) << false << 0.0 << "-0.02";
    QTest::addRow("planted gap 1, 5 seeds")
        << seedRange(1, 5) << seedRange(1, 5) << false << 1.0 << "+0.65";
}

void TestStandInModel::summaryAverageGaps()
{
    QFETCH(QList<qint64>, seedsA);
    QFETCH(QList<qint64>, seedsB);
    QFETCH(bool, sameVsSame);
    QFETCH(double, plantedGap);
    QFETCH(QString, expected);

    QCOMPARE(signedFixed(averageGap(seedsA, seedsB, sameVsSame, plantedGap), 2), expected);
}

void TestStandInModel::seedsBeyondQint64_data()
{
    QTest::addColumn<QString>("seed");
    QTest::addColumn<bool>("casual");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<int>("steps");

    // count_steps(stand_in_model(SYSTEM + "\n\n" + PAIRS[0][variant], seed, t, 1.0))
    // from tutorial_part1.py, for each row.
    const std::map<QString, QList<int>> table{
        // seed -> steps for (formal 0.8, formal 2.0, casual 0.8, casual 2.0)
        {QStringLiteral("9223372036854775808"), {2, 1, 6, 11}},
        {QStringLiteral("9223372036854775807"), {4, 3, 2, 2}},
        {QStringLiteral("-9223372036854775808"), {5, 6, 2, 1}},
        {QStringLiteral("-9223372036854775809"), {5, 6, 4, 5}},
        {QStringLiteral("18446744073709551619"), {4, 4, 1, 1}},
        {QStringLiteral("1180591620717411303424"), {5, 7, 5, 9}},
        {QStringLiteral("1000000000000000000000000000000"), {6, 8, 4, 6}},
    };
    for (const auto& [seed, steps] : table) {
        QTest::addRow("%s formal t0.8", qPrintable(seed)) << seed << false << 0.8 << steps.at(0);
        QTest::addRow("%s formal t2.0", qPrintable(seed)) << seed << false << 2.0 << steps.at(1);
        QTest::addRow("%s casual t0.8", qPrintable(seed)) << seed << true << 0.8 << steps.at(2);
        QTest::addRow("%s casual t2.0", qPrintable(seed)) << seed << true << 2.0 << steps.at(3);
    }
}

void TestStandInModel::seedsBeyondQint64()
{
    QFETCH(QString, seed);
    QFETCH(bool, casual);
    QFETCH(double, temperature);
    QFETCH(int, steps);

    const auto& pair = tutorialPairs().at(0);
    const QString prompt = tutorialPrompt(casual ? pair.second : pair.first);
    const QString reply = StandInModel::reply(prompt, seed, temperature, 1.0);
    QCOMPARE(countSteps(reply), steps);
    QCOMPARE(StandInModel::steps(prompt, seed, temperature, 1.0), steps);
}

void TestStandInModel::roundsHalfToEven_data()
{
    QTest::addColumn<double>("plantedGap");
    QTest::addColumn<int>("steps");

    // Temperature 0 leaves exactly 4.0 - gap for a casual prompt; Python's round() sends
    // the halves to the even neighbour, then max(1, ...).
    QTest::addRow("3.5 -> 4") << 0.5 << 4;
    QTest::addRow("2.5 -> 2") << 1.5 << 2;
    QTest::addRow("1.5 -> 2") << 2.5 << 2;
    QTest::addRow("0.5 -> 0 -> 1") << 3.5 << 1;
    QTest::addRow("-6 -> 1") << 10.0 << 1;
    QTest::addRow("negative gap adds steps") << -2.5 << 6;
}

void TestStandInModel::roundsHalfToEven()
{
    QFETCH(double, plantedGap);
    QFETCH(int, steps);

    const QString prompt = tutorialPrompt(tutorialPairs().at(5).second);
    QCOMPARE(countSteps(StandInModel::reply(prompt, qint64(7), 0.0, plantedGap)), steps);
}

void TestStandInModel::casualMarkers_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("pythonLower");
    QTest::addColumn<bool>("lowerAgrees");
    QTest::addColumn<bool>("casual");

    // For each row: s.lower() and bool(CASUAL.search(s.lower())) from CPython 3.11.7, with
    // CASUAL = re.compile(r"\b(lol|u|pls|w|whats|cant|wont|hey)\b").
    // The first four are the non-tutorial messages the golden vectors use.
    QTest::addRow("empty") << QString() << QString() << true << false;
    QTest::addRow("x") << QStringLiteral("x") << QStringLiteral("x") << true << false;
    QTest::addRow("vector message with accents")
        << QStringLiteral("h\u00e9llo w\u00f6rld \u2713 lol")
        << QStringLiteral("h\u00e9llo w\u00f6rld \u2713 lol") << true << true;
    QTest::addRow("PLS newline help")
        << QStringLiteral("PLS\nhelp") << QStringLiteral("pls\nhelp") << true << true;
    QTest::addRow("HEY there") << QStringLiteral("HEY there") << QStringLiteral("hey there") << true
                               << true;
    QTest::addRow("dotted capital I lowers to two code points")
        << QStringLiteral("\u0130 LOL") << QStringLiteral("i\u0307 lol") << true << true;
    // Python lowers a word-final capital sigma to U+03C2; Qt always gives U+03C3. Both are
    // letters, so the casual test is unaffected.
    QTest::addRow("final sigma (lowering differs)")
        << QStringLiteral("\u039f\u0394\u039f\u03a3 lol")
        << QStringLiteral("\u03bf\u03b4\u03bf\u03c2 lol") << false << true;
    QTest::addRow("sigma before LOL")
        << QStringLiteral("\u03a3LOL") << QStringLiteral("\u03c3lol") << true << false;
    QTest::addRow("accented letter is a word character")
        << QStringLiteral("lol\u00e9") << QStringLiteral("lol\u00e9") << true << false;
    QTest::addRow("accented letter before")
        << QStringLiteral("\u00e9lol") << QStringLiteral("\u00e9lol") << true << false;
    QTest::addRow("underscore is a word character")
        << QStringLiteral("_lol") << QStringLiteral("_lol") << true << false;
    QTest::addRow("underscore after")
        << QStringLiteral("lol_") << QStringLiteral("lol_") << true << false;
    QTest::addRow("digit after") << QStringLiteral("lol2") << QStringLiteral("lol2") << true
                                 << false;
    QTest::addRow("combining mark is not a word character")
        << QStringLiteral("u\u0301") << QStringLiteral("u\u0301") << true << true;
    QTest::addRow("superscript digit is a number")
        << QStringLiteral("x\u00b2u") << QStringLiteral("x\u00b2u") << true << false;
    QTest::addRow("letter number")
        << QStringLiteral("\u2167u") << QStringLiteral("\u2177u") << true << false;
    QTest::addRow("other number") << QStringLiteral("\u2460u") << QStringLiteral("\u2460u") << true
                                  << false;
    QTest::addRow("zero-width joiner is not a word character")
        << QStringLiteral("u\u200dx") << QStringLiteral("u\u200dx") << true << true;
    QTest::addRow("astral letter")
        << QStringLiteral("\U0001d400u") << QStringLiteral("\U0001d400u") << true << false;
    QTest::addRow("combining mark inside wont")
        << QStringLiteral("wo\u0301nt") << QStringLiteral("wo\u0301nt") << true << false;
    QTest::addRow("titlecase digraph")
        << QStringLiteral("\u01c5 u") << QStringLiteral("\u01c6 u") << true << true;
    QTest::addRow("cafe pls") << QStringLiteral("caf\u00e9 pls") << QStringLiteral("caf\u00e9 pls")
                              << true << true;
    QTest::addRow("no-break space")
        << QStringLiteral("cant\u00a0stop") << QStringLiteral("cant\u00a0stop") << true << true;
    QTest::addRow("hyphen") << QStringLiteral("whats-up") << QStringLiteral("whats-up") << true
                            << true;
    QTest::addRow("u.s.") << QStringLiteral("u.s.") << QStringLiteral("u.s.") << true << true;
    QTest::addRow("capital U alone") << QStringLiteral("U") << QStringLiteral("u") << true << true;
    QTest::addRow("w/e") << QStringLiteral("w/e") << QStringLiteral("w/e") << true << true;
    QTest::addRow("cannot is not cant")
        << QStringLiteral("I cannot") << QStringLiteral("i cannot") << true << false;
}

void TestStandInModel::casualMarkers()
{
    QFETCH(QString, text);
    QFETCH(QString, pythonLower);
    QFETCH(bool, lowerAgrees);
    QFETCH(bool, casual);

    if (lowerAgrees)
        QCOMPARE(text.toLower(), pythonLower);
    else
        QVERIFY(text.toLower() != pythonLower); // if Qt starts to agree, drop the exception
    QCOMPARE(StandInModel::isCasual(text), casual);
}

void TestStandInModel::qint64OverloadMatchesDecimal()
{
    const QString prompt = tutorialPrompt(tutorialPairs().at(2).second);
    for (const qint64 seed :
         {qint64(0), qint64(-1), qint64(42), qint64(-998), std::numeric_limits<qint64>::max(),
          std::numeric_limits<qint64>::min()}) {
        QCOMPARE(StandInModel::reply(prompt, seed, 1.3, 0.5),
                 StandInModel::reply(prompt, QString::number(seed), 1.3, 0.5));
    }
}

QTEST_GUILESS_MAIN(TestStandInModel)
#include "tst_standinmodel.moc"
