#pragma once

#include "judge/EvidenceTally.h"
#include "judge/JudgeProbeDocument.h"
#include "judge/JudgedCall.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTableView;
class QTextBrowser;

namespace pb {

class JudgeCallsModel;

// One judge's calls on the left; on the right the chosen call's artifact with each
// criterion's evidence quote highlighted in place, and the quotes that are not in the
// artifact listed under it (EvidenceHtml). Above, the run's hallucination rate.
class EvidenceView : public QWidget
{
    Q_OBJECT
public:
    explicit EvidenceView(QWidget* parent = nullptr);

    // Keeps the chosen call when it is still listed; otherwise chooses the first.
    void setCalls(const JudgeProbeDocument& doc, const QList<JudgedCall>& calls,
                  const EvidenceTally& tally);
    void clear();
    // false when no such call is listed.
    bool selectCall(const QString& itemId, const QString& variantId, int repeat = 0);
    const JudgedCall* currentCall() const;
    QString currentHtml() const { return m_html; }

    JudgeCallsModel* callsModel() const { return m_model; }
    QTableView* callsView() const { return m_calls; }
    QTextBrowser* browser() const { return m_browser; }
    QSplitter* splitter() const { return m_splitter; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void showCurrent();

    JudgeProbeDocument m_doc;
    JudgeCallsModel* m_model;
    QLabel* m_summary;
    QSplitter* m_splitter;
    QTableView* m_calls;
    QTextBrowser* m_browser;
    QString m_html;
};

} // namespace pb
