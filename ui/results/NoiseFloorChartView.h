#pragma once

#include "choice/ChoiceAnalysis.h"
#include "generative/GenerativeAnalysis.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace pb {

// Each compared item's distance of A against B (D_cf) beside its distance of A against A again
// (D_null, the noise floor that item's draw alone gives), for every mode that compares replies
// by a distance against the noise floor: a choice probe's Jensen-Shannon divergences in bits, a
// generative probe's cosine distances of the replies' embeddings. Items that could not be
// compared have no bars. Draws the analysis's figures and computes nothing. Clicking an item's
// bar says which item (itemClicked), so the page can show it.
class NoiseFloorChartView : public QChartView
{
    Q_OBJECT
public:
    explicit NoiseFloorChartView(QWidget* parent = nullptr);
    ~NoiseFloorChartView() override;

    void setAnalysis(const ChoiceAnalysis& analysis);
    void setAnalysis(const GenerativeAnalysis& analysis);
    void clear();
    // The items drawn, and per item D_cf and D_null as drawn, for tests.
    QStringList items() const;
    QList<double> counterfactualValues() const;
    QList<double> nullValues() const;
    // The value axis's title: the distance and its unit as drawn.
    QString axisTitle() const;

Q_SIGNALS:
    void itemClicked(const QString& itemId);

protected:
    void changeEvent(QEvent* event) override;

private:
    // What a mode calls its distance, and the largest it can be (the axis never goes past it).
    struct Distance
    {
        QString title;
        QString counterfactual;
        QString null;
        QString axis;
        QString toolTip;
        double most = 1.0;
    };
    void show(const Distance& distance, const QStringList& items, const QList<qreal>& cf,
              const QList<qreal>& null);
    void restyle();

    QChart* m_chart = nullptr;
    QBarSeries* m_bars = nullptr;
    QBarSet* m_cf = nullptr;
    QBarSet* m_null = nullptr;
    QBarCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
};

} // namespace pb
