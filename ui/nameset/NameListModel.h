#pragma once

#include "nameset/NameSetDocument.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QStringList>

namespace pb {

// A name list as an editable table: one row per name, the columns the name, its group, then
// one per field the document's {placeholders} ask of each name. A name that appears more
// than once is flagged on its name cell (a name set asks each name once). Edits change the
// model's own copy and are announced whole through namesEdited; the owner decides what is
// true and shows it back with setNames.
class NameListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        GroupColumn,
        FirstFieldColumn // then one column per field
    };
    enum Role
    {
        DuplicateRole = Qt::UserRole + 1, // bool, on every cell of a repeated name's row
        FieldKeyRole                      // QString: the field a column holds; empty for name/group
    };

    explicit NameListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Shows names with a column per field. Same rows and fields: changed rows update in
    // place (selection and an open editor survive); otherwise a reset.
    void setNames(const QList<NameEntry>& names, const QStringList& fields);
    const QList<NameEntry>& names() const { return m_names; }
    const QStringList& fields() const { return m_fields; }

    // Names listed more than once, in order of first appearance.
    QStringList duplicateNames() const;
    // The fields a document asks of each name: its document's placeholders other than {name}.
    static QStringList fieldsOf(const NameSetDocument& doc);

Q_SIGNALS:
    void namesEdited(const QList<pb::NameEntry>& names, const QString& description);

private:
    QString cellText(const NameEntry& entry, int column) const;
    void recountDuplicates();

    QList<NameEntry> m_names;
    QStringList m_fields;
    QHash<QString, int> m_nameCounts;
};

} // namespace pb
