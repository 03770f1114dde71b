#include "design/PairEditor.h"

#include "design/ItemInspector.h"
#include "design/PairRows.h"
#include "design/PairTableModel.h"
#include "design/VariantTextDelegate.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace pb {

namespace {

QStringList idsOf(const ProbeDocument& doc)
{
    QStringList ids;
    for (const ProbeItem& item : doc.items) {
        ids << item.id;
    }
    return ids;
}

} // namespace

PairEditor::PairEditor(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_model(new PairTableModel(project, this))
{
    build();
    m_split->restoreState(QSettings().value(QStringLiteral("design/pairSplit")).toByteArray());
}

PairEditor::~PairEditor()
{
    QSettings().setValue(QStringLiteral("design/pairSplit"), m_split->saveState());
}

QList<QAction*> PairEditor::editActions() const
{
    return {m_add, m_duplicate, m_remove, m_up, m_down, m_paste, m_import, m_export};
}

void PairEditor::setEditable(bool editable, bool structureLocked)
{
    m_editable = editable;
    m_model->setStructureLocked(structureLocked);
    for (QAction* a : {m_add, m_duplicate, m_remove, m_up, m_down, m_paste, m_import}) {
        a->setEnabled(editable);
    }
}

void PairEditor::edit(const QString& what, const std::function<void(ProbeDocument&)>& change)
{
    m_project->edit(what, change);
}

void PairEditor::build()
{
    QWidget* host = this;
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* toolbar = new QToolBar(tr("Pairs"), host);
    toolbar->setAccessibleName(tr("Pair actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_add = ShortcutAction::forWidget(
        this, tr("&Add"), QKeySequence(Qt::CTRL | Qt::Key_Return),
        tr("Add an empty item at the end"), [this] { addItem(); }, toolbar);
    m_duplicate = ShortcutAction::forWidget(
        this, tr("&Duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), tr("Copy the selected items"),
        [this] { duplicateSelected(); }, toolbar);
    m_remove = ShortcutAction::forWidget(
        this, tr("&Remove"), QKeySequence(Qt::CTRL | Qt::Key_Delete),
        tr("Remove the selected items"), [this] { removeSelected(); }, toolbar);
    m_up = ShortcutAction::forWidget(
        this, tr("Move &up"), QKeySequence(Qt::ALT | Qt::Key_Up), tr("Move the selected item up"),
        [this] { moveUp(); }, toolbar);
    m_down = ShortcutAction::forWidget(
        this, tr("Move do&wn"), QKeySequence(Qt::ALT | Qt::Key_Down),
        tr("Move the selected item down"), [this] { moveDown(); }, toolbar);
    toolbar->addSeparator();
    m_paste = ShortcutAction::forWidget(
        this, tr("&Paste rows"), QKeySequence::Paste,
        tr("Paste rows copied from a spreadsheet: one item per row, a cell per value"),
        [this] { pasteRows(QApplication::clipboard()->text()); }, toolbar);
    m_import = ShortcutAction::forWidget(
        this, tr("&Import CSV\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
        tr("Read pairs from a CSV file with a column per value"), [this] { chooseImport(); },
        toolbar);
    m_export = ShortcutAction::forWidget(
        this, tr("E&xport CSV\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X),
        tr("Write the pairs to a CSV file with a column per value"), [this] { chooseExport(); },
        toolbar);
    layout->addWidget(toolbar);

    m_notice = new NoticeBanner(host);
    layout->addWidget(m_notice);

    m_split = new QSplitter(Qt::Vertical, host);
    m_split->setChildrenCollapsible(false);
    m_table = new QTableView(m_split);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Matched pairs"));
    m_table->setToolTip(
        tr("Matched pairs: each row is one item written once per value, the same question in "
           "every variant. Double-click or press F2 to edit a cell."));
    m_table->setItemDelegate(new VariantTextDelegate(m_table));
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    // Rows fit their wrapped text. Measured once per burst of changes (edits, column
    // resizes), not per change: measuring lays out every cell's text.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // A hidden page waits until it is shown: measuring a 1,000-item probe's rows took a
    // third of a second of the GUI thread when a project was opened on another page.
    auto* fitRows = new QTimer(this);
    m_fitRows = fitRows;
    fitRows->setSingleShot(true);
    fitRows->setInterval(30);
    connect(fitRows, &QTimer::timeout, m_table, [this] {
        m_fitWhenShown = !isVisible();
        if (!m_fitWhenShown) {
            m_table->resizeRowsToContents();
        }
    });
    const auto scheduleFit = [fitRows] { fitRows->start(); };
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, fitRows, scheduleFit);
    connect(m_model, &QAbstractItemModel::dataChanged, fitRows, scheduleFit);
    connect(m_model, &QAbstractItemModel::modelReset, fitRows, scheduleFit);
    connect(m_model, &QAbstractItemModel::rowsInserted, fitRows, scheduleFit);
    scheduleFit();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setMinimumSectionSize(60);
    const auto sizeColumns = [this] {
        QHeaderView* h = m_table->horizontalHeader();
        h->setSectionResizeMode(PairTableModel::IdColumn, QHeaderView::ResizeToContents);
        for (int v = 0; v < m_model->valueCount(); ++v) {
            h->setSectionResizeMode(m_model->valueColumn(v), QHeaderView::Stretch);
        }
        h->setSectionResizeMode(m_model->factsColumn(), QHeaderView::Interactive);
        h->resizeSection(m_model->factsColumn(), 110);
    };
    sizeColumns();
    connect(m_model, &QAbstractItemModel::modelReset, this, sizeColumns);
    m_split->addWidget(m_table);

    m_inspector = new ItemInspector(m_model, m_split);
    m_split->addWidget(m_inspector);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 1);
    layout->addWidget(m_split, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                m_inspector->showRow(current.isValid() ? current.row() : -1);
            });
}

QList<int> PairEditor::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedIndexes()) {
        if (!rows.contains(index.row())) {
            rows << index.row();
        }
    }
    if (rows.isEmpty() && m_table->currentIndex().isValid()) {
        rows << m_table->currentIndex().row();
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void PairEditor::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        return;
    }
    const int column = m_table->currentIndex().isValid() ? m_table->currentIndex().column() : 1;
    m_table->setCurrentIndex(m_model->index(row, std::min(column, m_model->columnCount() - 1)));
    m_inspector->showRow(row);
}

