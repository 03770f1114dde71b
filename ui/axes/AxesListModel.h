#pragma once

#include "axes/AxesDocument.h"

#include <QAbstractTableModel>

namespace pb {

// The axes of a probe of several axes, one row each: the attribute changed, the value its
// counterfactual text takes, and (on the stand-in) the bias planted on it and its noise scale,
// the ground truth its result is checked against. Read-only: the file is where it is edited.
class AxesListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        AttributeColumn,
        ValueColumn,
        PlantedColumn,
        NoiseColumn,
        ColumnCount
    };

    explicit AxesListModel(QObject* parent = nullptr);

    void setDocument(const AxesDocument& doc);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<AxisSpec> m_axes;
    bool m_standIn = false;
};

} // namespace pb
