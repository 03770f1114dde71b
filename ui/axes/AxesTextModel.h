#pragma once

#include "axes/AxesDocument.h"

#include <QAbstractTableModel>

namespace pb {

// Each item's texts side by side: its id, the base text, then one column per axis with that
// axis's counterfactual text (the cell's tooltip holds the whole text).
class AxesTextModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit AxesTextModel(QObject* parent = nullptr);

    void setDocument(const AxesDocument& doc);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    AxesDocument m_doc;
};

} // namespace pb
