#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>

class QMenu;
class QWidget;

namespace pb {

// The keyboard shortcuts a window has, read from its actual QActions and QShortcuts (so the
// Help list cannot drift from the keys): every menu-bar action with a key, under its menu's
// path, then every other action or shortcut with a key inside the window, under the name of
// the control it belongs to. One row per command, sorted by where and then by order found.
class ShortcutListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        WhereColumn,
        CommandColumn,
        KeysColumn,
        ColumnCount
    };

    struct Entry
    {
        QString where;   // "File", "View > Theme", or the control's accessible name
        QString command; // the action's text without mnemonics, or the shortcut's What's This
        QString keys;    // every key of the command, as the platform writes them
    };

    explicit ShortcutListModel(QWidget* window, QObject* parent = nullptr);

    static QList<Entry> entriesOf(QWidget* window);
    const QList<Entry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
};

} // namespace pb