void PairEditor::addItem()
{
    // Each add names its item, so two adds in a row stay two undo steps.
    const QString id = PairRows::nextFreeId(idsOf(m_project->document()));
    edit(tr("Add item %1").arg(id), [&id](ProbeDocument& d) {
        ProbeItem item;
        item.id = id;
        for (const QString& v : std::as_const(d.attribute.values)) {
            item.variants.insert(v, QString());
        }
        d.items.append(item);
    });
    selectRow(m_model->rowCount() - 1);
    m_table->setFocus();
}

void PairEditor::removeSelected()
{
    const QList<int> rows = selectedRows();
    if (rows.isEmpty()) {
        return;
    }
    QStringList ids;
    for (int r : rows) {
        ids << m_project->document().items.at(r).id;
    }
    edit(tr("Remove item %1").arg(ids.join(QStringLiteral(", "))), [&rows](ProbeDocument& d) {
        for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
            d.items.removeAt(*it);
        }
    });
    selectRow(std::min(rows.first(), m_model->rowCount() - 1));
}

void PairEditor::duplicateSelected()
{
    const QList<int> rows = selectedRows();
    if (rows.isEmpty()) {
        return;
    }
    edit(tr("Duplicate item %1").arg(m_project->document().items.at(rows.first()).id),
         [&rows](ProbeDocument& d) {
             int insertAt = rows.last() + 1;
             for (int r : rows) {
                 ProbeItem copy = d.items.at(r);
                 copy.id = PairRows::nextFreeId(idsOf(d));
                 d.items.insert(insertAt++, copy);
             }
         });
    selectRow(rows.last() + 1);
}

void PairEditor::moveBy(int delta)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        return;
    }
    const int from = current.row();
    const int to = from + delta;
    if (to < 0 || to >= m_model->rowCount()) {
        return;
    }
    const QString id = m_project->document().items.at(from).id;
    edit(delta < 0 ? tr("Move item %1 up").arg(id) : tr("Move item %1 down").arg(id),
         [from, to](ProbeDocument& d) { d.items.move(from, to); });
    selectRow(to);
}

void PairEditor::moveUp()
{
    moveBy(-1);
}

void PairEditor::moveDown()
{
    moveBy(+1);
}

