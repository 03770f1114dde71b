#pragma once

#include "axes/AxesDocument.h"

#include <QAbstractTableModel>

namespace pb {

// Each item's texts side by side: its id, the base text, then one column per axis with that
// axis's counterfactual text (the cell's tooltip holds the whole text). The texts are editable
// unless read-only: an edit sends the whole new document in edited(), as AxesListModel's do.
class AxesTextModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit AxesTextModel(QObject* parent = nullptr);

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
    // The variant key a text column shows: the base value or an axis's value.
    QString keyOf(int column) const;

    AxesDocument m_doc;
    bool m_readOnly = false;
};

} // namespace pb
