#include "widgets/ShortcutListModel.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QShortcut>
#include <algorithm>

namespace pb {

namespace {

QString plain(QString text)
{
    // "Save &As…" reads "Save As…"; a literal "&&" stays one ampersand.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString keysText(const QList<QKeySequence>& keys)
{
    QStringList out;
    for (const QKeySequence& k : keys) {
        if (!k.isEmpty())
            out << k.toString(QKeySequence::NativeText);
    }
    return out.join(QStringLiteral(", "));
}

void fromMenu(const QMenu* menu, const QString& where, QList<ShortcutListModel::Entry>* out,
              QSet<const QObject*>* seen)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu()) {
            fromMenu(a->menu(), where + QStringLiteral(" > ") + plain(a->menu()->title()), out,
                     seen);
            continue;
        }
        seen->insert(a);
        const QString keys = keysText(a->shortcuts());
        if (!keys.isEmpty())
            out->append({where, plain(a->text()), keys});
    }
}

QString ownerName(const QObject* object)
{
    for (const QObject* o = object->parent(); o; o = o->parent()) {
        if (const auto* w = qobject_cast<const QWidget*>(o); w && !w->accessibleName().isEmpty())
            return w->accessibleName();
    }
    return QString();
}

} // namespace

ShortcutListModel::ShortcutListModel(QWidget* window, QObject* parent)
    : QAbstractTableModel(parent), m_entries(entriesOf(window))
{
}

QList<ShortcutListModel::Entry> ShortcutListModel::entriesOf(QWidget* window)
{
    QList<Entry> out;
    QSet<const QObject*> seen;
    if (auto* main = qobject_cast<QMainWindow*>(window)) {
        for (QAction* a : main->menuBar()->actions()) {
            if (a->menu())
                fromMenu(a->menu(), plain(a->menu()->title()), &out, &seen);
        }
    }
    // Keys of the window's own controls (an editor's toolbar, a table's Insert and Delete).
    QList<Entry> local;
    for (QAction* a : window->findChildren<QAction*>()) {
        const QString keys = keysText(a->shortcuts());
        if (seen.contains(a) || a->isSeparator() || a->menu() || keys.isEmpty())
            continue;
        local.append({ownerName(a), plain(a->text()), keys});
    }
    for (QShortcut* s : window->findChildren<QShortcut*>()) {
        const QString keys = keysText(s->keys());
        if (!keys.isEmpty())
            local.append({ownerName(s), s->whatsThis(), keys});
    }
    std::stable_sort(local.begin(), local.end(),
                     [](const Entry& a, const Entry& b) { return a.where < b.where; });
    // The same action added to two toolbars is one command.
    for (const Entry& e : std::as_const(local)) {
        const bool twice = std::any_of(out.cbegin(), out.cend(), [&e](const Entry& o) {
            return o.where == e.where && o.command == e.command && o.keys == e.keys;
        });
        if (!twice)
            out.append(e);
    }
    return out;
}

int ShortcutListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int ShortcutListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ShortcutListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size() ||
        (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const Entry& e = m_entries.at(index.row());
    switch (index.column()) {
    case WhereColumn:
        return e.where;
    case CommandColumn:
        return e.command;
    case KeysColumn:
        return e.keys;
    default:
        return {};
    }
}

QVariant ShortcutListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case WhereColumn:
        return tr("Where");
    case CommandColumn:
        return tr("Command");
    case KeysColumn:
        return tr("Keys");
    default:
        return {};
    }
}

} // namespace pb
