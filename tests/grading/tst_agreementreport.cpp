#include "grading/AgreementReport.h"
#include "grading/AgreementText.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

#include <QJsonArray>
#include <QTest>
#include <cmath>

using namespace pb;

namespace {

QString data(const QString& name)
{
    return QStringLiteral(PB_TEST_DATA_DIR "/grading/agree/") + name;
}

Rubric libraryRubric()
{
    QString error;
    const auto r = GradingRubric::readFile(
        QStringLiteral(PB_SOURCE_DIR "/resources/examples/library-hours.rubric.json"), &error);
    if (!r)
        qFatal("%s", qPrintable(error));
    return *r;
}

AgreementReport report(bool withJudge)
{
    const Rubric rubric = libraryRubric();
    QString error;
    QList<RaterSheet> people;
    for (const char* name : {"sheet_a", "sheet_b"}) {
        const auto sheet = ScoreSheetCsv::readFile(
            data(QLatin1String(name) + QStringLiteral(".csv")), rubric, &error);
        if (!sheet)
            qFatal("%s", qPrintable(error));
        people << RaterSheet{QLatin1String(name), false, *sheet};
    }
    std::optional<RaterSheet> judge;
    if (withJudge) {
        const auto rows = GradesCsv::readFile(data(QStringLiteral("grades.csv")), rubric, &error);
        if (!rows)
            qFatal("%s", qPrintable(error));
        judge = RaterSheet{QStringLiteral("judge"), true,
                           GradesCsv::judgeSheet(rubric, *rows, QStringLiteral("grades.csv"))};
    }
    const auto r = AgreementReport::compute(rubric, people, judge, &error);
    if (!r)
        qFatal("%s", qPrintable(error));
    return *r;
}

} // namespace

// The agreement report over the fixture sheets. Expected figures were worked out by hand from
// the sheets (and checked with a short script outside the project): the judge agrees with
// sheet_a on every claims_cited level and says 4 on directness where both people say 2.
class TestAgreementReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairs_data();
    void pairs();
    void judgeSheetIsCutToTheCalibrationSet();
    void worstHumanJudgeCriterion();
    void alphaOnlyWithMoreThanTwoRaters();
    void textAndJsonCarryTheSameFigures();
    void refusals_data();
    void refusals();
};

void TestAgreementReport::pairs_data()
{
    QTest::addColumn<int>("pair");
    QTest::addColumn<QString>("criterion");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("excluded");
    QTest::addColumn<double>("percent");
    QTest::addColumn<double>("kappa");
    QTest::addColumn<double>("linear");
    QTest::addColumn<double>("quadratic");
    // kappa = (p_o - p_e) / (1 - p_e); e.g. sheet_a x judge on directness: p_o = 5/8,
    // margins a (2/8, 3/8, 0, 3/8), judge (2/8, 0, 0, 6/8): p_e = 22/64, kappa = 3/7.
    QTest::addRow("a-b claims") << 0 << "claims_cited" << 8 << 0 << 87.5 << 5.0 / 6.0 << 0.894737
                                << 0.944444;
    QTest::addRow("a-b directness, one blank")
        << 0 << "directness" << 7 << 1 << 100.0 << 1.0 << 1.0 << 1.0;
    QTest::addRow("a-b counter") << 0 << "counterargument" << 8 << 0 << 87.5 << 0.809524 << 0.9
                                 << 0.956522;
    QTest::addRow("a-judge claims") << 1 << "claims_cited" << 8 << 0 << 100.0 << 1.0 << 1.0 << 1.0;
    QTest::addRow("a-judge directness")
        << 1 << "directness" << 8 << 0 << 62.5 << 3.0 / 7.0 << 0.5 << 0.6;
    QTest::addRow("b-judge directness")
        << 2 << "directness" << 7 << 1 << 400.0 / 7.0 << 0.3 << 0.363636 << 0.461538;
    QTest::addRow("b-judge counter")
        << 2 << "counterargument" << 8 << 0 << 75.0 << 0.636364 << 0.8 << 0.909091;
}

void TestAgreementReport::pairs()
{
    QFETCH(int, pair);
    QFETCH(QString, criterion);
    QFETCH(int, n);
    QFETCH(int, excluded);
    QFETCH(double, percent);
    QFETCH(double, kappa);
    QFETCH(double, linear);
    QFETCH(double, quadratic);
    const AgreementReport r = report(true);
    QCOMPARE(r.pairs.size(), 3);
    QCOMPARE(r.pairs.at(0).humanJudge, false);
    QCOMPARE(r.pairs.at(1).secondRater, QStringLiteral("judge"));
    const AgreementPair& p = r.pairs.at(pair);
    const CriterionAgreement* a = nullptr;
    for (const CriterionAgreement& c : p.criteria) {
        if (c.criterionId == criterion)
            a = &c;
    }
    QVERIFY(a);
    QCOMPARE(a->matrix.total(), n);
    QCOMPARE(a->matrix.excluded(), excluded);
    QVERIFY(std::abs(*a->percentAgreement - percent) < 1e-9);
    QVERIFY2(std::abs(a->unweighted.kappa - kappa) < 1e-5,
             qPrintable(QString::number(a->unweighted.kappa)));
    QVERIFY(std::abs(a->linear.kappa - linear) < 1e-5);
    QVERIFY(std::abs(a->quadratic.kappa - quadratic) < 1e-5);
    QVERIFY(a->unweighted.defined);
    QVERIFY(a->unweighted.lower <= a->unweighted.kappa &&
            a->unweighted.kappa <= a->unweighted.upper);
}

