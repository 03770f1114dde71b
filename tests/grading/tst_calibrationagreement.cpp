#include "grading/CalibrationAgreement.h"
#include "grading/GradesCsv.h"
#include "grading/ScoreSheetCsv.h"
#include "judge/RubricReader.h"
#include "stats/agreement/WorstCriterion.h"

#include <QTest>
#include <cmath>

using namespace pb;

namespace {

Rubric twoCriteria()
{
    return *RubricReader::parse(R"({"criteria": [
        {"id": "C1", "name": "Claim", "weight": 60, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C2", "name": "Evidence", "weight": 40, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
                                QStringLiteral("rubric.json"))
                .rubric;
}

ScoreSheet sheet(const QByteArray& csv, const QString& name)
{
    QString error;
    const auto s = ScoreSheetCsv::parse(csv, name, twoCriteria(), &error);
    if (!s)
        qFatal("bad test sheet: %s", qPrintable(error));
    return *s;
}

// C1 carries the issue's sparse table [[0,4,1],[0,8,0],[0,1,5]] (human rows, judge columns)
// over 19 files; C2 uses every level and agrees on all but two files.
QByteArray humanAndJudge(bool judge)
{
    const QList<QList<int>> cells{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}};
    QByteArray csv = judge ? "filename,weighted_total,flags,C1_level,C1_evidence,C2_level,"
                             "C2_evidence\n"
                           : "filename,C1,C2\n";
    int file = 0;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            for (int n = 0; n < cells[r][c]; ++n) {
                ++file;
                const int c1 = judge ? c + 1 : r + 1;
                const int agreed = file % 4 + 1;
                const int c2 = judge && (file == 3 || file == 7) ? agreed % 4 + 1 : agreed;
                const QByteArray name = "s" + QByteArray::number(file) + ".txt";
                const QByteArray level1 = QByteArray::number(c1);
                const QByteArray level2 = QByteArray::number(c2);
                if (judge)
                    csv += name + ",,,\"" + level1 + "\",q," + level2 + ",q\n";
                else
                    csv += name + "," + level1 + "," + level2 + "\n";
            }
        }
    }
    return csv;
}

} // namespace

class TestCalibrationAgreement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void humanAgainstJudgeFromFiles();
    void filesOnlyOneRaterScoredAreExcluded();
    void alphaOverThreeSheets_data();
    void alphaOverThreeSheets();
};

void TestCalibrationAgreement::humanAgainstJudgeFromFiles()
{
    const Rubric rubric = twoCriteria();
    const ScoreSheet human = sheet(humanAndJudge(false), QStringLiteral("sheet_a.csv"));
    QString error;
    const auto grades =
        GradesCsv::parse(humanAndJudge(true), QStringLiteral("grades.csv"), rubric, &error);
    QVERIFY2(grades, qPrintable(error));
    const ScoreSheet judge = GradesCsv::judgeSheet(rubric, *grades, QStringLiteral("grades.csv"));
    const auto criteria = CalibrationAgreement::compare(rubric, human, QStringLiteral("human"),
                                                        judge, QStringLiteral("judge"), &error);
    QVERIFY2(criteria, qPrintable(error));
    QCOMPARE(criteria->size(), 2);
    const CriterionAgreement& c1 = criteria->at(0);
    QCOMPARE(c1.matrix.total(), 19);
    // The issue's published values for this table, reached through both files. (Level 4 is
    // unused here; the unweighted kappa does not depend on an empty level.)
    QVERIFY(std::abs(c1.unweighted.kappa - 0.4842) < 5e-5);
    QVERIFY(std::abs(c1.unweighted.standardError - 0.1380) < 5e-5);
    QVERIFY(std::abs(c1.unweighted.lower - 0.2137) < 5e-5);
    QVERIFY(std::abs(c1.unweighted.upper - 0.7547) < 5e-5);
    QCOMPARE(c1.unweighted.band(), QStringLiteral("moderate"));
    const auto worst = WorstCriterion::find(*criteria, AgreementMeasure::Kappa);
    QVERIFY(worst);
    QCOMPARE(worst->criterionId, QStringLiteral("C1"));
    QCOMPARE(worst->disagreementText(), QStringLiteral("human 1, judge 2: 4 times"));
}

