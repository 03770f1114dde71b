#pragma once

#include <QWidget>

namespace pb {

// The Run page's progress through the plan: answered calls fill the bar in the palette's
// highlight, calls that failed for good follow in red, and the text says both ("477 of 480
// calls · 3 failed"), so a run with failures never reads as a clean full bar. Before a run
// it shows the plan ("480 calls planned"), never a placeholder count.
class RunProgressBar : public QWidget
{
    Q_OBJECT
public:
    explicit RunProgressBar(QWidget* parent = nullptr);

    // No call made yet: the plan's size.
    void showPlanned(int planned);
    // answered: calls with a reply (this session's and earlier ones kept); failed: calls
    // that failed for good; both out of planned.
    void showProgress(int planned, int answered, int failed);
    // Something going on with no count yet ("Starting…"): an empty bar and the text.
    void showBusy(const QString& text);

    int planned() const { return m_planned; }
    int answered() const { return m_answered; }
    int failed() const { return m_failed; }
    QString text() const { return m_text; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void setText(const QString& text);

    int m_planned = 0;
    int m_answered = 0;
    int m_failed = 0;
    QString m_text;
};

} // namespace pb
