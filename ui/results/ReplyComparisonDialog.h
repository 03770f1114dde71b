#pragma once

#include "store/LoggedCall.h"

#include <QDialog>
#include <optional>

class QLabel;
class QTableView;
class QTextBrowser;

namespace pb {

class SeedPairModel;

// One item's replies side by side: value A and value B for the same seed, the words that
// differ highlighted (core VariantDiff), with the item's two prompts compared the same
// way above them. A table of seeds picks the pair. Given the noise check's seed offset, A
// again on the shifted seed stands beside them, its words compared with A's: the reply the
// noise floor sets A against.
class ReplyComparisonDialog : public QDialog
{
    Q_OBJECT
public:
    ReplyComparisonDialog(const QList<LoggedCall>& calls, const QString& itemId,
                          const QString& valueA, const QString& valueB, const QString& metricName,
                          QWidget* parent = nullptr,
                          std::optional<qint64> noiseOffset = std::nullopt,
                          const QString& noiseLabel = QString());

    // The item's calls, when they arrive after the dialog opened (read from the store).
    void setCalls(const QList<LoggedCall>& calls);
    void showRow(int row);
    int pairCount() const;
    // The rendered HTML of each side, for tests.
    QString leftHtml() const;
    QString rightHtml() const;
    QString noiseHtml() const;  // A again's, empty without a noise arm
    QString noiseTitle() const; // its call as described above it (value, seed, score)
    bool showsNoiseArm() const { return m_noiseOffset.has_value(); }

private:
    SeedPairModel* m_pairs = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_leftTitle = nullptr;
    QLabel* m_rightTitle = nullptr;
    QTextBrowser* m_leftPrompt = nullptr;
    QTextBrowser* m_rightPrompt = nullptr;
    QTextBrowser* m_left = nullptr;
    QTextBrowser* m_right = nullptr;
    QLabel* m_noiseTitle = nullptr;
    QTextBrowser* m_noisePrompt = nullptr;
    QTextBrowser* m_noise = nullptr;
    QString m_itemId;
    QString m_valueA;
    QString m_valueB;
    QString m_metric;
    std::optional<qint64> m_noiseOffset;
    QString m_noiseLabel;
};

} // namespace pb
