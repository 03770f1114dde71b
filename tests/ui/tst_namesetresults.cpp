#include "NameSetViews.h"
#include "nameset/GroupBarsChartView.h"
#include "nameset/GroupResultsModel.h"
#include "nameset/ImpactRatioChartView.h"
#include "nameset/NameResultsModel.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetResultsView.h"
#include "nameset/NameSetRun.h"
#include "nameset/NameStripChartView.h"
#include "report/NumberText.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

QString cellsOf(const QAbstractItemModel* model, int row, const QList<int>& columns)
{
    QStringList cells;
    for (int c : columns)
        cells << model->index(row, c).data().toString();
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

// Two groups of four names, one seed each: group A's favourable replies, then B's.
struct Planted
{
    NameSetDocument doc;
    NameSetResults results;
};

Planted planted(int favourableA, int favourableB, int seeds)
{
    Planted p;
    p.doc = test::resumeScreening();
    p.doc.names.clear();
    for (const QString& g : {QStringLiteral("A"), QStringLiteral("B")}) {
        for (int i = 0; i < 4; ++i)
            p.doc.names << NameEntry{g + QString::number(i + 1), g, {}};
    }
    for (int n = 0; n < 8; ++n) {
        for (int s = 0; s < seeds; ++s) {
            const int k = (n % 4) * seeds + s; // the reply's place in its group
            const bool favourable = k < (n < 4 ? favourableA : favourableB);
            NameSetObservation o;
            o.name = n;
            o.seed = s + 1;
            o.score = favourable ? 8.0 : 3.0;
            o.decision = favourable ? QStringLiteral("advance") : QStringLiteral("reject");
            o.favourable = favourable;
            p.results.observations << o;
        }
    }
    p.results.planned = int(p.results.observations.size());
    return p;
}

// The probe run in-process on the stand-in into a store, as `probebench run` runs it.
NameSetAnalysis onStandIn(const NameSetDocument& doc)
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    if (!store.open(dir.filePath(QStringLiteral("n.pbrun")), &error))
        qFatal("cannot set up the run: %s", qPrintable(error));
    RunSession session(&store, {NameSetRun::unit(doc)}, std::make_unique<NameSetAnalyzer>(doc));
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (!finished.wait(120000) ||
        finished.first().at(0).value<RunOutcome>() != RunOutcome::Completed)
        qFatal("the stand-in run did not complete");
    return NameSetAnalysis::compute(doc, *NameSetRun::resultsIn(session.results()));
}

} // namespace

// The name-set results view shows what core concluded, in report.md's own words and
// numbers, for a real run of the example on the stand-in and for planted results.
class TestNameSetResults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void modelsPassTheTester();
    void headerIsTheReports();
    void groupTableIsTheReports();
    void fourFifthsIsTheReports();
    void nameTableIsTheReports();
    void chartsShowTheReportsNumbers();
    void stripPlotIsDeterministic();
    void impactMarks_data();
    void impactMarks();
    void clearShowsNothing();
    void screenshots();

private:
    NameSetDocument m_doc;
    NameSetAnalysis m_analysis;
    QString m_report;
    std::unique_ptr<NameSetResultsView> m_view;
};

void TestNameSetResults::initTestCase()
{
    m_doc = test::resumeScreening();
    // Half the stand-in's replies malformed, so some calls exhaust their three attempts and
    // the data-quality figures are not all zero.
    m_doc.standIn.malformedRate = 0.5;
    m_analysis = onStandIn(m_doc);
    QVERIFY(m_analysis.hasResult());
    QCOMPARE(m_analysis.planned, 320);
    QVERIFY(!m_analysis.gaps.isEmpty());
    m_report = NameSetReport::markdown(m_doc, m_analysis);
}

void TestNameSetResults::init()
{
    m_view = std::make_unique<NameSetResultsView>();
    m_view->resize(1200, 800);
    m_view->setAnalysis(m_doc, m_analysis);
}

void TestNameSetResults::cleanup()
{
    m_view.reset();
}

