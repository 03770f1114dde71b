#include "pages/DesignPage.h"

#include "design/ItemInspector.h"
#include "design/MetricPanel.h"
#include "design/PairRows.h"
#include "design/PairTableModel.h"
#include "design/SettingsPanel.h"
#include "design/VariantTextDelegate.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace pb {

namespace {

const QString kLockText =
    QStringLiteral("These settings have results (pre-registered). Changing them starts a "
                   "new run, kept beside the old one.");

QStringList splitValues(const QString& text)
{
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','))) {
        out << part.trimmed();
    }
    return out;
}

QStringList idsOf(const ProbeDocument& doc)
{
    QStringList ids;
    for (const ProbeItem& item : doc.items) {
        ids << item.id;
    }
    return ids;
}

QScrollArea* scrolled(QWidget* inner, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(inner);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the form wraps to the width
    return area;
}

} // namespace

DesignPage::DesignPage(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_model(new PairTableModel(project, this))
{
    setAccessibleName(tr("Design page"));
    auto* layout = new QVBoxLayout(this);

    m_unlock = new QAction(tr("&Unlock for a new run"), this);
    m_unlock->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    m_unlock->setToolTip(
        tr("Pre-registration: the settings and metric were fixed before these results existed. "
           "Unlocking lets you change them for a new run; the old run and its results stay "
           "as they are."));
    connect(m_unlock, &QAction::triggered, this, &DesignPage::unlockForNewRun);
    m_relock = new QAction(tr("&Lock again"), this);
    connect(m_relock, &QAction::triggered, this, [this] {
        m_unlocked = false;
        updateLock();
    });
    addAction(m_unlock);

    m_lockBanner = new NoticeBanner(this);
    m_lockBanner->setAccessibleName(tr("Pre-registration notice"));
    m_lockBanner->setToolTip(
        tr("Pre-registration: the settings and metric are fixed before results exist, so "
           "they cannot be tuned to the results. A changed setting is a new run."));
    layout->addWidget(m_lockBanner);

    auto* header = new QWidget(this);
    buildHeader(header);
    layout->addWidget(header);

    m_mainSplit = new QSplitter(Qt::Horizontal, this);
    m_mainSplit->setChildrenCollapsible(false);
    auto* pairs = new QWidget(m_mainSplit);
    buildPairs(pairs);
    m_mainSplit->addWidget(pairs);

    m_sideTabs = new QTabWidget(m_mainSplit);
    m_sideTabs->setAccessibleName(tr("Settings and metric"));
    m_settings = new SettingsPanel(project, m_sideTabs);
    m_metric = new MetricPanel(project, m_sideTabs);
    m_sideTabs->addTab(scrolled(m_settings, m_sideTabs), tr("Settings"));
    m_sideTabs->addTab(scrolled(m_metric, m_sideTabs), tr("Metric"));
    m_sideTabs->setTabToolTip(
        0, tr("Held-fixed settings: everything kept the same across the variants."));
    m_sideTabs->setTabToolTip(
        1, tr("The one number computed from each reply, chosen before running."));
    m_mainSplit->addWidget(m_sideTabs);
    m_mainSplit->setStretchFactor(0, 3);
    m_mainSplit->setStretchFactor(1, 2);
    layout->addWidget(m_mainSplit, 1);

    m_lockTimer = new QTimer(this);
    m_lockTimer->setSingleShot(true);
    m_lockTimer->setInterval(150); // isLocked() asks the store; once per burst of edits is enough
    connect(m_lockTimer, &QTimer::timeout, this, &DesignPage::updateLock);

    connect(project, &ProbeProject::documentChanged, this, [this] {
        refreshHeader();
        m_lockTimer->start();
    });
    connect(project, &ProbeProject::runsChanged, this, &DesignPage::updateLock);
    connect(project, &ProbeProject::fileChanged, this, [this] {
        m_unlocked = false;
        updateLock();
    });
    connect(project, &ProbeProject::runningChanged, this, [this](bool running) {
        if (running) {
            m_unlocked = false; // the new run's results will lock its own configuration
        }
        updateLock();
    });

    // The side panel never gets narrower than its form, so no field is cut off.
    m_sideTabs->setMinimumWidth(m_settings->minimumSizeHint().width() +
                                style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 24);
    QSettings settings;
    if (!m_mainSplit->restoreState(
            settings.value(QStringLiteral("design/mainSplit")).toByteArray())) {
        m_mainSplit->setSizes({600, 440});
    }
    m_pairSplit->restoreState(settings.value(QStringLiteral("design/pairSplit")).toByteArray());
    refreshHeader();
    updateLock();
}

DesignPage::~DesignPage()
{
    QSettings settings;
    settings.setValue(QStringLiteral("design/mainSplit"), m_mainSplit->saveState());
    settings.setValue(QStringLiteral("design/pairSplit"), m_pairSplit->saveState());
}

void DesignPage::buildHeader(QWidget* host)
{
    auto* form = new QFormLayout(host);
    form->setContentsMargins(0, 0, 0, 0);
    m_title = new QLineEdit(host);
    m_title->setAccessibleName(tr("Probe title"));
    m_title->setToolTip(
        tr("A short name for the probe, shown in the window title and the report."));
    form->addRow(tr("T&itle:"), m_title);

    m_attribute = new QLineEdit(host);
    m_attribute->setAccessibleName(tr("Attribute"));
    m_attribute->setToolTip(
        tr("The one thing the probe varies between the variants of every item, e.g. "
           "writing style. Everything else is held fixed."));
    m_values = new QLineEdit(host);
    m_values->setAccessibleName(tr("Attribute values"));
    m_values->setToolTip(
        tr("The attribute's values, separated by commas. The first is A and the second B: "
           "every gap reported is A minus B. Renaming a value renames its column."));
    auto* attributeRow = new QHBoxLayout;
    attributeRow->addWidget(m_attribute, 1);
    auto* valuesLabel = new QLabel(tr("&Values:"), host);
    valuesLabel->setBuddy(m_values);
    attributeRow->addWidget(valuesLabel);
    attributeRow->addWidget(m_values, 1);
    auto* attributeLabel = new QLabel(tr("&Attribute:"), host);
    attributeLabel->setBuddy(m_attribute);
    form->addRow(attributeLabel, attributeRow);
    m_valuesError = new QLabel(host);
    m_valuesError->setWordWrap(true);
    m_valuesError->hide();
    form->addRow(QString(), m_valuesError);

    m_description = new QPlainTextEdit(host);
    m_description->setAccessibleName(tr("Probe description"));
    m_description->setToolTip(
        tr("The question the probe asks and why it matters, for the report."));
    m_description->setTabChangesFocus(true);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 2 + 12);
    form->addRow(tr("&Question:"), m_description);

    connect(m_title, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Edit the title"), [t](ProbeDocument& d) { d.title = t; });
    });
    connect(m_attribute, &QLineEdit::textEdited, this, [this](const QString& t) {
        edit(tr("Rename the attribute"), [t](ProbeDocument& d) { d.attribute.name = t.trimmed(); });
    });
    connect(m_values, &QLineEdit::editingFinished, this, &DesignPage::applyValues);
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        const QString t = m_description->toPlainText();
        edit(tr("Edit the question"), [t](ProbeDocument& d) { d.description = t; });
    });
}

