#include "nameset/NameListEditor.h"

#include "nameset/NameListModel.h"
#include "nameset/NameListText.h"
#include "stats/groups/NamesPerGroupCheck.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeColours.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QShortcut>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

namespace {

QLabel* noteLabel(QWidget* parent, const QString& name, const QString& tip)
{
    auto* label = new QLabel(parent);
    label->setAccessibleName(name);
    label->setToolTip(tip);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(4);
    return label;
}

void tint(QLabel* label, bool on, bool error)
{
    // Only the marked role is set: the label's other colours keep following the theme.
    label->setAutoFillBackground(on);
    QPalette palette;
    if (on)
        palette.setColor(QPalette::Window,
                         error ? ThemeColours::errorBackground(QApplication::palette(label))
                               : ThemeColours::warningBackground(QApplication::palette(label)));
    label->setPalette(palette);
}

} // namespace

NameListEditor::NameListEditor(QWidget* parent) : QWidget(parent), m_model(new NameListModel(this))
{
    build();
    refreshCounts();
}

void NameListEditor::build()
{
    auto* layout = new QVBoxLayout(this);
    m_notice = new NoticeBanner(this);
    layout->addWidget(m_notice);

    auto* toolbar = new QToolBar(tr("Names"), this);
    toolbar->setAccessibleName(tr("Name actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_add = ShortcutAction::forWidget(
        this, tr("&Add name"), QKeySequence(Qt::CTRL | Qt::Key_Insert),
        tr("Add a name after the selected one, in its group (Insert in the table)"),
        [this] { addName(); }, toolbar);
    m_remove = ShortcutAction::forWidget(
        this, tr("&Remove names"), QKeySequence(Qt::CTRL | Qt::Key_Delete),
        tr("Remove the selected names (Delete in the table)"), [this] { removeNames(); }, toolbar);
    m_paste = ShortcutAction::forWidget(
        this, tr("&Paste names"), QKeySequence::Paste,
        tr("Add the names on the clipboard: one a line, name then group, separated by a tab "
           "(from a spreadsheet) or a comma; a header row is optional"),
        [this] { paste(); }, toolbar);
    m_import = ShortcutAction::forWidget(
        this, tr("&Import names..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
        tr("Replace the names with those of a CSV or tab-separated file (name, group, then "
           "the document's fields; a header row is optional)"),
        [this] { chooseImportFile(); }, toolbar);
    layout->addWidget(toolbar);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Names and groups"));
    m_table->setToolTip(tr("One row per name. Double-click or press F2 to edit a cell; Insert "
                           "adds a name, Delete removes the selected ones, Ctrl+V pastes a "
                           "list."));
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultSectionSize(220);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // Insert and Delete only while the table itself has focus: in an open cell editor they
    // edit text.
    auto* insertKey =
        new QShortcut(QKeySequence(Qt::Key_Insert), m_table, nullptr, nullptr, Qt::WidgetShortcut);
    insertKey->setWhatsThis(tr("Add a name"));
    connect(insertKey, &QShortcut::activated, this, &NameListEditor::addName);
    auto* deleteKey =
        new QShortcut(QKeySequence::Delete, m_table, nullptr, nullptr, Qt::WidgetShortcut);
    deleteKey->setWhatsThis(tr("Remove the selected names"));
    connect(deleteKey, &QShortcut::activated, this, &NameListEditor::removeNames);
    layout->addWidget(m_table, 1);
    connect(m_model, &NameListModel::namesEdited, this,
            [this](const QList<NameEntry>& names, const QString& description) {
                commit(names, description);
            });

    auto* countsRow = new QHBoxLayout;
    m_counts = noteLabel(this, tr("Names per group"),
                         tr("How many names the list associates with each group."));
    m_warning = noteLabel(this, tr("Names per group warning"),
                          tr("The group tests need at least 30 names a group; seeds repeat a "
                             "name and do not add people."));
    countsRow->addWidget(m_counts, 1);
    countsRow->addWidget(m_warning, 1);
    layout->addLayout(countsRow);
    m_duplicates = noteLabel(this, tr("Repeated names"),
                             tr("A name set asks each name once; a repeated name is refused "
                                "when the probe is read."));
    layout->addWidget(m_duplicates);
}

QList<QAction*> NameListEditor::editActions() const
{
    return {m_add, m_remove, m_paste, m_import};
}

void NameListEditor::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_table->setEditTriggers(readOnly ? QAbstractItemView::NoEditTriggers
                                      : QAbstractItemView::DoubleClicked |
                                            QAbstractItemView::EditKeyPressed |
                                            QAbstractItemView::AnyKeyPressed);
    for (QAction* a : editActions())
        a->setEnabled(!readOnly);
}

void NameListEditor::setDocument(const NameSetDocument& doc)
{
    const QModelIndex current = m_table->currentIndex();
    m_doc = doc;
    m_model->setNames(doc.names, NameListModel::fieldsOf(doc));
    if (current.isValid() && m_model->rowCount() > 0 && !m_table->currentIndex().isValid())
        m_table->setCurrentIndex(
            m_model->index(std::min(current.row(), m_model->rowCount() - 1),
                           std::min(current.column(), m_model->columnCount() - 1)));
    refreshCounts();
}

void NameListEditor::commit(const QList<NameEntry>& names, const QString& description)
{
    if (names == m_doc.names)
        return;
    NameSetDocument doc = m_doc;
    doc.names = names;
    m_doc = doc;
    m_model->setNames(m_doc.names, NameListModel::fieldsOf(m_doc));
    refreshCounts();
    Q_EMIT edited(m_doc, description);
}

void NameListEditor::refreshCounts()
{
    std::vector<groups::SmallGroup> counts;
    for (const QString& group : m_doc.groups()) {
        const auto n = std::count_if(m_doc.names.cbegin(), m_doc.names.cend(),
                                     [&](const NameEntry& e) { return e.group == group; });
        counts.push_back({group.toStdString(), int(n)});
    }
    QStringList parts;
    for (const groups::SmallGroup& g : counts)
        parts << QStringLiteral("%1: %2").arg(QString::fromStdString(g.group)).arg(g.names);
    m_counts->setText(parts.isEmpty()
                          ? tr("No names yet.")
                          : tr("Names per group: %1").arg(parts.join(QStringLiteral(" · "))));
    const groups::NamesPerGroupResult check = groups::NamesPerGroupCheck::run(counts);
    m_warning->setText(QString::fromStdString(check.message()));
    m_warning->setVisible(check.warn());
    tint(m_warning, check.warn(), false);
    const QStringList repeated = m_model->duplicateNames();
    m_duplicates->setText(repeated.isEmpty() ? QString()
                                             : tr("Listed more than once (keep each name once): %1")
                                                   .arg(repeated.join(QStringLiteral(", "))));
    m_duplicates->setVisible(!repeated.isEmpty());
    tint(m_duplicates, !repeated.isEmpty(), true);
}

void NameListEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshCounts(); // the tints follow the theme
}

