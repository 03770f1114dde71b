// The judge results view over a real stand-in run of the tutorial's padding probe (run
// through the core as `probebench run` does): the heat map, the Part III table, the
// construction score, the stability check, the evidence quotes, the review list and the
// side-by-side table, every model under QAbstractItemModelTester.
#include "ExampleJudgeProbe.h"
#include "judge/BeforeAfterModel.h"
#include "judge/ConstructionMissModel.h"
#include "judge/ConstructionModel.h"
#include "judge/CriterionHeatMapDelegate.h"
#include "judge/CriterionHeatMapModel.h"
#include "judge/EvidenceTally.h"
#include "judge/EvidenceView.h"
#include "judge/JudgeCallsModel.h"
#include "judge/JudgeComparisonModel.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeResultsView.h"
#include "judge/StabilityModel.h"
#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

JudgeProbeDocument twoJudges()
{
    JudgeProbeDocument doc = test::exampleJudgeProbe();
    JudgeConfig without = doc.judges.first();
    without.name = QStringLiteral("no quotes");
    without.requireEvidence = false;
    doc.judges << without;
    return doc;
}

QStringList tableRows(const QString& table)
{
    QStringList lines = table.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (!lines.isEmpty())
        lines.removeFirst(); // the header
    return lines;
}

QString labelText(const QWidget& view, const char* name)
{
    const QLabel* label = view.findChild<QLabel*>(QLatin1String(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

int columnOf(const CriterionHeatMapModel& model, const QString& criterion)
{
    for (int c = 0; c < model.columnCount(); ++c) {
        if (model.index(0, c).data(CriterionHeatMapModel::CriterionIdRole).toString() == criterion)
            return c;
    }
    return -1;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(40, 40, 44));
    p.setColor(QPalette::WindowText, QColor(230, 230, 230));
    p.setColor(QPalette::Base, QColor(30, 30, 33));
    p.setColor(QPalette::AlternateBase, QColor(45, 45, 50));
    p.setColor(QPalette::Text, QColor(230, 230, 230));
    p.setColor(QPalette::Button, QColor(50, 50, 55));
    p.setColor(QPalette::ButtonText, QColor(230, 230, 230));
    p.setColor(QPalette::Highlight, QColor(42, 130, 218));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(90, 90, 95));
    p.setColor(QPalette::ToolTipBase, QColor(50, 50, 55));
    p.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
    return p;
}

} // namespace

class TestJudgeResults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void heatMapShowsTheCoreDeltas();
    void beforeAfterModelIsThePartThreeTable();
    void showsConstructionScoreAndStability();
    void keepsSelectionsOnRefresh();
    void missesFollowARunInPlace();
    void comparesTwoJudgesSideBySide();
    void unscoredCellsAreNotANumberAndReviewsAreListed();
    void everyModelPassesTheTester();
    void grabsLightAndDark();

private:
    QTemporaryDir m_dir;
    JudgeProbeDocument m_doc;
    JudgeAnalysis m_analysis;
    JudgeProbeDocument m_doc2;
    JudgeAnalysis m_analysis2;
    JudgeAnalysis m_analysis3; // every padded call REVIEW_NEEDED
    QList<QList<JudgedCall>> m_calls;
};

void TestJudgeResults::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<QList<pb::JudgedCall>>();
    QVERIFY(m_dir.isValid());
    m_doc = test::exampleJudgeProbe();
    QCOMPARE(m_doc.items.size(), 3);
    m_calls = test::runJudges(m_doc, m_dir.filePath(QStringLiteral("one.pbrun")));
    QCOMPARE(m_calls.size(), 1);
    m_analysis = JudgeAnalysis::compute(m_doc, m_calls);
    m_doc2 = twoJudges();
    const QList<QList<JudgedCall>> calls2 =
        test::runJudges(m_doc2, m_dir.filePath(QStringLiteral("two.pbrun")));
    QCOMPARE(calls2.size(), 2);
    m_analysis2 = JudgeAnalysis::compute(m_doc2, calls2);
}

