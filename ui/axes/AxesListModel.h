#pragma once

#include "axes/AxesDocument.h"

#include <QAbstractTableModel>

namespace pb {

// The axes of a probe of several axes, one row each: the attribute changed, the value its
// counterfactual text takes, and (on the stand-in) the bias planted on it and its noise scale,
// the ground truth its result is checked against. Editable unless read-only: an edit does not
// change the model but sends the whole new document in edited() (a value renamed is renamed
// in every item's texts too), and the model shows it when it comes back through
// setDocument(). An edit the file could not hold (an empty name, a value the base or another
// axis has, a noise outside 0 to 100) is refused.
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
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void edited(const pb::AxesDocument& doc, const QString& description);

private:
    bool isStandIn() const { return m_doc.settings.backend == QLatin1String("stand-in"); }

    AxesDocument m_doc;
    bool m_readOnly = false;
};

} // namespace pb