void TestNameSetResults::modelsPassTheTester()
{
    NameSetResultsView view;
    QAbstractItemModelTester groups(view.groupModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester names(view.nameModel(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setAnalysis(m_doc, m_analysis);
    QCOMPARE(view.groupModel()->rowCount(), 4);
    QCOMPARE(view.nameModel()->rowCount(), 32);
    const Planted p = planted(3, 1, 1);
    view.setAnalysis(p.doc, NameSetAnalysis::compute(p.doc, p.results));
    QCOMPARE(view.groupModel()->rowCount(), 2);
    view.clear();
    QCOMPARE(view.nameModel()->rowCount(), 0);
}

void TestNameSetResults::headerIsTheReports()
{
    const QString verdict = NameSetReport::verdict(m_analysis);
    QCOMPARE(m_view->verdictText(), verdict);
    QVERIFY(m_report.contains(verdict));
    // The decisions' test and its p, as the report's Tests section names them.
    const QString decisions = QStringLiteral("Decisions: %1, %2")
                                  .arg(QString::fromStdString(m_analysis.decisions.testName()),
                                       NumberText::pEquals(m_analysis.decisions.p));
    QVERIFY(m_view->testsText().startsWith(decisions));
    QVERIFY(m_report.contains(QStringLiteral("- ") + decisions));
    // The validation failures, counted as the report counts them.
    const QString gaps =
        QStringLiteral("%1 calls gave no usable reply").arg(m_analysis.gaps.size());
    QVERIFY2(m_view->testsText().contains(gaps), qPrintable(m_view->testsText()));
    QVERIFY(m_report.contains(gaps));
    QVERIFY(m_report.contains(QStringLiteral("Calls: %1 planned, %2 recorded, %3 with a usable "
                                             "reply.")
                                  .arg(m_analysis.planned)
                                  .arg(m_analysis.answered)
                                  .arg(m_analysis.scored)));
    QVERIFY(m_view->testsText().contains(
        QStringLiteral("%1 with a usable reply").arg(m_analysis.scored)));
    // 8 names a group: core's warning, word for word.
    QVERIFY(!m_view->warningText().isEmpty());
    QVERIFY(m_report.contains(QStringLiteral("**Warning:** ") + m_view->warningText()));
}

void TestNameSetResults::groupTableIsTheReports()
{
    const GroupResultsModel* model = m_view->groupModel();
    using G = GroupResultsModel;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString line =
            cellsOf(model, row,
                    {G::GroupColumn, G::NamesColumn, G::ScoredColumn, G::MeanColumn, G::SdColumn,
                     G::NameMeanColumn, G::FavourableColumn});
        QVERIFY2(m_report.contains(line + QLatin1Char('\n')), qPrintable(line));
    }
}

void TestNameSetResults::fourFifthsIsTheReports()
{
    const GroupResultsModel* model = m_view->groupModel();
    using G = GroupResultsModel;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString line = cellsOf(model, row,
                                     {G::GroupColumn, G::FavourableColumn, G::RatioColumn,
                                      G::FlaggedColumn, G::FragileColumn});
        QVERIFY2(m_report.contains(line + QLatin1Char('\n')), qPrintable(line));
    }
}

void TestNameSetResults::nameTableIsTheReports()
{
    const NameResultsModel* model = m_view->nameModel();
    using N = NameResultsModel;
    int invalid = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString line = cellsOf(model, row,
                                     {N::NameColumn, N::GroupColumn, N::ScoredColumn, N::MeanColumn,
                                      N::SdColumn, N::FavourableColumn});
        QVERIFY2(m_report.contains(line + QLatin1Char('\n')), qPrintable(line));
        invalid += model->index(row, N::InvalidColumn).data().toInt();
    }
    // Every probe-arm reply that never validated is on its name's row.
    int probeGaps = 0;
    for (const NameSetAnalysis::Gap& g : m_analysis.gaps)
        probeGaps += !g.failed && g.seed < m_doc.noise.seedOffset ? 1 : 0;
    QCOMPARE(invalid, probeGaps);
}

void TestNameSetResults::chartsShowTheReportsNumbers()
{
    const GroupResultsModel* model = m_view->groupModel();
    QCOMPARE(m_view->rateChart()->groups().size(), model->rowCount());
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString group = model->index(row, GroupResultsModel::GroupColumn).data().toString();
        QCOMPARE(m_view->rateChart()->groups().at(row), group);
        QCOMPARE(m_view->rateChart()->valueTexts().at(row),
                 model->index(row, GroupResultsModel::FavourableColumn).data().toString());
        QCOMPARE(m_view->meanChart()->valueTexts().at(row),
                 model->index(row, GroupResultsModel::NameMeanColumn).data().toString());
        QVERIFY(m_view->impactChart()->valueTexts().at(row).startsWith(
            model->index(row, GroupResultsModel::RatioColumn).data().toString()));
        // Each bar's interval holds its value.
        const GroupBarsChartView::Bar& rate = m_view->rateChart()->bars().at(row);
        QVERIFY(rate.lower <= rate.value && rate.value <= rate.upper);
        const GroupBarsChartView::Bar& mean = m_view->meanChart()->bars().at(row);
        QVERIFY(mean.lower <= mean.value && mean.value <= mean.upper);
    }
    // One dot per name with a scored reply, at the report's mean.
    const QList<NameStripChartView::Dot>& dots = m_view->stripChart()->dots();
    QCOMPARE(dots.size(), 32);
    for (const NameStripChartView::Dot& dot : dots) {
        const groups::NameSummary* summary = nullptr;
        for (const groups::NameSummary& n : m_analysis.table->names())
            summary = n.name == dot.name.toStdString() ? &n : summary;
        QVERIFY(summary);
        QCOMPARE(dot.at.x(), summary->scoreMean);
    }
}