bool PairEditor::pasteRows(const QString& text)
{
    m_notice->hide();
    if (!m_editable) {
        return false;
    }
    QString trimmedEnd = text;
    while (trimmedEnd.endsWith(QLatin1Char('\n')) || trimmedEnd.endsWith(QLatin1Char('\r'))) {
        trimmedEnd.chop(1);
    }
    const QModelIndex current = m_table->currentIndex();
    if (!trimmedEnd.contains(QLatin1Char('\t')) && !trimmedEnd.contains(QLatin1Char('\n')) &&
        current.isValid()) {
        return m_model->setData(current, trimmedEnd); // one cell: replace the current cell's text
    }
    const ProbeDocument& doc = m_project->document();
    const PairRows::Parsed parsed =
        PairRows::fromTabSeparated(text, doc.attribute.values, idsOf(doc));
    if (!parsed.ok() || parsed.items.isEmpty()) {
        m_notice->showMessage(
            NoticeBanner::Tone::Error,
            tr("Nothing pasted: %1").arg(parsed.errors.join(QStringLiteral("; "))));
        return false;
    }
    const int at = current.isValid() ? current.row() + 1 : int(doc.items.size());
    edit(tr("Paste %1 rows").arg(parsed.items.size()), [&parsed, at](ProbeDocument& d) {
        for (qsizetype i = 0; i < parsed.items.size(); ++i) {
            d.items.insert(at + i, parsed.items.at(i));
        }
    });
    selectRow(at);
    return true;
}

bool PairEditor::importPairs(const QString& path, bool replace)
{
    m_notice->hide();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_notice->showMessage(NoticeBanner::Tone::Error,
                              tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    const ProbeDocument& doc = m_project->document();
    const PairRows::Parsed parsed = PairRows::fromCsv(file.readAll(), doc.attribute.values,
                                                      replace ? QStringList() : idsOf(doc));
    if (!parsed.ok()) {
        m_notice->showMessage(
            NoticeBanner::Tone::Error,
            tr("%1 not imported: %2").arg(path, parsed.errors.join(QStringLiteral("; "))));
        return false;
    }
    edit(tr("Import pairs from %1").arg(QFileInfo(path).fileName()),
         [&parsed, replace](ProbeDocument& d) {
             if (replace) {
                 d.items.clear();
             }
             d.items += parsed.items;
         });
    m_notice->showMessage(
        NoticeBanner::Tone::Info,
        tr("Imported %1 items from %2.").arg(parsed.items.size()).arg(QFileInfo(path).fileName()));
    return true;
}

bool PairEditor::exportPairs(const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(PairRows::toCsv(m_project->document())) < 0 || !file.commit()) {
        m_notice->showMessage(NoticeBanner::Tone::Error,
                              tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

void PairEditor::chooseImport()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import pairs"), QString(), tr("CSV files (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    bool replace = false;
    const bool hasText =
        std::any_of(m_project->document().items.cbegin(), m_project->document().items.cend(),
                    [](const ProbeItem& i) {
                        return std::any_of(i.variants.cbegin(), i.variants.cend(),
                                           [](const QString& t) { return !t.isEmpty(); });
                    });
    if (hasText) {
        QMessageBox box(QMessageBox::Question, tr("Import pairs"),
                        tr("Replace the %1 items with the file's, or add the file's after them?")
                            .arg(m_project->document().items.size()),
                        QMessageBox::Cancel, this);
        QPushButton* replaceButton = box.addButton(tr("&Replace"), QMessageBox::DestructiveRole);
        QPushButton* addButton = box.addButton(tr("&Add after"), QMessageBox::AcceptRole);
        box.setDefaultButton(addButton);
        box.exec();
        if (box.clickedButton() != replaceButton && box.clickedButton() != addButton) {
            return;
        }
        replace = box.clickedButton() == replaceButton;
    } else {
        replace = true;
    }
    importPairs(path, replace);
}

void PairEditor::chooseExport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export pairs"), QStringLiteral("pairs.csv"), tr("CSV files (*.csv)"));
    if (!path.isEmpty() && exportPairs(path)) {
        m_notice->showMessage(NoticeBanner::Tone::Info,
                              tr("Wrote %1.").arg(QDir::toNativeSeparators(path)));
    }
}

void PairEditor::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_fitWhenShown) {
        m_fitRows->start();
    }
}

} // namespace pb
