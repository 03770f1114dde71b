#pragma once

#include "grading/AgreementReport.h"
#include "grading/GradingVersions.h"

#include <QWidget>
#include <memory>

class QTextBrowser;

namespace pb {

class WorkerThread;

// The Agreement tab of a grading, read-only: agreement.md and revision.md as `probebench agree
// FILE.grading.json` writes them (ProjectAgreement) for the raters' sheets marked complete
// against each other and against the judge's levels, before and after the latest graded
// revision of the rubric, computed on a worker thread. It needs two finished sheets; until
// then it says what is missing. While a rater scores blind the judge is left out, since its
// levels on the calibration files are hidden from them.
class AgreementPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AgreementPanel(QWidget* parent = nullptr);
    ~AgreementPanel() override;

    // The markdown shown; empty while there is no report.
    QString markdown() const { return m_markdown; }
    QString shownText() const;

    // Computes the report for the finished sheets and, unless blindNote says why not (a
    // rater is scoring blind), the judge's levels of every version; the latest request wins.
    void update(const GradingVersions& versions, const QList<RaterSheet>& finished,
                const QString& blindNote = QString());
    void clear();

Q_SIGNALS:
    void reportShown();

private:
    std::unique_ptr<WorkerThread> m_worker;
    quint64 m_request = 0;
    QString m_markdown;
    QTextBrowser* m_text;
};

} // namespace pb
