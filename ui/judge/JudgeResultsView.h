#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;

namespace pb {

class BeforeAfterModel;
class ConstructionMissModel;
class ConstructionModel;
class CriterionHeatMapModel;
class EvidenceView;
class JudgeCallsModel;
class JudgeComparisonModel;
class StabilityModel;

// A judge probe's results, a pure view over the core's JudgeAnalysis (it computes nothing):
// a judge selector when several judges ran, then tabs for what moved the verdicts (a
// per-criterion delta heat map over the properties and the tutorial's Part III table for
// one property), the construction score (by group, with the misses and the position
// consistency), the stability check, the evidence quotes in their artifacts, the calls that
// need review, and with two or more judges the side-by-side table. Showing new results keeps
// the chosen judge, property, tab and call where they still exist.
class JudgeResultsView : public QWidget
{
    Q_OBJECT
public:
    enum Tab
    {
        ShiftsTab,
        ConstructionTab,
        StabilityTab,
        EvidenceTab,
        ReviewTab,
        CompareTab
    };

    explicit JudgeResultsView(QWidget* parent = nullptr);
    ~JudgeResultsView() override;

    void showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
    void clear();
    bool hasResults() const { return !m_analysis.judges.isEmpty(); }

    int currentJudge() const;
    void setCurrentJudge(int index);
    QString currentProperty() const;
    void setCurrentProperty(const QString& property);
    // Opens the evidence tab on that call; false when the current judge has no such call.
    bool showEvidence(const QString& itemId, const QString& variantId, int repeat = 0);

    QTabWidget* tabs() const { return m_tabs; }
    CriterionHeatMapModel* heatMapModel() const { return m_heatMap; }
    BeforeAfterModel* beforeAfterModel() const { return m_beforeAfter; }
    ConstructionModel* constructionModel() const { return m_construction; }
    ConstructionMissModel* missModel() const { return m_misses; }
    StabilityModel* stabilityModel() const { return m_stability; }
    JudgeComparisonModel* comparisonModel() const { return m_comparison; }
    JudgeCallsModel* reviewCallsModel() const { return m_reviewCalls; }
    EvidenceView* evidenceView() const { return m_evidence; }

Q_SIGNALS:
    void currentJudgeChanged(int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildShiftsTab();
    QWidget* buildConstructionTab();
    QWidget* buildStabilityTab();
    QWidget* buildReviewTab();
    QTableView* makeTable(const QString& accessibleName);
    void addEvidenceAction(QTableView* table);
    void showJudge();
    void showProperty();
    void showReview();
    void fitHeatMap();
    void updateLegend();
    void evidenceFor(QTableView* table, const QModelIndex& index);

    JudgeProbeDocument m_doc;
    JudgeAnalysis m_analysis;

    QLabel* m_judgeLabel;
    QComboBox* m_judgeBox;
    QLabel* m_runSummary;
    QLabel* m_empty;
    QTabWidget* m_tabs;

    CriterionHeatMapModel* m_heatMap;
    QTableView* m_heatMapView;
    QLabel* m_legend;
    QComboBox* m_propertyBox;
    BeforeAfterModel* m_beforeAfter;
    QTableView* m_beforeAfterView;
    QLabel* m_flipLine;

    QLabel* m_constructionHeadline;
    QLabel* m_shortfallLine;
    ConstructionModel* m_construction;
    QTableView* m_constructionView;
    ConstructionMissModel* m_misses;
    QTableView* m_missView;
    QLabel* m_positionLine;

    QLabel* m_stabilityLine;
    StabilityModel* m_stability;
    QTableView* m_stabilityView;

    EvidenceView* m_evidence;

    JudgeCallsModel* m_reviewCalls;
    QSortFilterProxyModel* m_reviewFilter;
    QTableView* m_reviewView;
    QPlainTextEdit* m_reviewText;
    QSplitter* m_reviewSplitter;

    JudgeComparisonModel* m_comparison;
    QTableView* m_comparisonView;
};

} // namespace pb
