#pragma once

#include "nameset/NameSetDocument.h"

#include <QAbstractTableModel>

namespace pb {

// A name-set probe's closed decision set as an editable table: one row per decision value,
// its text and a checkbox for whether it counts as favourable (the four-fifths rule and the
// favourable rate count those). Renaming a value keeps its favourable mark. Edits change the
// model's own copy and are announced whole through decisionsEdited; a value listed twice
// is flagged on its cell.
class DecisionValueModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ValueColumn,
        FavourableColumn,
        ColumnCount
    };

    explicit DecisionValueModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setDecisions(const DecisionSet& decisions);
    const DecisionSet& decisions() const { return m_decisions; }

Q_SIGNALS:
    void decisionsEdited(const pb::DecisionSet& decisions, const QString& description);

private:
    DecisionSet m_decisions;
};

} // namespace pb