void TestJudgeResults::heatMapShowsTheCoreDeltas()
{
    JudgeResultsView view;
    view.showResults(m_doc, m_analysis);
    const CriterionHeatMapModel& heat = *view.heatMapModel();
    const JudgeRunAnalysis& run = m_analysis.judges.first();
    QCOMPARE(heat.rowCount(), int(run.effects.size()));
    QCOMPARE(heat.columnCount(), int(m_doc.rubric.criteria.size()) + 1);
    QCOMPARE(heat.propertyAt(0), QStringLiteral("padding"));

    // The tutorial's padding x directness: s02 and s03 up one level, s01 unchanged.
    const int directness = columnOf(heat, QStringLiteral("directness"));
    QVERIFY(directness >= 0);
    const QModelIndex cell = heat.index(0, directness);
    QCOMPARE(cell.data().toString(), QStringLiteral("+0.67"));
    QCOMPARE(cell.data(CriterionHeatMapModel::FlipsTextRole).toString(), QStringLiteral("2/3"));
    QCOMPARE(cell.data(CriterionHeatMapModel::FlipsRole).toInt(), 2);
    QVERIFY(cell.data(CriterionHeatMapModel::IntensityRole).toDouble() > 0.0);
    QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Sign-flip p = 0.5")));

    // Every cell is the core's number, nothing recomputed.
    const PropertyEffect& padding = run.effects.first();
    for (const CriterionEffect& c : padding.criteria) {
        const QModelIndex at = heat.index(0, columnOf(heat, c.criterionId));
        QCOMPARE(at.data(CriterionHeatMapModel::MeanDeltaRole).toDouble(), c.meanDelta);
        QCOMPARE(at.data().toString(), NumberText::signedFixed(c.meanDelta, 2));
        QCOMPARE(at.data(CriterionHeatMapModel::FlipsTextRole).toString(),
                 QStringLiteral("%1/%2").arg(c.flips).arg(c.comparisons));
        QCOMPARE(at.data(CriterionHeatMapModel::PValueRole).toDouble(), c.signFlip.p);
    }
    const QModelIndex claims = heat.index(0, columnOf(heat, QStringLiteral("claims_cited")));
    QCOMPARE(claims.data().toString(), QStringLiteral("+0.00"));
    QCOMPARE(claims.data(CriterionHeatMapModel::IntensityRole).toDouble(), 0.0);
    QVERIFY(padding.total.has_value());
    const QModelIndex total = heat.index(0, heat.totalColumn());
    QCOMPARE(total.data(CriterionHeatMapModel::CriterionIdRole).toString(),
             QStringLiteral("weighted_total"));
    QCOMPARE(total.data(CriterionHeatMapModel::MeanDeltaRole).toDouble(), padding.total->meanDelta);

    // Diverging colours: grey at zero, red up, blue down.
    const QPalette light = QApplication::palette();
    const QColor up = ThemeColours::heat(1.0, light);
    const QColor down = ThemeColours::heat(-1.0, light);
    const QColor zero = ThemeColours::heat(0.0, light);
    QVERIFY(up.red() > up.blue());
    QVERIFY(down.blue() > down.red());
    QVERIFY(std::abs(zero.red() - zero.blue()) < 8);
}