void TestCalibrationAgreement::filesOnlyOneRaterScoredAreExcluded()
{
    const ScoreSheet a =
        sheet("filename,C1,C2\ns1.txt,4,3\ns2.txt,2,\ns3.txt,1,1\n", QStringLiteral("a.csv"));
    const ScoreSheet b =
        sheet("filename,C1,C2\ns3.txt,1,2\ns1.txt,4,3\ns4.txt,2,2\n", QStringLiteral("b.csv"));
    QCOMPARE(CalibrationAgreement::files({a, b}),
             (QStringList{QStringLiteral("s1.txt"), QStringLiteral("s2.txt"),
                          QStringLiteral("s3.txt"), QStringLiteral("s4.txt")}));
    QString error;
    const auto criteria = CalibrationAgreement::compare(twoCriteria(), a, QStringLiteral("A"), b,
                                                        QStringLiteral("B"), &error);
    QVERIFY2(criteria, qPrintable(error));
    // C1: s1 and s3 paired; s2 only A, s4 only B.
    QCOMPARE(criteria->at(0).matrix.total(), 2);
    QCOMPARE(criteria->at(0).matrix.excluded(), 2);
    QCOMPARE(*criteria->at(0).percentAgreement, 100.0);
    // C2: s2 blank in A as well.
    QCOMPARE(criteria->at(1).matrix.total(), 2);
    QCOMPARE(criteria->at(1).matrix.excluded(), 2);
    QCOMPARE(*criteria->at(1).percentAgreement, 50.0);
    QVERIFY(!CalibrationAgreement::alpha(twoCriteria(), {a}, AlphaMetric::Ordinal, &error));
    QCOMPARE(error, QStringLiteral("agreement needs at least two sheets, not 1"));
}

void TestCalibrationAgreement::alphaOverThreeSheets_data()
{
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("published");
    // Wikipedia's 3-coder, 15-unit example as three raters' sheets (criterion C1; "."
    // a blank level; unit 14 nobody scored, so no sheet has a value for it):
    // nominal 0.691358, interval 0.810845.
    QTest::addRow("nominal") << int(AlphaMetric::Nominal) << 0.691358;
    QTest::addRow("interval") << int(AlphaMetric::Interval) << 0.810845;
}

void TestCalibrationAgreement::alphaOverThreeSheets()
{
    QFETCH(int, metric);
    QFETCH(double, published);
    const QList<QList<QByteArray>> values{
        {"", "", "", "", "", "3", "4", "1", "2", "1", "1", "3", "3", "", "3"},
        {"1", "", "2", "1", "3", "3", "4", "3", "", "", "", "", "", "", ""},
        {"", "", "2", "1", "3", "4", "4", "", "2", "1", "1", "3", "3", "", "4"}};
    QList<ScoreSheet> sheets;
    for (const QList<QByteArray>& coder : values) {
        QByteArray csv = "filename,C1,C2\n";
        for (int u = 0; u < coder.size(); ++u)
            csv += "u" + QByteArray::number(u + 1) + "," + coder.at(u) + ",\n";
        sheets << sheet(csv, QStringLiteral("coder.csv"));
    }
    QString error;
    const auto alphas =
        CalibrationAgreement::alpha(twoCriteria(), sheets, AlphaMetric(metric), &error);
    QVERIFY2(alphas, qPrintable(error));
    QVERIFY(alphas->at(0).defined);
    QCOMPARE(std::round(alphas->at(0).alpha * 1e6), std::round(published * 1e6));
    QVERIFY(!alphas->at(1).defined); // nobody scored C2
}

QTEST_GUILESS_MAIN(TestCalibrationAgreement)
#include "tst_calibrationagreement.moc"
