#include "grading/BlindSheet.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

#include <QJsonDocument>
#include <QtTest>

using namespace pb;

namespace {

const QStringList kCriteria{QStringLiteral("claims_cited"), QStringLiteral("directness")};

QStringList files(int n)
{
    QStringList out;
    for (int i = 1; i <= n; ++i)
        out << QStringLiteral("%1.txt").arg(i, 2, 10, QLatin1Char('0'));
    return out;
}

BlindSheet fresh()
{
    QString error;
    const std::optional<BlindSheet> s =
        BlindSheet::create(QStringLiteral("Ana"), kCriteria, files(8), &error);
    if (!s)
        qFatal("%s", qPrintable(error));
    return *s;
}

// Every cell scored: level 1 + (file + criterion) % 4, with a justification.
BlindSheet scored()
{
    BlindSheet s = fresh();
    QString error;
    for (int f = 0; f < 8; ++f) {
        for (int c = 0; c < kCriteria.size(); ++c) {
            if (!s.score(files(8).at(f), kCriteria.at(c), 1 + (f + c) % 4,
                         QStringLiteral("because %1").arg(f), QString(), &error))
                qFatal("%s", qPrintable(error));
        }
    }
    return s;
}

Rubric rubric()
{
    Rubric r;
    r.scale = RubricScale::Levels;
    for (const QString& id : kCriteria) {
        RubricCriterion c;
        c.id = id;
        c.name = id;
        c.weight = 50;
        for (int level = 1; level <= 4; ++level)
            c.levels.insert(level, QStringLiteral("level %1").arg(level));
        r.criteria << c;
    }
    return r;
}

const QDateTime kNoon = QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);

} // namespace

// The blind sheet keeps the judge hidden until the rater is done, and what a rater changes
// afterwards on the record.
class TestBlindSheet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createRefusals_data();
    void createRefusals();
    void theJudgeStaysHiddenUntilComplete();
    void completeNeedsEveryCell();
    void afterCompleteAChangeNeedsAReason();
    void importFromCsv_data();
    void importFromCsv();
    void roundTripsThroughJson();
    void readRefusals_data();
    void readRefusals();
};

void TestBlindSheet::createRefusals_data()
{
    QTest::addColumn<QString>("rater");
    QTest::addColumn<QStringList>("calibration");
    QTest::addColumn<QString>("says");
    QTest::addRow("seven files") << "Ana" << files(7)
                                 << "7 calibration files; a calibration set "
                                    "needs at least 8";
    QTest::addRow("a file twice") << "Ana" << (files(8) << QStringLiteral("01.txt"))
                                  << "listed twice";
    QTest::addRow("no rater") << "  " << files(8) << "the rater's name";
}