void TestJudgeResults::beforeAfterModelIsThePartThreeTable()
{
    JudgeResultsView view;
    view.showResults(m_doc, m_analysis);
    QCOMPARE(view.currentProperty(), QStringLiteral("padding"));
    const BeforeAfterModel& model = *view.beforeAfterModel();
    const PropertyEffect& padding = m_analysis.judges.first().effects.first();
    const QStringList lines = tableRows(JudgeConsoleText::deltaTable(padding, m_doc.rubric));
    QCOMPARE(lines.size(), 9);
    QCOMPARE(model.rowCount(), int(lines.size()));
    for (int r = 0; r < model.rowCount(); ++r) {
        const QStringList fields =
            lines.at(r).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        QCOMPARE(fields.size(), int(BeforeAfterModel::ColumnCount));
        for (int c = 0; c < BeforeAfterModel::ColumnCount; ++c)
            QCOMPARE(model.index(r, c).data().toString(), fields.at(c));
    }
    // The tutorial's rows themselves: s02 and s03 directness 2 -> 3, s01 unchanged.
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString sample = model.index(r, BeforeAfterModel::SampleColumn).data().toString();
        const QString criterion =
            model.index(r, BeforeAfterModel::CriterionColumn).data().toString();
        const QString delta = model.index(r, BeforeAfterModel::DeltaColumn).data().toString();
        if (sample != QLatin1String("s01") && criterion == QLatin1String("directness")) {
            QCOMPARE(model.index(r, BeforeAfterModel::BeforeColumn).data().toString(),
                     QStringLiteral("2"));
            QCOMPARE(model.index(r, BeforeAfterModel::AfterColumn).data().toString(),
                     QStringLiteral("3"));
            QCOMPARE(delta, QStringLiteral("+1"));
            QVERIFY(model.index(r, 0).data(BeforeAfterModel::FlippedRole).toBool());
        } else {
            QCOMPARE(delta, QStringLiteral("+0"));
        }
    }
    QCOMPARE(model.index(0, BeforeAfterModel::WordsColumn).data().toString(), QStringLiteral("89"));
    QVERIFY(
        labelText(view, "flipLine").startsWith(QStringLiteral("padding flipped 2 of 9 verdicts")));
}

void TestJudgeResults::showsConstructionScoreAndStability()
{
    JudgeResultsView view;
    view.showResults(m_doc, m_analysis);
    const JudgeRunAnalysis& run = m_analysis.judges.first();
    QCOMPARE(labelText(view, "constructionHeadline"),
             QStringLiteral("16 of 18 verdicts as built (exact ceiling 18)"));
    QCOMPARE(labelText(view, "shortfallLine"),
             QStringLiteral("The shortfall is attributed to padding."));
    const ConstructionModel& groups = *view.constructionModel();
    QCOMPARE(groups.rowCount(), int(run.construction.byGroup.size()));
    QCOMPARE(groups.index(0, 0).data(ConstructionModel::GroupRole).toString(),
             QStringLiteral("base"));
    QCOMPARE(groups.index(0, ConstructionModel::AsBuiltColumn).data().toString(),
             QStringLiteral("9"));
    QCOMPARE(groups.index(1, 0).data(ConstructionModel::GroupRole).toString(),
             QStringLiteral("padding"));
    QCOMPARE(groups.index(1, ConstructionModel::AsBuiltColumn).data().toString(),
             QStringLiteral("7"));
    QCOMPARE(groups.index(1, ConstructionModel::CeilingColumn).data().toString(),
             QStringLiteral("9"));
    QCOMPARE(groups.index(1, ConstructionModel::NotScoredColumn).data().toString(),
             QStringLiteral("0"));
    QCOMPARE(groups.index(1, ConstructionModel::ShortfallColumn).data().toString(),
             QStringLiteral("2"));

    const ConstructionMissModel& misses = *view.missModel();
    QCOMPARE(misses.rowCount(), 2);
    QStringList items;
    for (int r = 0; r < misses.rowCount(); ++r) {
        items << misses.index(r, ConstructionMissModel::ItemColumn).data().toString();
        QCOMPARE(misses.index(r, ConstructionMissModel::CriterionColumn).data().toString(),
                 QStringLiteral("directness"));
        QCOMPARE(misses.index(r, ConstructionMissModel::DeservedColumn).data().toString(),
                 QStringLiteral("2"));
        QCOMPARE(misses.index(r, ConstructionMissModel::GotColumn).data().toString(),
                 QStringLiteral("3"));
        QCOMPARE(misses.index(r, ConstructionMissModel::WhyColumn).data().toString(),
                 QStringLiteral("judged otherwise"));
    }
    QCOMPARE(items, (QStringList{QStringLiteral("s02"), QStringLiteral("s03")}));
    // No pairwise items in this probe: no position line.
    QVERIFY(view.findChild<QLabel*>(QStringLiteral("positionLine"))->isHidden());

    QCOMPARE(labelText(view, "stabilityLine"), JudgeConsoleText::stabilityLine(run.stability));
    const StabilityModel& stability = *view.stabilityModel();
    QCOMPARE(stability.rowCount(), 6);
    QCOMPARE(stability.repeats(), 5);
    QCOMPARE(stability.columnCount(), int(StabilityModel::FirstRepeatColumn) + 5);
    for (int r = 0; r < stability.rowCount(); ++r) {
        QCOMPARE(stability.index(r, StabilityModel::ItemColumn).data().toString(),
                 QStringLiteral("s02"));
        QVERIFY(!stability.index(r, 0).data(StabilityModel::WobblesRole).toBool());
        const StabilityCell& cell = run.stability.cells.at(r);
        for (int k = 0; k < 5; ++k)
            QCOMPARE(stability.index(r, StabilityModel::FirstRepeatColumn + k).data().toString(),
                     JudgeConsoleText::verdictText(cell.values.value(k), m_doc.rubric, false));
    }
    // Position consistency, planted in the core values (the stand-in probe has no pairs):
    // shown as the console words it.
    JudgeAnalysis withPairs = m_analysis;
    PositionConsistency& position = withPairs.judges[0].position;
    position.pairs = 2;
    position.choices = 6;
    position.consistent = 4;
    position.firstPosition = 2;
    view.showResults(m_doc, withPairs);
    QVERIFY(!view.findChild<QLabel*>(QStringLiteral("positionLine"))->isHidden());
    QCOMPARE(labelText(view, "positionLine"), JudgeConsoleText::positionLine(position));

    // A wobble the stand-in never produces, planted in the core values: marked.
    StabilityResult wobbly = run.stability;
    wobbly.cells[1].values[3] = 4;
    StabilityModel planted;
    QAbstractItemModelTester tester(&planted);
    planted.setStability(wobbly, m_doc.rubric, {});
    QVERIFY(planted.index(1, 0).data(StabilityModel::WobblesRole).toBool());
    QCOMPARE(planted.index(1, StabilityModel::StatusColumn).data().toString(),
             QStringLiteral("wobbles"));
    QVERIFY(planted.index(1, StabilityModel::FirstRepeatColumn + 3)
                .data(StabilityModel::DiffersRole)
                .toBool());
    QVERIFY(!planted.index(1, StabilityModel::FirstRepeatColumn + 2)
                 .data(StabilityModel::DiffersRole)
                 .toBool());
    QVERIFY(!planted.index(0, 0).data(StabilityModel::WobblesRole).toBool());
}

