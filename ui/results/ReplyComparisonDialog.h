#pragma once

#include "store/LoggedCall.h"

#include <QDialog>

class QLabel;
class QTableView;
class QTextBrowser;

namespace pb {

class SeedPairModel;

// One item's replies side by side: value A and value B for the same seed, the words that
// differ highlighted (core VariantDiff), with the item's two prompts compared the same
// way above them. A table of seeds picks the pair.
class ReplyComparisonDialog : public QDialog
{
    Q_OBJECT
public:
    ReplyComparisonDialog(const QList<LoggedCall>& calls, const QString& itemId,
                          const QString& valueA, const QString& valueB, const QString& metricName,
                          QWidget* parent = nullptr);

    // The item's calls, when they arrive after the dialog opened (read from the store).
    void setCalls(const QList<LoggedCall>& calls);
    void showRow(int row);
    int pairCount() const;
    // The rendered HTML of each side, for tests.
    QString leftHtml() const;
    QString rightHtml() const;

private:
    SeedPairModel* m_pairs = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_leftTitle = nullptr;
    QLabel* m_rightTitle = nullptr;
    QTextBrowser* m_leftPrompt = nullptr;
    QTextBrowser* m_rightPrompt = nullptr;
    QTextBrowser* m_left = nullptr;
    QTextBrowser* m_right = nullptr;
    QString m_itemId;
    QString m_valueA;
    QString m_valueB;
    QString m_metric;
};

} // namespace pb
