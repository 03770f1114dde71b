#include "grading/GradeRow.h"
#include "grading/GradesCsv.h"
#include "judge/JudgeReplyReader.h"
#include "judge/RubricReader.h"

#include <QTest>

using namespace pb;

namespace {

Rubric labRubric()
{
    return *RubricReader::parse(R"({"criteria": [
        {"id": "C1", "name": "Claim", "weight": 30, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C2", "name": "Evidence", "weight": 30, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C3", "name": "Counter", "weight": 20, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C4", "name": "Close", "weight": 20, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
                                QStringLiteral("rubric.json"))
                .rubric;
}

const QString kSubmission = QStringLiteral(
    "Cities should fund public libraries. Libraries lend laptops to 40% of local students, "
    "so closing them widens the gap. Some say e-books replace libraries, but e-books need "
    "devices. Keeping libraries open keeps learning within reach.");

// The judge's reply goes through the same reader and verdict as every judge call, so the
// quotes are checked by EvidenceCheck exactly as a real run checks them.
GradeRow graded(const QString& reply, const QString& filename = QStringLiteral("s01_good.txt"))
{
    const Rubric rubric = labRubric();
    JudgeVariant submission;
    submission.id = QLatin1String(JudgeVariant::kBaseId);
    submission.answer = kSubmission;
    const JudgeReplyReading reading = JudgeReplyReader::read(reply, rubric, false, true);
    const JudgeVerdict verdict =
        JudgeVerdict::scored(reading, reply, 1, rubric, submission, false, true, EvidencePolicy{});
    return GradeRow::fromVerdict(filename, rubric, verdict);
}

QString reply(const QString& c3Evidence)
{
    return QStringLiteral(R"({"criteria": [
        {"id": "C1", "level": 4, "evidence": "Cities should fund public libraries."},
        {"id": "C2", "level": 3, "evidence": "Libraries lend laptops to 40%% of local studnets"},
        {"id": "C3", "level": 3, "evidence": "%1"},
        {"id": "C4", "level": 4, "evidence": "Keeping libraries open keeps learning within reach."}]})")
        .arg(c3Evidence)
        .replace(QStringLiteral("%%"), QStringLiteral("%"));
}

} // namespace

class TestGradesCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scoredSubmission();
    void hallucinatedQuoteIsFlaggedNotScored();
    void malformedReplyNeedsReview();
    void emptyFileMakesNoGuess();
    void csvLayout();
    void readsBack();
    void readRefusals_data();
    void readRefusals();
};

void TestGradesCsv::scoredSubmission()
{
    const GradeRow row = graded(reply(QStringLiteral("Some say e-books replace libraries")));
    QVERIFY2(row.flags.isEmpty(), qPrintable(row.flags.join(QLatin1Char(';'))));
    QCOMPARE(row.cells.size(), 4);
    QCOMPARE(row.cells[0].level, 4);
    QCOMPARE(row.cells[0].match, EvidenceCheck::Match::Exact);
    QCOMPARE(row.cells[1].match, EvidenceCheck::Match::Fuzzy); // "studnets"
    QCOMPARE(row.cells[1].level, 3);
    // 30*4 + 30*3 + 20*3 + 20*4 = 350; 350 / 4 = 87.5
    QVERIFY(row.total);
    QCOMPARE(row.total->weightLevelSum, 350);
    QCOMPARE(row.total->text(), QStringLiteral("87.5"));
}

void TestGradesCsv::hallucinatedQuoteIsFlaggedNotScored()
{
    const GradeRow row = graded(reply(QStringLiteral("Opponents claim libraries cost too much")));
    QCOMPARE(row.flags, QStringList{QStringLiteral("HALLUCINATED_EVIDENCE:C3")});
    QCOMPARE(row.cells[2].match, EvidenceCheck::Match::Hallucinated);
    QCOMPARE(row.cells[2].level, std::nullopt);
    QCOMPARE(row.cells[2].evidence, QStringLiteral("Opponents claim libraries cost too much"));
    QCOMPARE(row.cells[0].level, 4); // the other criteria keep their levels
    QVERIFY(!row.total);
}

void TestGradesCsv::malformedReplyNeedsReview()
{
    const GradeRow row = graded(QStringLiteral("C1: 4, C2: 3 (sorry, no JSON today)"));
    QCOMPARE(row.flags, QStringList{QStringLiteral("REVIEW_NEEDED")});
    for (const GradeCell& cell : row.cells)
        QCOMPARE(cell.level, std::nullopt);
    QVERIFY(!row.total);
}

void TestGradesCsv::emptyFileMakesNoGuess()
{
    QVERIFY(GradeRow::isEmptySubmission(QStringLiteral(" \n\t ")));
    QVERIFY(!GradeRow::isEmptySubmission(QStringLiteral("x")));
    const GradeRow row = GradeRow::emptyFile(QStringLiteral("s10_empty.txt"), labRubric());
    QCOMPARE(row.flags, QStringList{QStringLiteral("EMPTY_FILE")});
    QCOMPARE(row.cells.size(), 4);
    for (const GradeCell& cell : row.cells)
        QCOMPARE(cell.level, std::nullopt);
    QVERIFY(!row.total);
}