void TestAgreementReport::judgeSheetIsCutToTheCalibrationSet()
{
    const AgreementReport r = report(true);
    QCOMPARE(r.files.size(), 8);
    QVERIFY(!r.files.contains(QStringLiteral("f9.txt")));
    QCOMPARE(r.raters.constLast().sheet.rows.size(), 8); // f9 and f10 dropped
    QVERIFY(r.judgeMissing.isEmpty());
}

void TestAgreementReport::worstHumanJudgeCriterion()
{
    const AgreementReport r = report(true);
    QVERIFY(r.worst);
    QCOMPARE(r.worst->criterionId, QStringLiteral("directness"));
    QCOMPARE(r.worst->firstRater, QStringLiteral("sheet_b"));
    QVERIFY(std::abs(r.worst->value - 0.3) < 1e-9);
    QCOMPARE(r.worst->disagreementText(), QStringLiteral("sheet_b 2, judge 4: 3 times"));
    QCOMPARE(AgreementText::worstSentence(r),
             QStringLiteral("directness (sheet_b x judge): kappa 0.300 (fair); most frequent "
                            "disagreement sheet_b 2, judge 4: 3 times"));
    QVERIFY(!report(false).worst); // no judge, no human-judge criterion
}

void TestAgreementReport::alphaOnlyWithMoreThanTwoRaters()
{
    QVERIFY(report(false).alpha.isEmpty());
    const AgreementReport r = report(true);
    QCOMPARE(r.alpha.size(), 3);
    for (const AlphaEstimate& a : r.alpha)
        QCOMPARE(a.metric, AlphaMetric::Ordinal);
    QVERIFY(r.alpha.at(0).defined);
    QCOMPARE(r.alpha.at(1).missingValues, 1); // sheet_b's blank directness on f5
}

void TestAgreementReport::textAndJsonCarryTheSameFigures()
{
    const AgreementReport r = report(true);
    const QString console = AgreementText::console(r);
    const QString md = QString::fromUtf8(AgreementText::markdown(r));
    for (const QString& figure :
         {QStringLiteral("0.300"), QStringLiteral("57.1%"), QStringLiteral("0.429"),
          QStringLiteral("moderate"), QStringLiteral("Krippendorff's alpha")}) {
        QVERIFY2(console.contains(figure), qPrintable(figure));
        QVERIFY2(md.contains(figure), qPrintable(figure));
    }
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(QLatin1String("format")).toString(),
             QStringLiteral("probebench/agreement@1"));
    const QJsonObject worst = json.value(QLatin1String("worst_human_judge")).toObject();
    QCOMPARE(worst.value(QLatin1String("criterion")).toString(), QStringLiteral("directness"));
    QCOMPARE(worst.value(QLatin1String("most_frequent_disagreement"))
                 .toObject()
                 .value(QLatin1String("count"))
                 .toInt(),
             3);
    const QJsonObject bj = json.value(QLatin1String("pairs")).toArray().at(2).toObject();
    const QJsonObject dir = bj.value(QLatin1String("criteria")).toArray().at(1).toObject();
    QCOMPARE(dir.value(QLatin1String("kappa")).toObject().value(QLatin1String("band")).toString(),
             QStringLiteral("fair"));
    const QJsonArray counts = dir.value(QLatin1String("confusion_matrix"))
                                  .toObject()
                                  .value(QLatin1String("counts"))
                                  .toArray();
    QCOMPARE(counts.at(1).toArray().at(3).toInt(), 3); // sheet_b 2, judge 4
}

void TestAgreementReport::refusals_data()
{
    QTest::addColumn<int>("people");
    QTest::addColumn<bool>("sameNames");
    QTest::addColumn<QString>("says");
    QTest::addRow("one person") << 1 << false << "at least two people";
    QTest::addRow("same names") << 2 << true << "both named \"x\"";
}

void TestAgreementReport::refusals()
{
    QFETCH(int, people);
    QFETCH(bool, sameNames);
    QFETCH(QString, says);
    const Rubric rubric = libraryRubric();
    QString error;
    const auto sheet = ScoreSheetCsv::readFile(data(QStringLiteral("sheet_a.csv")), rubric, &error);
    QVERIFY(sheet);
    QList<RaterSheet> sheets;
    for (int i = 0; i < people; ++i)
        sheets << RaterSheet{sameNames ? QStringLiteral("x") : QString::number(i), false, *sheet};
    QVERIFY(!AgreementReport::compute(rubric, sheets, std::nullopt, &error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestAgreementReport)
#include "tst_agreementreport.moc"
