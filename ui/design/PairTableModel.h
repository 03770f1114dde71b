#pragma once

#include "design/DiffSpan.h"
#include "design/ItemCheck.h"
#include "probe/ProbeDocument.h"

#include <QAbstractTableModel>
#include <optional>

namespace pb {

class ProbeProject;

// The project's matched pairs as an editable table: one row per item; columns are the
// id, one per attribute value (so the column count follows the attribute), the facts the
// author marked, and a note. Every edit becomes one undoable step of the project
// (ProbeProject::applyEdit); the model itself holds nothing but caches of the fact check.
//
// Pre-registration: with setStructureLocked(true) the ids and variant texts, which decide
// which run the results belong to, are read-only; facts and notes stay editable.
class PairTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        ItemCheckRole = Qt::UserRole + 1, // QVariant<ItemCheck> for the row
        DiffSpansRole,                    // QList<DiffSpan> of a value column's text
        MatchedRole,                      // bool: no fact is lost between the variants
        ValueRole                         // QString: the attribute value of the column
    };
    static constexpr int IdColumn = 0;

    explicit PairTableModel(ProbeProject* project, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    int valueCount() const;
    int valueColumn(int valueIndex) const { return 1 + valueIndex; }
    int factsColumn() const { return 1 + valueCount(); }
    int noteColumn() const { return 2 + valueCount(); }
    // The attribute value a column shows, or an empty string for the other columns.
    QString valueOfColumn(int column) const;

    ItemCheck check(int row) const;
    QList<DiffSpan> spans(int row, int valueIndex) const;

    void setStructureLocked(bool locked);
    bool isStructureLocked() const { return m_structureLocked; }

private:
    struct RowCache
    {
        ItemCheck check;
        QList<QList<DiffSpan>> spans; // per value
    };
    const RowCache& cache(int row) const;
    void onDocumentChanged();

    ProbeProject* m_project;
    bool m_structureLocked = false;
    int m_rows = 0;
    QStringList m_values;
    QList<ProbeItem> m_items; // as last shown, to tell which rows an edit changed
    // Computed when a row is first shown after a change, so an edit costs one row's check.
    mutable QList<std::optional<RowCache>> m_cache;
};

} // namespace pb

Q_DECLARE_METATYPE(pb::ItemCheck)
Q_DECLARE_METATYPE(pb::DiffSpan)
