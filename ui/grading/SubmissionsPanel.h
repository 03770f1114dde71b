#pragma once

#include "grading/GradingStoredResults.h"

#include <QWidget>
#include <memory>

class QLabel;
class QTableView;
class QTextBrowser;

namespace pb {

class SubmissionsModel;

// The Submissions tab of a grading: the submissions with their totals, flags and levels
// (SubmissionsModel) and, for the one selected, its text with each criterion's quote
// highlighted in place (EvidenceHtml), its levels and its flags: REVIEW_NEEDED with the raw
// reply, HALLUCINATED_EVIDENCE per criterion, EMPTY_FILE. A file hidden from the rater
// scoring blind shows its text only.
class SubmissionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionsPanel(QWidget* parent = nullptr);
    ~SubmissionsPanel() override;

    SubmissionsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QString detailHtml() const { return m_html; }
    QString summaryText() const;

    void setResults(std::shared_ptr<const GradingStoredResults> results);
    void setHidden(const QSet<QString>& files, const QString& text);
    void clear();
    bool selectFile(const QString& filename);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showCurrent();
    QString detailFor(const GradeRow& row) const;

    std::shared_ptr<const GradingStoredResults> m_results;
    SubmissionsModel* m_model;
    QLabel* m_summary;
    QTableView* m_view;
    QTextBrowser* m_browser;
    QString m_html;
};

} // namespace pb