void TestGradesCsv::csvLayout()
{
    const Rubric rubric = labRubric();
    QCOMPARE(GradesCsv::header(rubric).join(QLatin1Char(',')),
             QStringLiteral("filename,weighted_total,flags,C1_level,C1_evidence,C2_level,"
                            "C2_evidence,C3_level,C3_evidence,C4_level,C4_evidence"));
    GradeRow formula;
    formula.filename = QStringLiteral("=s02.txt");
    formula.total = WeightedTotal{400, 1000};
    formula.cells = {{4, QStringLiteral("a, b"), EvidenceCheck::Match::Exact},
                     {4, QStringLiteral("=SUM(A1)"), EvidenceCheck::Match::Exact},
                     {4, QStringLiteral("say \"hi\""), EvidenceCheck::Match::Exact},
                     {4, QString(), EvidenceCheck::Match::None}};
    const QList<GradeRow> rows{
        graded(reply(QStringLiteral("Opponents claim libraries cost too much"))),
        GradeRow::emptyFile(QStringLiteral("s10_empty.txt"), rubric), formula};
    const QByteArray expected =
        "filename,weighted_total,flags,C1_level,C1_evidence,C2_level,C2_evidence,C3_level,"
        "C3_evidence,C4_level,C4_evidence\r\n"
        "s01_good.txt,,HALLUCINATED_EVIDENCE:C3,4,Cities should fund public libraries.,3,"
        "Libraries lend laptops to 40% of local studnets,,Opponents claim libraries cost too "
        "much,4,Keeping libraries open keeps learning within reach.\r\n"
        "s10_empty.txt,,EMPTY_FILE,,,,,,,,\r\n"
        "'=s02.txt,100.0,,4,\"a, b\",4,'=SUM(A1),4,\"say \"\"hi\"\"\",4,\r\n";
    QCOMPARE(GradesCsv::toCsv(rubric, rows), expected);
}

void TestGradesCsv::readsBack()
{
    const Rubric rubric = labRubric();
    const QList<GradeRow> rows{graded(reply(QStringLiteral("Some say e-books replace libraries"))),
                               graded(reply(QStringLiteral("Opponents claim libraries cost")),
                                      QStringLiteral("s02_invented.txt")),
                               GradeRow::emptyFile(QStringLiteral("s10_empty.txt"), rubric)};
    QString error;
    const auto back = GradesCsv::parse(GradesCsv::toCsv(rubric, rows), QStringLiteral("grades.csv"),
                                       rubric, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->size(), 3);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QCOMPARE(back->at(i).filename, rows.at(i).filename);
        QCOMPARE(back->at(i).flags, rows.at(i).flags);
        QCOMPARE(back->at(i).total, rows.at(i).total);
        for (qsizetype c = 0; c < 4; ++c) {
            QCOMPARE(back->at(i).cells.at(c).level, rows.at(i).cells.at(c).level);
            QCOMPARE(back->at(i).cells.at(c).evidence, rows.at(i).cells.at(c).evidence);
        }
    }
    const ScoreSheet judge = GradesCsv::judgeSheet(rubric, *back, QStringLiteral("grades.csv"));
    QCOMPARE(judge.levels(QStringLiteral("C3"), {QStringLiteral("s01_good.txt")}),
             (QList<std::optional<int>>{3}));
}

void TestGradesCsv::readRefusals_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("error");
    const QByteArray head = "filename,weighted_total,flags,C1_level,C1_evidence,C2_level,"
                            "C2_evidence,C3_level,C3_evidence,C4_level,C4_evidence\n";
    QTest::addRow("total not the levels' total")
        << head + "s1.txt,90.0,,4,a,4,b,3,c,2,d\n"
        << QStringLiteral("grades.csv: line 2, column \"weighted_total\": 90.0 is not the total "
                          "of the row's levels (85.0)");
    QTest::addRow("total without every level")
        << head + "s1.txt,85.0,,4,a,4,b,,c,3,d\n"
        << QStringLiteral("grades.csv: line 2, column \"weighted_total\": 85.0 is given, but not "
                          "every level is");
    QTest::addRow("total with two decimals")
        << head + "s1.txt,85.00,,4,a,4,b,3,c,3,d\n"
        << QStringLiteral("grades.csv: line 2, column \"weighted_total\": \"85.00\" is not a total "
                          "with one decimal");
    QTest::addRow("level off the scale")
        << head + "s1.txt,,,4,a,4,b,0,c,3,d\n"
        << QStringLiteral("grades.csv: line 2, column \"C3_level\": \"0\" is not a level (1 to 4)");
    QTest::addRow("column missing")
        << QByteArray("filename,weighted_total,flags,C1_level,C1_evidence\n")
        << QStringLiteral("grades.csv: line 1: no column \"C2_level\", \"C2_evidence\", "
                          "\"C3_level\", \"C3_evidence\", \"C4_level\", \"C4_evidence\"");
    QTest::addRow("file twice") << head + "s1.txt,,,,,,,,,,\ns1.txt,,,,,,,,,,\n"
                                << QStringLiteral("grades.csv: line 3, column \"filename\": "
                                                  "\"s1.txt\" is already graded on line 2");
}

void TestGradesCsv::readRefusals()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, error);
    QString actual;
    QVERIFY(!GradesCsv::parse(csv, QStringLiteral("grades.csv"), labRubric(), &actual));
    QCOMPARE(actual, error);
}

QTEST_GUILESS_MAIN(TestGradesCsv)
#include "tst_gradescsv.moc"