void TestJudgeResults::keepsSelectionsOnRefresh()
{
    JudgeResultsView view;
    view.showResults(m_doc2, m_analysis2);
    view.setCurrentJudge(1);
    view.tabs()->setCurrentIndex(JudgeResultsView::StabilityTab);
    QVERIFY(view.evidenceView()->selectCall(QStringLiteral("s03"), QStringLiteral("padded")));
    QSignalSpy resets(view.evidenceView()->callsModel(), &QAbstractItemModel::modelReset);
    // The judge box is not refilled with the same judges (an open list would close).
    auto* judgeBox = view.findChild<QComboBox*>(QStringLiteral("judgeBox"));
    QVERIFY(judgeBox);
    QSignalSpy judgesRemoved(judgeBox->model(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy judgesReset(judgeBox->model(), &QAbstractItemModel::modelReset);
    view.showResults(m_doc2, m_analysis2);
    QCOMPARE(judgesRemoved.size() + judgesReset.size(), 0);
    QCOMPARE(view.currentJudge(), 1);
    QCOMPARE(view.tabs()->currentIndex(), int(JudgeResultsView::StabilityTab));
    QCOMPARE(view.currentProperty(), QStringLiteral("padding"));
    const JudgedCall* current = view.evidenceView()->currentCall();
    QVERIFY(current);
    QCOMPARE(current->itemId, QStringLiteral("s03"));
    QCOMPARE(current->variantId, QStringLiteral("padded"));
    QCOMPARE(resets.size(), 0); // same calls: values changed in place
}

void TestJudgeResults::missesFollowARunInPlace()
{
    // While a run goes on each analysis has more calls: the misses of calls not made yet
    // ("no reply") go as replies come back as built. The table drops just those rows, so
    // the selected miss stays selected.
    const QList<JudgedCall>& calls = m_calls.first();
    QList<QList<ConstructionMiss>> stages;
    for (qsizetype n = 0; n <= calls.size(); ++n)
        stages
            << JudgeAnalysis::compute(m_doc, {calls.mid(0, n)}).judges.first().construction.misses;
    QVERIFY(stages.first().size() > stages.last().size());
    QVERIFY(!stages.last().isEmpty());
    const auto rowOf = [](const ConstructionMissModel& model, const ConstructionMiss& miss) {
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex i = model.index(r, ConstructionMissModel::CriterionColumn);
            if (i.data(ConstructionMissModel::ItemIdRole).toString() == miss.itemId &&
                i.data(ConstructionMissModel::VariantIdRole).toString() == miss.variantId &&
                i.data().toString() == miss.criterionId)
                return r;
        }
        return -1;
    };

    ConstructionMissModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QItemSelectionModel selection(&model);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.setMisses(stages.first(), m_doc.rubric, {});
    QCOMPARE(resets.size(), 1); // the first table is a new one
    const ConstructionMiss kept = stages.last().constLast();
    const int start = rowOf(model, kept);
    QVERIFY(start >= 0);
    selection.setCurrentIndex(model.index(start, 0), QItemSelectionModel::SelectCurrent);
    for (const QList<ConstructionMiss>& stage : std::as_const(stages))
        model.setMisses(stage, m_doc.rubric, {});
    QCOMPARE(resets.size(), 1);
    QVERIFY(removed.size() > 0);
    QCOMPARE(model.rowCount(), int(stages.last().size()));
    QCOMPARE(selection.currentIndex().row(), rowOf(model, kept));
    QVERIFY(selection.currentIndex().row() < start);

    // The other way (the analysis of a shorter store) puts the rows back in their places.
    model.setMisses(stages.first(), m_doc.rubric, {});
    QCOMPARE(resets.size(), 1);
    QVERIFY(inserted.size() > 0);
    QCOMPARE(model.rowCount(), int(stages.first().size()));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(rowOf(model, stages.first().at(r)), r);
    QCOMPARE(selection.currentIndex().row(), start);

    // A changed rubric is a new table.
    Rubric other = m_doc.rubric;
    other.title += QStringLiteral(" (edited)");
    model.setMisses(stages.first(), other, {});
    QCOMPARE(resets.size(), 2);
    QVERIFY(!QTest::currentTestFailed());
}

void TestJudgeResults::comparesTwoJudgesSideBySide()
{
    JudgeResultsView view;
    view.showResults(m_doc, m_analysis);
    const QComboBox* judges = view.findChild<QComboBox*>(QStringLiteral("judgeBox"));
    QVERIFY(judges);
    QVERIFY(judges->isHidden()); // one judge: no selector
    QVERIFY(!view.tabs()->isTabVisible(JudgeResultsView::CompareTab));

    view.showResults(m_doc2, m_analysis2);
    QVERIFY(!judges->isHidden());
    QCOMPARE(judges->count(), 2);
    QVERIFY(view.tabs()->isTabVisible(JudgeResultsView::CompareTab));
    const JudgeComparisonModel& model = *view.comparisonModel();
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("stand-in judge"));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("no quotes"));
    auto row = [&](const QString& key) {
        for (int r = 0; r < model.rowCount(); ++r) {
            if (model.index(r, 0).data(JudgeComparisonModel::MeasureKeyRole).toString() == key)
                return r;
        }
        return -1;
    };
    const int built = row(QStringLiteral("as_built"));
    QVERIFY(built >= 0);
    QCOMPARE(model.index(built, 1).data().toString(), QStringLiteral("16 of 18"));
    QCOMPARE(model.index(built, 2).data().toString(), QStringLiteral("16 of 18"));
    const int flips = row(QStringLiteral("flips:padding"));
    QVERIFY(flips >= 0);
    QCOMPARE(model.index(flips, 1).data().toString(), QStringLiteral("2 of 9"));
    const int quotes = row(QStringLiteral("hallucinated"));
    QCOMPARE(model.index(quotes, 1).data().toString(),
             m_analysis2.judges.at(0).evidence.rateText());
    QCOMPARE(model.index(quotes, 2).data().toString(), QStringLiteral("no quotes checked"));
    const int stability = row(QStringLiteral("stability"));
    QCOMPARE(model.index(stability, 1).data().toString(), QStringLiteral("0 of 6 wobbled"));

    // The selector switches every other part to that judge.
    QSignalSpy changed(&view, &JudgeResultsView::currentJudgeChanged);
    view.setCurrentJudge(1);
    QCOMPARE(changed.size(), 1);
    QVERIFY(labelText(view, "runSummary").startsWith(QStringLiteral("no quotes")));
    QCOMPARE(view.evidenceView()->callsModel()->rowCount(),
             int(m_analysis2.judges.at(1).calls.size()));
}