void TestBlindSheet::createRefusals()
{
    QFETCH(QString, rater);
    QFETCH(QStringList, calibration);
    QFETCH(QString, says);
    QString error;
    QVERIFY(!BlindSheet::create(rater, kCriteria, calibration, &error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

void TestBlindSheet::theJudgeStaysHiddenUntilComplete()
{
    BlindSheet s = scored();
    QVERIFY(!s.judgeVisible(QStringLiteral("03.txt")));
    QVERIFY(s.judgeVisible(QStringLiteral("not-calibration.txt")));
    QString error;
    QVERIFY2(s.markComplete(&error, kNoon), qPrintable(error));
    QVERIFY(s.judgeVisible(QStringLiteral("03.txt")));
    QCOMPARE(s.completedAt(), kNoon);
}

void TestBlindSheet::completeNeedsEveryCell()
{
    BlindSheet s = scored();
    QString error;
    QVERIFY(s.score(QStringLiteral("05.txt"), QStringLiteral("directness"), 2, QString(), QString(),
                    &error));
    QVERIFY(!s.markComplete(&error));
    QCOMPARE(error, QStringLiteral("Ana's sheet is not complete: 05.txt, directness: no "
                                   "justification"));
    QVERIFY(s.score(QStringLiteral("05.txt"), QStringLiteral("directness"), std::nullopt,
                    QStringLiteral("unsure"), QString(), &error));
    QCOMPARE(s.missing(), QStringLiteral("05.txt, directness: no level"));
    QVERIFY(!s.isComplete());
}

void TestBlindSheet::afterCompleteAChangeNeedsAReason()
{
    BlindSheet s = scored();
    QString error;
    QVERIFY(s.markComplete(&error, kNoon));
    const std::optional<int> before = s.sheet().row(QStringLiteral("02.txt"))->levels.at(1);
    // The same values again change nothing and need no reason.
    QVERIFY(s.score(QStringLiteral("02.txt"), QStringLiteral("directness"), before,
                    QStringLiteral("because 1"), QString(), &error));
    QVERIFY(s.amendments().isEmpty());
    QVERIFY(!s.score(QStringLiteral("02.txt"), QStringLiteral("directness"), 4,
                     QStringLiteral("on reflection"), QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("give the reason for changing 02.txt, directness")),
             qPrintable(error));
    QCOMPARE(s.sheet().row(QStringLiteral("02.txt"))->levels.at(1), before);
    const QDateTime later = kNoon.addSecs(600);
    QVERIFY(s.score(QStringLiteral("02.txt"), QStringLiteral("directness"), 4,
                    QStringLiteral("on reflection"), QStringLiteral("misread the first sentence"),
                    &error, later));
    QCOMPARE(s.amendments().size(), 1);
    const SheetAmendment& a = s.amendments().first();
    QCOMPARE(a.time, later);
    QCOMPARE(a.levelBefore, before);
    QCOMPARE(a.levelAfter, std::optional<int>(4));
    QCOMPARE(a.whyBefore, QStringLiteral("because 1"));
    QCOMPARE(a.reason, QStringLiteral("misread the first sentence"));
    QCOMPARE(s.sheet().row(QStringLiteral("02.txt"))->levels.at(1), std::optional<int>(4));
}

void TestBlindSheet::importFromCsv_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<bool>("complete"); // the sheet is marked complete before the import
    QTest::addColumn<QString>("says");  // empty: the import is taken
    QTest::addRow("two rows") << QByteArray("filename,claims_cited,directness,claims_cited_why,"
                                            "directness_why\n01.txt,3,4,two sources,first "
                                            "sentence\n02.txt,1,,none,\n")
                              << false << "";
    QTest::addRow("a file outside the set")
        << QByteArray("filename,claims_cited,directness\n01.txt,3,4\n99.txt,1,1\n") << false
        << "sheet.csv: line 3: 99.txt is not in the calibration set";
    QTest::addRow("after completion")
        << QByteArray("filename,claims_cited,directness\n01.txt,3,4\n") << true
        << "an import would rescore it";
}

void TestBlindSheet::importFromCsv()
{
    QFETCH(QByteArray, csv);
    QFETCH(bool, complete);
    QFETCH(QString, says);
    BlindSheet s = complete ? scored() : fresh();
    QString error;
    if (complete)
        QVERIFY(s.markComplete(&error));
    const BlindSheet before = s;
    const std::optional<ScoreSheet> sheet =
        ScoreSheetCsv::parse(csv, QStringLiteral("sheet.csv"), rubric(), &error);
    QVERIFY2(sheet, qPrintable(error));
    const bool taken = s.import(*sheet, &error);
    QCOMPARE(taken, says.isEmpty());
    if (!taken) {
        QVERIFY2(error.contains(says), qPrintable(error));
        QCOMPARE(s, before); // nothing of a refused import is kept
        return;
    }
    const ScoreSheetRow* first = s.sheet().row(QStringLiteral("01.txt"));
    QCOMPARE(first->levels, (QList<std::optional<int>>{3, 4}));
    QCOMPARE(first->why,
             (QStringList{QStringLiteral("two sources"), QStringLiteral("first sentence")}));
    QCOMPARE(s.sheet().row(QStringLiteral("02.txt"))->levels.at(1), std::nullopt);
    // Exported and read back, the sheet is what a spreadsheet rater gets.
    const auto back = ScoreSheetCsv::parse(ScoreSheetCsv::toCsv(rubric(), s.sheet()),
                                           QStringLiteral("out.csv"), rubric(), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->row(QStringLiteral("01.txt"))->levels, first->levels);
}

void TestBlindSheet::roundTripsThroughJson()
{
    BlindSheet s = scored();
    QString error;
    QVERIFY(s.markComplete(&error, kNoon));
    QVERIFY(s.score(QStringLiteral("04.txt"), QStringLiteral("claims_cited"), 1,
                    QStringLiteral("no source"), QStringLiteral("the source was a footnote"),
                    &error, kNoon.addSecs(60)));
    const QByteArray json = QJsonDocument(s.toJson()).toJson();
    const std::optional<BlindSheet> back =
        BlindSheet::fromJson(json, QStringLiteral("ana.blind.json"), kCriteria, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->sheet().rows, s.sheet().rows);
    QCOMPARE(back->amendments(), s.amendments());
    QCOMPARE(back->completedAt(), kNoon);
    QCOMPARE(back->rater(), QStringLiteral("Ana"));
    QCOMPARE(QJsonDocument(back->toJson()).toJson(), json);
}

void TestBlindSheet::readRefusals_data()
{
    QTest::addColumn<QByteArray>("edit"); // "from>to" applied to a valid sheet's JSON
    QTest::addColumn<QString>("says");
    QTest::addRow("another rubric") << QByteArray("\"directness\"\n    ]>\"clarity\"\n    ]")
                                    << "the sheet's criteria (claims_cited, clarity)";
    QTest::addRow("a level off the scale")
        << QByteArray("\"claims_cited\": 1,>\"claims_cited\": 5,") << "is not a level (1 to 4)";
    QTest::addRow("a bad time") << QByteArray("\"completed_at\": null>\"completed_at\": \"noon\"")
                                << "\"noon\" is not a time";
    QTest::addRow("another kind") << QByteArray(
                                         "probebench/blind-sheet@1>probebench/grading-settings@1")
                                  << "format";
}

void TestBlindSheet::readRefusals()
{
    QFETCH(QByteArray, edit);
    QFETCH(QString, says);
    QByteArray json = QJsonDocument(scored().toJson()).toJson();
    const QList<QByteArray> parts = edit.split('>');
    QVERIFY2(json.contains(parts.at(0)), json.constData());
    json.replace(parts.at(0), parts.at(1));
    QString error;
    QVERIFY(!BlindSheet::fromJson(json, QStringLiteral("ana.blind.json"), kCriteria, &error));
    QVERIFY2(error.contains(says) && error.contains(QStringLiteral("ana.blind.json")),
             qPrintable(error));
}

QTEST_GUILESS_MAIN(TestBlindSheet)
#include "tst_blindsheet.moc"