void DesignPage::buildPairs(QWidget* host)
{
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* toolbar = new QToolBar(tr("Pairs"), host);
    toolbar->setAccessibleName(tr("Pair actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    const auto action = [this, toolbar](const QString& text, const QKeySequence& key,
                                        const QString& tip, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        connect(a, &QAction::triggered, this, slot);
        toolbar->addAction(a);
        addAction(a);
        return a;
    };
    m_add = action(tr("&Add"), QKeySequence(Qt::CTRL | Qt::Key_Return),
                   tr("Add an empty item at the end"), &DesignPage::addItem);
    m_duplicate = action(tr("&Duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D),
                         tr("Copy the selected items"), &DesignPage::duplicateSelected);
    m_remove = action(tr("&Remove"), QKeySequence(Qt::CTRL | Qt::Key_Delete),
                      tr("Remove the selected items"), &DesignPage::removeSelected);
    m_up = action(tr("Move &up"), QKeySequence(Qt::ALT | Qt::Key_Up),
                  tr("Move the selected item up"), &DesignPage::moveUp);
    m_down = action(tr("Move do&wn"), QKeySequence(Qt::ALT | Qt::Key_Down),
                    tr("Move the selected item down"), &DesignPage::moveDown);
    toolbar->addSeparator();
    m_paste = action(tr("&Paste rows"), QKeySequence::Paste,
                     tr("Paste rows copied from a spreadsheet: one item per row, a cell per value"),
                     [this] { pasteRows(QApplication::clipboard()->text()); });
    m_import =
        action(tr("&Import CSV\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
               tr("Read pairs from a CSV file with a column per value"), &DesignPage::chooseImport);
    m_export = action(tr("E&xport CSV\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X),
                      tr("Write the pairs to a CSV file with a column per value"),
                      &DesignPage::chooseExport);
    layout->addWidget(toolbar);

    m_pairNotice = new NoticeBanner(host);
    layout->addWidget(m_pairNotice);

    m_pairSplit = new QSplitter(Qt::Vertical, host);
    m_pairSplit->setChildrenCollapsible(false);
    m_table = new QTableView(m_pairSplit);
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
    auto* fitRows = new QTimer(this);
    fitRows->setSingleShot(true);
    fitRows->setInterval(30);
    connect(fitRows, &QTimer::timeout, m_table, &QTableView::resizeRowsToContents);
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
    m_pairSplit->addWidget(m_table);

    m_inspector = new ItemInspector(m_model, m_pairSplit);
    m_pairSplit->addWidget(m_inspector);
    m_pairSplit->setStretchFactor(0, 3);
    m_pairSplit->setStretchFactor(1, 1);
    layout->addWidget(m_pairSplit, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                m_inspector->showRow(current.isValid() ? current.row() : -1);
            });
}

QList<QAction*> DesignPage::pairActions() const
{
    return {m_add, m_duplicate, m_remove, m_up, m_down, m_paste, m_import, m_export};
}

bool DesignPage::isLocked() const
{
    return m_project->isLocked() && !m_unlocked;
}

void DesignPage::edit(const QString& what, const std::function<void(ProbeDocument&)>& change)
{
    if (m_refreshing) {
        return;
    }
    ProbeDocument doc = m_project->document();
    change(doc);
    if (!(doc == m_project->document())) {
        m_project->applyEdit(doc, what);
    }
}

void DesignPage::refreshHeader()
{
    const ProbeDocument& doc = m_project->document();
    m_refreshing = true;
    if (m_title->text() != doc.title) {
        m_title->setText(doc.title);
    }
    if (m_attribute->text().trimmed() != doc.attribute.name) {
        m_attribute->setText(doc.attribute.name);
    }
    if (!m_values->hasFocus() || splitValues(m_values->text()) == doc.attribute.values) {
        m_values->setText(doc.attribute.values.join(QStringLiteral(", ")));
    }
    if (m_description->toPlainText() != doc.description) {
        m_description->setPlainText(doc.description);
    }
    m_refreshing = false;
}

void DesignPage::applyValues()
{
    const QStringList values = splitValues(m_values->text());
    const ProbeDocument& doc = m_project->document();
    if (values == doc.attribute.values) {
        m_valuesError->hide();
        return;
    }
    QString problem;
    if (values.size() < 2) {
        problem = tr("A probe needs at least two values, A and B, separated by a comma.");
    } else if (values.contains(QString())) {
        problem = tr("A value cannot be empty.");
    } else if (QSet<QString>(values.cbegin(), values.cend()).size() != values.size()) {
        problem = tr("The values must differ from each other.");
    }
    if (!problem.isEmpty()) {
        m_valuesError->setText(QStringLiteral("\u26A0 ") + problem);
        m_valuesError->show();
        return;
    }
    m_valuesError->hide();
    edit(tr("Change the values"), [&values](ProbeDocument& d) {
        // Values are matched by position: renaming the second value renames its column.
        const QStringList old = d.attribute.values;
        for (ProbeItem& item : d.items) {
            QMap<QString, QString> variants;
            for (qsizetype i = 0; i < values.size(); ++i) {
                variants.insert(values.at(i),
                                i < old.size() ? item.variants.value(old.at(i)) : QString());
            }
            item.variants = variants;
        }
        d.attribute.values = values;
    });
}

void DesignPage::updateLock()
{
    const bool running = m_project->isRunning();
    const bool hasResults = m_project->isLocked();
    const bool locked = hasResults && !m_unlocked;
    m_settings->setLocked(locked);
    m_metric->setLocked(locked);
    m_model->setStructureLocked(locked);
    m_attribute->setEnabled(!locked && !running);
    m_values->setEnabled(!locked && !running);
    m_title->setReadOnly(running);
    m_description->setReadOnly(running);
    for (QAction* a : {m_add, m_duplicate, m_remove, m_up, m_down, m_paste, m_import}) {
        a->setEnabled(!locked && !running);
    }
    m_unlock->setEnabled(locked && !running);

    if (running) {
        m_lockBanner->showMessage(
            NoticeBanner::Tone::Info,
            tr("A run is going: the design is read-only until it ends or is cancelled."));
    } else if (locked) {
        m_lockBanner->showMessage(NoticeBanner::Tone::Warning, kLockText, {m_unlock});
    } else if (hasResults) {
        const auto run = m_project->runForDocument();
        m_lockBanner->showMessage(NoticeBanner::Tone::Info,
                                  tr("Unlocked for a new run: change the settings or the metric "
                                     "and the next Start records a new "
                                     "run; run %1 keeps its results.")
                                      .arg(run ? QString::number(*run) : QString()),
                                  {m_relock});
    } else {
        m_lockBanner->hide();
    }
}

void DesignPage::unlockForNewRun()
{
    m_unlocked = true;
    updateLock();
}

QList<int> DesignPage::selectedRows() const
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

void DesignPage::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        return;
    }
    const int column = m_table->currentIndex().isValid() ? m_table->currentIndex().column() : 1;
    m_table->setCurrentIndex(m_model->index(row, std::min(column, m_model->columnCount() - 1)));
    m_inspector->showRow(row);
}

void DesignPage::addItem()
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

void DesignPage::removeSelected()
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

void DesignPage::duplicateSelected()
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

void DesignPage::moveBy(int delta)
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

void DesignPage::moveUp()
{
    moveBy(-1);
}

void DesignPage::moveDown()
{
    moveBy(+1);
}

bool DesignPage::pasteRows(const QString& text)
{
    m_pairNotice->hide();
    if (isLocked() || m_project->isRunning()) {
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
        m_pairNotice->showMessage(
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

bool DesignPage::importPairs(const QString& path, bool replace)
{
    m_pairNotice->hide();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_pairNotice->showMessage(NoticeBanner::Tone::Error,
                                  tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    const ProbeDocument& doc = m_project->document();
    const PairRows::Parsed parsed = PairRows::fromCsv(file.readAll(), doc.attribute.values,
                                                      replace ? QStringList() : idsOf(doc));
    if (!parsed.ok()) {
        m_pairNotice->showMessage(
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
    m_pairNotice->showMessage(
        NoticeBanner::Tone::Info,
        tr("Imported %1 items from %2.").arg(parsed.items.size()).arg(QFileInfo(path).fileName()));
    return true;
}

bool DesignPage::exportPairs(const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(PairRows::toCsv(m_project->document())) < 0 || !file.commit()) {
        m_pairNotice->showMessage(NoticeBanner::Tone::Error,
                                  tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

void DesignPage::chooseImport()
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

void DesignPage::chooseExport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export pairs"), QStringLiteral("pairs.csv"), tr("CSV files (*.csv)"));
    if (!path.isEmpty() && exportPairs(path)) {
        m_pairNotice->showMessage(NoticeBanner::Tone::Info,
                                  tr("Wrote %1.").arg(QDir::toNativeSeparators(path)));
    }
}

} // namespace pb