void TestJudgeResults::unscoredCellsAreNotANumberAndReviewsAreListed()
{
    // Every padded call comes back REVIEW_NEEDED: nothing of padding can be compared.
    QList<JudgedCall> calls = m_calls.first();
    int review = 0;
    for (JudgedCall& c : calls) {
        if (c.property == QLatin1String("padding") && !c.isRepeat()) {
            c.verdict = JudgeVerdict::reviewNeeded(QStringLiteral("{\"criteria\": oops"),
                                                   {QStringLiteral("reply is not valid JSON")}, 3);
            ++review;
        }
    }
    QCOMPARE(review, 3);
    const JudgeAnalysis analysis = JudgeAnalysis::compute(m_doc, {calls});
    JudgeResultsView view;
    view.showResults(m_doc, analysis);
    const CriterionHeatMapModel& heat = *view.heatMapModel();
    for (int c = 0; c < heat.columnCount(); ++c) {
        const QModelIndex at = heat.index(0, c);
        QCOMPARE(at.data().toString(), QStringLiteral("n/a"));
        QVERIFY(std::isnan(at.data(CriterionHeatMapModel::IntensityRole).toDouble()));
    }
    const BeforeAfterModel& table = *view.beforeAfterModel();
    for (int r = 0; r < table.rowCount(); ++r) {
        QCOMPARE(table.index(r, BeforeAfterModel::AfterColumn).data().toString(),
                 QStringLiteral("n/a"));
        QVERIFY(!table.index(r, 0).data(BeforeAfterModel::DeltaRole).isValid());
    }
    QCOMPARE(view.tabs()->tabText(JudgeResultsView::ReviewTab),
             QStringLiteral("Review needed (3)"));
    const QPlainTextEdit* raw = view.findChild<QPlainTextEdit*>(QStringLiteral("reviewText"));
    QVERIFY(raw);
    QVERIFY(raw->toPlainText().contains(QStringLiteral("{\"criteria\": oops")));
    QVERIFY(raw->toPlainText().contains(QStringLiteral("reply is not valid JSON")));
    QVERIFY(labelText(view, "constructionHeadline").contains(QStringLiteral("not scored")));
    const ConstructionMissModel& misses = *view.missModel();
    int notScored = 0;
    for (int r = 0; r < misses.rowCount(); ++r) {
        if (misses.index(r, ConstructionMissModel::WhyColumn).data().toString() ==
            QLatin1String("REVIEW_NEEDED")) {
            ++notScored;
            QCOMPARE(misses.index(r, ConstructionMissModel::GotColumn).data().toString(),
                     QStringLiteral("n/a"));
        }
    }
    QCOMPARE(notScored, 9);
    m_analysis3 = analysis;
}