void TestNameSetResults::stripPlotIsDeterministic()
{
    NameSetResultsView again;
    again.setAnalysis(m_doc, m_analysis);
    QList<QPointF> first;
    QList<QPointF> second;
    for (const auto& d : m_view->stripChart()->dots())
        first << d.at;
    for (const auto& d : again.stripChart()->dots())
        second << d.at;
    QCOMPARE(first, second);
    // Spread within the row, and no two names of a group at the same height.
    for (int k = 0; k < 40; ++k) {
        QVERIFY(std::abs(NameStripChartView::jitter(k)) <= 0.3);
        for (int j = 0; j < k; ++j)
            QVERIFY(NameStripChartView::jitter(j) != NameStripChartView::jitter(k));
    }
}

void TestNameSetResults::impactMarks_data()
{
    QTest::addColumn<int>("favourableA");
    QTest::addColumn<int>("favourableB");
    QTest::addColumn<int>("seeds");
    QTest::addColumn<bool>("flagged");
    QTest::addColumn<bool>("fragile");
    QTest::addColumn<QString>("ratio");
    // 4 names x 1 seed a group: 3/4 against 2/4 is 0.67, flagged, and one more success for B
    // clears it.
    QTest::addRow("flagged, fragile") << 3 << 2 << 1 << true << true << "0.67";
    // 40 replies a group: 36/40 against 20/40 is 0.56, and no single person moves it.
    QTest::addRow("flagged, solid") << 36 << 20 << 10 << true << false << "0.56";
    QTest::addRow("clear, solid") << 30 << 29 << 10 << false << false << "0.97";
}

void TestNameSetResults::impactMarks()
{
    QFETCH(int, favourableA);
    QFETCH(int, favourableB);
    QFETCH(int, seeds);
    QFETCH(bool, flagged);
    QFETCH(bool, fragile);
    QFETCH(QString, ratio);
    const Planted p = planted(favourableA, favourableB, seeds);
    const NameSetAnalysis a = NameSetAnalysis::compute(p.doc, p.results);
    QVERIFY(a.table.has_value());
    m_view->setAnalysis(p.doc, a);
    const ImpactRatioChartView* chart = m_view->impactChart();
    using Mark = ImpactRatioChartView::Mark;
    QCOMPARE(chart->markOf(0), Mark::Highest);
    QCOMPARE(chart->markOf(1), flagged ? Mark::Flagged : Mark::Clear);
    QCOMPARE(chart->hatched(1), fragile);
    QCOMPARE(chart->hatched(0), false);
    QString text = ratio;
    if (flagged)
        text += QStringLiteral(", flagged");
    if (fragile)
        text += QStringLiteral(", fragile");
    QCOMPARE(chart->valueTexts(), (QStringList{QStringLiteral("highest"), text}));
    const QString report = NameSetReport::markdown(p.doc, a);
    QVERIFY(report.contains(QStringLiteral("| B | %1/%2 (").arg(favourableB).arg(4 * seeds)));
    QVERIFY2(report.contains(QStringLiteral(" | %1 | %2 | %3 |\n")
                                 .arg(ratio, flagged ? QStringLiteral("yes") : QStringLiteral("no"),
                                      fragile ? QStringLiteral("yes") : QStringLiteral("no"))),
             qPrintable(report));
}

void TestNameSetResults::clearShowsNothing()
{
    QVERIFY(m_view->hasResults());
    m_view->clear();
    QVERIFY(!m_view->hasResults());
    QVERIFY(m_view->tabs()->isHidden());
    QVERIFY(m_view->verdictText().isEmpty());
    QVERIFY(m_view->rateChart()->groups().isEmpty());
    QVERIFY(m_view->stripChart()->dots().isEmpty());
}

void TestNameSetResults::screenshots()
{
    if (qEnvironmentVariableIsEmpty("PB_SCREENSHOT_DIR"))
        QSKIP("set PB_SCREENSHOT_DIR to save the views as PNGs");
    // The example as shipped, for the README.
    const NameSetDocument shipped = test::resumeScreening();
    m_view->setAnalysis(shipped, onStandIn(shipped));
    for (int tab : {NameSetResultsView::ChartsTab, NameSetResultsView::GroupsTab,
                    NameSetResultsView::NamesTab}) {
        m_view->tabs()->setCurrentIndex(tab);
        test::screenshot(m_view.get(), QStringLiteral("results-%1").arg(tab));
    }
    m_view->tabs()->setCurrentIndex(NameSetResultsView::ChartsTab);
    const Planted p = planted(3, 2, 1);
    m_view->setAnalysis(p.doc, NameSetAnalysis::compute(p.doc, p.results));
    test::screenshot(m_view.get(), QStringLiteral("results-planted"));
}

QTEST_MAIN(TestNameSetResults)
#include "tst_namesetresults.moc"