QString NameListEditor::groupCountText() const
{
    return m_counts->text();
}

QString NameListEditor::warningText() const
{
    return m_warning->text();
}

QString NameListEditor::duplicateText() const
{
    return m_duplicates->text();
}

void NameListEditor::refuse(const QString& message)
{
    m_importError = message;
    m_notice->showMessage(NoticeBanner::Tone::Error, tr("Nothing was added: %1").arg(message));
}

void NameListEditor::addName()
{
    if (m_readOnly)
        return;
    QList<NameEntry> names = m_doc.names;
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? current.row() + 1 : int(names.size());
    NameEntry entry;
    if (current.isValid())
        entry.group = names.at(current.row()).group;
    else if (!names.isEmpty())
        entry.group = names.last().group;
    for (const QString& key : NameListModel::fieldsOf(m_doc))
        entry.fields.insert(key, QString());
    names.insert(row, entry);
    commit(names, tr("Add a name"));
    m_table->setCurrentIndex(m_model->index(row, NameListModel::NameColumn));
    m_table->setFocus();
    m_table->edit(m_table->currentIndex());
}

void NameListEditor::removeNames()
{
    if (m_readOnly)
        return;
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedIndexes())
        rows << index.row();
    if (rows.isEmpty() && m_table->currentIndex().isValid())
        rows << m_table->currentIndex().row();
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    if (rows.isEmpty())
        return;
    QList<NameEntry> names = m_doc.names;
    const QString description = rows.size() == 1 ? tr("Remove %1").arg(names.at(rows.first()).name)
                                                 : tr("Remove %1 names").arg(rows.size());
    for (auto it = rows.crbegin(); it != rows.crend(); ++it)
        names.removeAt(*it);
    const int column = std::max(0, m_table->currentIndex().column());
    commit(names, description);
    if (m_model->rowCount() > 0)
        m_table->setCurrentIndex(
            m_model->index(std::min(rows.first(), m_model->rowCount() - 1), column));
}

void NameListEditor::paste()
{
    pasteText(QGuiApplication::clipboard()->text());
}

bool NameListEditor::pasteText(const QString& text)
{
    if (m_readOnly)
        return false;
    const NameListImport read = NameListText::parse(text, NameListModel::fieldsOf(m_doc));
    if (!read.ok()) {
        refuse(tr("the pasted list, %1").arg(read.error));
        return false;
    }
    m_importError.clear();
    m_notice->hide();
    commit(m_doc.names + read.names, tr("Paste %n names", nullptr, int(read.names.size())));
    return true;
}

void NameListEditor::chooseImportFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import names"), QString(), tr("Name lists (*.csv *.tsv *.txt);;All files (*)"));
    if (!path.isEmpty())
        importFile(path);
}

bool NameListEditor::importFile(const QString& path)
{
    if (m_readOnly)
        return false;
    const NameListImport read = NameListText::readFile(path, NameListModel::fieldsOf(m_doc));
    if (!read.ok()) {
        refuse(read.error);
        return false;
    }
    m_importError.clear();
    m_notice->hide();
    commit(read.names, tr("Import %n names from %1", nullptr, int(read.names.size()))
                           .arg(QFileInfo(path).fileName()));
    return true;
}

} // namespace pb