void TestJudgeResults::everyModelPassesTheTester()
{
    JudgeResultsView view;
    QList<QAbstractItemModel*> models{view.heatMapModel(),      view.beforeAfterModel(),
                                      view.constructionModel(), view.missModel(),
                                      view.stabilityModel(),    view.comparisonModel(),
                                      view.reviewCallsModel(),  view.evidenceView()->callsModel()};
    QList<QAbstractItemModelTester*> testers;
    for (QAbstractItemModel* m : models)
        testers << new QAbstractItemModelTester(
            m, QAbstractItemModelTester::FailureReportingMode::QtTest, &view);
    view.showResults(m_doc, m_analysis);
    view.showResults(m_doc, m_analysis);   // in place
    view.showResults(m_doc2, m_analysis2); // reshaped
    view.setCurrentJudge(1);
    view.setCurrentJudge(0);
    view.showResults(m_doc, m_analysis3);
    view.clear();
    view.showResults(m_doc, m_analysis);
    // Calls arriving during a run: a prefix first, then the rest appended.
    JudgeCallsModel calls;
    QAbstractItemModelTester callsTester(&calls,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&calls, &QAbstractItemModel::rowsInserted);
    calls.setCalls(m_calls.first().mid(0, 4));
    calls.setCalls(m_calls.first());
    QCOMPARE(calls.rowCount(), int(m_calls.first().size()));
    QCOMPARE(inserted.size(), 2);
    QVERIFY(!QTest::currentTestFailed());
}

void TestJudgeResults::grabsLightAndDark()
{
    const QString outDir = qEnvironmentVariable("PB_JUDGE_RESULTS_PNG");
    const QPalette original = QApplication::palette();
    struct Shot
    {
        QString name;
        const JudgeProbeDocument* doc;
        const JudgeAnalysis* analysis;
    };
    JudgeAnalysis wobbly = m_analysis;
    wobbly.judges[0].stability.cells[1].values[3] = 4;
    const QList<Shot> shots{{QStringLiteral("wobble"), &m_doc, &wobbly},
                            {QStringLiteral("one"), &m_doc, &m_analysis},
                            {QStringLiteral("two"), &m_doc2, &m_analysis2},
                            {QStringLiteral("review"), &m_doc, &m_analysis3}};
    for (const bool dark : {false, true}) {
        QApplication::setPalette(dark ? darkPalette() : original);
        for (const Shot& shot : shots) {
            JudgeResultsView view;
            view.resize(1200, 760);
            view.showResults(*shot.doc, *shot.analysis);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            for (int tab = 0; tab < view.tabs()->count(); ++tab) {
                if (!view.tabs()->isTabVisible(tab))
                    continue;
                view.tabs()->setCurrentIndex(tab);
                if (tab == JudgeResultsView::EvidenceTab)
                    view.evidenceView()->selectCall(QStringLiteral("s02"),
                                                    QStringLiteral("padded"));
                QCoreApplication::processEvents();
                const QImage image = view.grab().toImage();
                QVERIFY(!image.isNull());
                if (!outDir.isEmpty())
                    QVERIFY(image.save(QDir(outDir).filePath(
                        QStringLiteral("judge-%1-%2-%3.png")
                            .arg(shot.name)
                            .arg(tab)
                            .arg(dark ? QStringLiteral("dark") : QStringLiteral("light")))));
            }
        }
        if (!outDir.isEmpty()) {
            EvidenceView evidence;
            evidence.resize(1100, 560);
            const JudgedCall call = test::quotedCall(
                m_doc, QStringLiteral("I think the library should probably stay open later"),
                QStringLiteral("Some students have said they wish it were open longer"),
                QStringLiteral("The library board voted unanimously against it"));
            evidence.setCalls(m_doc, {call}, EvidenceTally::compute({call}, 90.0));
            evidence.show();
            QVERIFY(QTest::qWaitForWindowExposed(&evidence));
            QVERIFY(evidence.grab().save(QDir(outDir).filePath(
                QStringLiteral("judge-evidence-invented-%1.png")
                    .arg(dark ? QStringLiteral("dark") : QStringLiteral("light")))));
        }
    }
    QApplication::setPalette(original);
}

QTEST_MAIN(TestJudgeResults)
#include "tst_judgeresults.moc"
