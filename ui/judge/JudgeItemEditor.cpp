#include "judge/JudgeItemEditor.h"

#include "design/VariantDiff.h"
#include "judge/DeservedVerdictDelegate.h"
#include "judge/GenerateVariantsDialog.h"
#include "judge/JudgeItemListModel.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeWriter.h"
#include "judge/JudgeVariantModel.h"
#include "judge/VariantGenerator.h"
#include "results/DiffHtml.h"
#include "widgets/ProblemList.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeColours.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

namespace {

QString uniqueId(const QString& wanted, const QStringList& taken)
{
    if (!taken.contains(wanted))
        return wanted;
    for (int k = 2;; ++k) {
        const QString id = QStringLiteral("%1-%2").arg(wanted).arg(k);
        if (!taken.contains(id))
            return id;
    }
}

QStringList variantIds(const JudgeItem& item)
{
    QStringList out{QLatin1String(JudgeVariant::kBaseId)};
    for (const JudgeVariant& v : item.variants)
        out << v.id;
    return out;
}

QStringList itemIds(const JudgeProbeDocument& doc)
{
    QStringList out;
    for (const JudgeItem& item : doc.items)
        out << item.id;
    return out;
}

// Sets an editor's text without moving the cursor more than the new text forces.
void showText(QPlainTextEdit* edit, const QString& text)
{
    if (edit->toPlainText() == text)
        return;
    const QSignalBlocker block(edit);
    const int position = edit->textCursor().position();
    const int scroll = edit->verticalScrollBar()->value();
    edit->setPlainText(text);
    QTextCursor cursor = edit->textCursor();
    cursor.setPosition(std::min(position, int(text.size())));
    edit->setTextCursor(cursor);
    edit->verticalScrollBar()->setValue(scroll);
}

// After the base changed from `before`: generated variants keep their pad or byline around
// the new text, variants that shared the question share the new one, and a pairwise item's
// swapped order mirrors its base.
void followBase(JudgeItem& item, const JudgeVariant& before)
{
    const JudgeVariant& base = item.base;
    for (JudgeVariant& v : item.variants) {
        if (item.pairwise) {
            v.question = base.question;
            v.first = base.first;
            v.second = base.second;
            v.deserved = base.deserved;
            continue;
        }
        if (v.question == before.question)
            v.question = base.question;
        if (v.generatedFrom.isEmpty() || before.answer == base.answer)
            continue;
        const bool bylineFirst = v.property == QLatin1String("byline");
        const auto replaceHead = [&] {
            if (!v.answer.startsWith(before.answer))
                return false;
            v.answer = base.answer + v.answer.mid(before.answer.size());
            return true;
        };
        const auto replaceTail = [&] {
            if (!v.answer.endsWith(before.answer))
                return false;
            v.answer = v.answer.left(v.answer.size() - before.answer.size()) + base.answer;
            return true;
        };
        if (bylineFirst)
            replaceTail() || replaceHead();
        else
            replaceHead() || replaceTail();
    }
}

QString section(const QString& title, const QString& body)
{
    return QStringLiteral("<p><b>%1</b><br>%2</p>").arg(title.toHtmlEscaped(), body);
}

} // namespace

JudgeItemEditor::JudgeItemEditor(QWidget* parent)
    : QWidget(parent), m_itemModel(new JudgeItemListModel(this)),
      m_variantModel(new JudgeVariantModel(this))
{
    m_checkTimer = new QTimer(this);
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(200);
    connect(m_checkTimer, &QTimer::timeout, this, &JudgeItemEditor::checkItems);
    build();
    // First-run proportions: a narrow item list; base, variants and text about equal.
    m_split->setSizes({300, 980});
    m_rightSplit->setSizes({260, 240, 260});
    const QSettings settings;
    m_split->restoreState(settings.value(QStringLiteral("judge/itemSplit")).toByteArray());
    m_rightSplit->restoreState(
        settings.value(QStringLiteral("judge/itemRightSplit")).toByteArray());
    showItem();
    checkItems();
}

JudgeItemEditor::~JudgeItemEditor()
{
    QSettings settings;
    settings.setValue(QStringLiteral("judge/itemSplit"), m_split->saveState());
    settings.setValue(QStringLiteral("judge/itemRightSplit"), m_rightSplit->saveState());
}

QList<QAction*> JudgeItemEditor::editActions() const
{
    return {m_addItem,         m_addPair,         m_removeItem, m_addVariant,    m_removeVariant,
            m_generatePadding, m_generateBylines, m_copyBase,   m_editTextAction};
}

void JudgeItemEditor::build()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(buildItemList());

    m_right = new QStackedWidget(m_split);
    auto* empty = new QLabel(tr("No item selected. Add one with Add item (Ctrl+Return)."), m_right);
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    m_right->addWidget(empty);
    m_rightSplit = new QSplitter(Qt::Vertical, m_right);
    m_rightSplit->setChildrenCollapsible(false);
    m_rightSplit->addWidget(buildBase());
    m_rightSplit->addWidget(buildVariants());
    m_rightSplit->addWidget(buildDetail());
    m_rightSplit->setStretchFactor(0, 2);
    m_rightSplit->setStretchFactor(1, 2);
    m_rightSplit->setStretchFactor(2, 2);
    m_right->addWidget(m_rightSplit);
    m_split->addWidget(m_right);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 3);
    layout->addWidget(m_split);
}

QWidget* JudgeItemEditor::buildItemList()
{
    auto* host = new QWidget(this);
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* toolbar = new QToolBar(tr("Items"), host);
    toolbar->setAccessibleName(tr("Item actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_addItem = ShortcutAction::forWidget(
        this, tr("Add &item"), QKeySequence(Qt::CTRL | Qt::Key_Return),
        tr("Add a single-answer item after the selected one (Insert in the list)"),
        [this] { addItem(); }, toolbar);
    m_addPair = ShortcutAction::forWidget(
        this, tr("Add &pairwise"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
        tr("Add a pairwise item: two answers judged in both orders, to see "
           "whether the judge follows the answer or its position"),
        [this] { addPairwiseItem(); }, toolbar);
    m_removeItem = ShortcutAction::forWidget(
        this, tr("&Remove item"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete),
        tr("Remove the selected item and its variants (Delete in the list)"),
        [this] { removeItem(); }, toolbar);
    layout->addWidget(toolbar);

    m_itemTable = new QTableView(host);
    m_itemTable->setModel(m_itemModel);
    m_itemTable->setAccessibleName(tr("Judge items"));
    m_itemTable->setToolTip(tr("The artifacts the judge grades. Select one to edit it; F2 "
                               "renames it."));
    m_itemTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_itemTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_itemTable->setEditTriggers(QAbstractItemView::EditKeyPressed |
                                 QAbstractItemView::DoubleClicked);
    m_itemTable->verticalHeader()->hide();
    m_itemTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_itemTable->horizontalHeader()->setStretchLastSection(true);
    m_itemTable->setMinimumWidth(220);
    layout->addWidget(m_itemTable, 1);

    m_problemList = new ProblemList(
        tr("Item problems"),
        tr("What the probe file's reader would report about the items, named by where it is. "
           "Activate one to go to its item."),
        tr("No problems found in the items."), 160, host);
    connect(m_problemList, &ProblemList::chosen, this, &JudgeItemEditor::goToProblem);
    layout->addWidget(m_problemList);

    auto* insertKey = new QShortcut(QKeySequence(Qt::Key_Insert), m_itemTable, nullptr, nullptr,
                                    Qt::WidgetShortcut);
    insertKey->setWhatsThis(tr("Add an item")); // its name in Help > Keyboard shortcuts
    connect(insertKey, &QShortcut::activated, this, &JudgeItemEditor::addItem);
    auto* deleteKey =
        new QShortcut(QKeySequence::Delete, m_itemTable, nullptr, nullptr, Qt::WidgetShortcut);
    deleteKey->setWhatsThis(tr("Remove the item"));
    connect(deleteKey, &QShortcut::activated, this, &JudgeItemEditor::removeItem);

    connect(m_itemTable->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        if (!m_updating)
            showItem();
    });
    connect(m_itemModel, &JudgeItemListModel::idEdited, this, [this](int row, const QString& id) {
        JudgeProbeDocument doc = m_doc;
        const QString old = doc.items.at(row).id;
        doc.items[row].id = id;
        for (QString& chosen : doc.stability.itemIds) {
            if (chosen == old)
                chosen = id;
        }
        commit(doc, tr("Rename item %1").arg(old));
    });
    return host;
}

QWidget* JudgeItemEditor::buildBase()
{
    auto* host = new QWidget(this);
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(4, 0, 0, 0);
    m_itemTitle = new QLabel(host);
    m_itemTitle->setTextFormat(Qt::RichText);
    layout->addWidget(m_itemTitle);

    auto* form = new QFormLayout;
    const auto textBox = [host](const QString& name, const QString& tip) {
        auto* edit = new QPlainTextEdit(host);
        edit->setAccessibleName(name);
        edit->setToolTip(tip);
        edit->setTabChangesFocus(true);
        return edit;
    };
    m_question = textBox(tr("Question"), tr("The question the answer responds to; sent with it "
                                            "when not empty."));
    m_question->setMaximumHeight(70);
    m_answer = textBox(tr("Answer"), tr("The artifact as written: the base every variant "
                                        "changes one property of."));
    m_second = textBox(tr("Second answer"), tr("The other answer of the pair."));
    m_note = new QLineEdit(host);
    m_note->setAccessibleName(tr("Item note"));
    m_note->setToolTip(tr("Why the item deserves its verdicts; for the report."));
    m_answerLabel = new QLabel(tr("&Answer:"), host);
    m_answerLabel->setBuddy(m_answer);
    m_secondLabel = new QLabel(tr("Second ans&wer:"), host);
    m_secondLabel->setBuddy(m_second);
    form->addRow(tr("&Question:"), m_question);
    form->addRow(m_answerLabel, m_answer);
    form->addRow(m_secondLabel, m_second);
    form->addRow(tr("N&ote:"), m_note);
    layout->addLayout(form);

    const auto onText = [this](QPlainTextEdit* edit, const QString& what,
                               void (*apply)(JudgeItem&, const QString&)) {
        connect(edit, &QPlainTextEdit::textChanged, this, [this, edit, what, apply] {
            if (m_updating)
                return;
            const QString text = edit->toPlainText();
            editItem(what.arg(currentItemId()), [&](JudgeItem& item) {
                const JudgeVariant before = item.base;
                apply(item, text);
                followBase(item, before);
            });
        });
    };
    onText(m_question, tr("Edit question of %1"),
           [](JudgeItem& item, const QString& text) { item.base.question = text; });
    onText(m_answer, tr("Edit answer of %1"), [](JudgeItem& item, const QString& text) {
        if (item.pairwise)
            item.base.first = text;
        else
            item.base.answer = text;
    });
    onText(m_second, tr("Edit second answer of %1"),
           [](JudgeItem& item, const QString& text) { item.base.second = text; });
    connect(m_note, &QLineEdit::textEdited, this, [this](const QString& text) {
        editItem(tr("Edit note of %1").arg(currentItemId()),
                 [&](JudgeItem& item) { item.note = text; });
    });
    return host;
}

QWidget* JudgeItemEditor::buildVariants()
{
    auto* host = new QWidget(this);
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(4, 0, 0, 0);

    auto* toolbar = new QToolBar(tr("Variants"), host);
    toolbar->setAccessibleName(tr("Variant actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_property = new QComboBox(host);
    m_property->setEditable(true);
    m_property->setAccessibleName(tr("Property of the new variant"));
    m_property->setToolTip(tr("What the new variant changes: a known property or a word of "
                              "your own."));
    for (const QString& p : JudgeProbeReader::knownProperties()) {
        if (p != QLatin1String("position"))
            m_property->addItem(p);
    }
    m_property->setCurrentText(QStringLiteral("polish"));
    toolbar->addWidget(m_property);
    m_addVariant = ShortcutAction::forWidget(
        this, tr("Add &variant"), QKeySequence(Qt::ALT | Qt::Key_Insert),
        tr("Add a variant written by hand, starting as a copy of the base (Insert in the "
           "table)"),
        [this] { addVariant(); }, toolbar);
    m_removeVariant = ShortcutAction::forWidget(
        this, tr("Re&move variant"), QKeySequence(Qt::ALT | Qt::Key_Delete),
        tr("Remove the selected variant (Delete in the table)"), [this] { removeVariant(); },
        toolbar);
    toolbar->addSeparator();
    m_generatePadding = ShortcutAction::forWidget(
        this, tr("Generate pa&dding\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
        tr("Make one variant per pad: the answer with a content-free sentence added"),
        [this] { generatePadding(); }, toolbar);
    m_generateBylines = ShortcutAction::forWidget(
        this, tr("Generate &bylines\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B),
        tr("Make one variant per name: the answer with a byline line added"),
        [this] { generateBylines(); }, toolbar);
    toolbar->addSeparator();
    m_copyBase = ShortcutAction::forWidget(
        this, tr("&Copy base verdicts"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
        tr("Give the selected \"same\" variant its base's deserved verdicts: "
           "only the property changed, so the verdicts should not"),
        [this] { copyBaseVerdicts(); }, toolbar);
    layout->addWidget(toolbar);

    m_variantTable = new QTableView(host);
    m_variantTable->setModel(m_variantModel);
    m_variantTable->setItemDelegate(new DeservedVerdictDelegate(m_variantTable));
    m_variantTable->setAccessibleName(tr("Variants and deserved verdicts"));
    m_variantTable->setToolTip(
        tr("The base and each variant, with the verdict each deserves per criterion: the "
           "verdict fixed by construction when the artifact was written, which the judge is "
           "scored against. Double-click or F2 to change a cell."));
    m_variantTable->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_variantTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_variantTable->setEditTriggers(QAbstractItemView::DoubleClicked |
                                    QAbstractItemView::EditKeyPressed |
                                    QAbstractItemView::SelectedClicked);
    m_variantTable->verticalHeader()->hide();
    m_variantTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_variantTable->horizontalHeader()->setMinimumSectionSize(60);
    layout->addWidget(m_variantTable);

    auto* insertKey = new QShortcut(QKeySequence(Qt::Key_Insert), m_variantTable, nullptr, nullptr,
                                    Qt::WidgetShortcut);
    insertKey->setWhatsThis(tr("Add a variant"));
    connect(insertKey, &QShortcut::activated, this, &JudgeItemEditor::addVariant);
    auto* deleteKey =
        new QShortcut(QKeySequence::Delete, m_variantTable, nullptr, nullptr, Qt::WidgetShortcut);
    deleteKey->setWhatsThis(tr("Remove the variant"));
    connect(deleteKey, &QShortcut::activated, this, &JudgeItemEditor::removeVariant);

    connect(m_variantTable->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        if (!m_updating)
            showVariant();
    });
    connect(m_variantModel, &JudgeVariantModel::itemEdited, this,
            [this](const JudgeItem& item, const QString& description) {
                const int row = currentItemRow();
                if (row < 0)
                    return;
                JudgeProbeDocument doc = m_doc;
                doc.items[row] = item;
                commit(doc, description);
            });
    return host;
}

QWidget* JudgeItemEditor::buildDetail()
{
    auto* host = new QWidget(this);
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(4, 0, 0, 0);
    auto* head = new QHBoxLayout;
    m_variantTitle = new QLabel(host);
    m_variantTitle->setTextFormat(Qt::RichText);
    m_variantTitle->setWordWrap(true);
    head->addWidget(m_variantTitle, 1);
    m_editTextAction =
        ShortcutAction::forWidget(this, tr("&Edit text"), QKeySequence(Qt::CTRL | Qt::Key_E),
                                  tr("Edit the selected variant's text; off again shows the "
                                     "words that differ from the base"),
                                  {});
    m_editTextAction->setCheckable(true);
    m_editText = new QToolButton(host);
    m_editText->setDefaultAction(m_editTextAction);
    m_editText->setAccessibleName(tr("Edit variant text"));
    head->addWidget(m_editText);
    layout->addLayout(head);

    m_shapeHint = new QLabel(host);
    m_shapeHint->setWordWrap(true);
    m_shapeHint->setAutoFillBackground(true);
    m_shapeHint->setMargin(4);
    m_shapeHint->setAccessibleName(tr("Shape hint"));
    layout->addWidget(m_shapeHint);

    m_variantStack = new QStackedWidget(host);
    m_variantView = new QTextBrowser(m_variantStack);
    m_variantView->setAccessibleName(tr("Variant text with changes highlighted"));
    m_variantView->setToolTip(tr("The selected artifact as the judge sees it; words the base "
                                 "does not have are highlighted."));
    m_variantView->document()->setDefaultStyleSheet(DiffHtml::styleSheet(palette()));
    m_variantText = new QPlainTextEdit(m_variantStack);
    m_variantText->setAccessibleName(tr("Variant text"));
    m_variantText->setToolTip(tr("The variant's answer: the base with one property changed."));
    m_variantText->setTabChangesFocus(true);
    m_variantStack->addWidget(m_variantView);
    m_variantStack->addWidget(m_variantText);
    layout->addWidget(m_variantStack, 1);

    connect(m_editTextAction, &QAction::toggled, this, [this](bool on) {
        m_variantStack->setCurrentWidget(on ? static_cast<QWidget*>(m_variantText)
                                            : static_cast<QWidget*>(m_variantView));
        showVariant();
        if (on)
            m_variantText->setFocus();
    });
    connect(m_variantText, &QPlainTextEdit::textChanged, this, [this] {
        const int row = currentVariantRow();
        if (m_updating || row < 1)
            return;
        const QString text = m_variantText->toPlainText();
        const QString id = m_variantModel->variantAt(row).id;
        editItem(tr("Edit text of %1/%2").arg(currentItemId(), id),
                 [&](JudgeItem& item) { item.variants[row - 1].answer = text; });
    });
    return host;
}

void JudgeItemEditor::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_itemModel->setReadOnly(readOnly);
    m_variantModel->setReadOnly(readOnly);
    for (QPlainTextEdit* edit : {m_question, m_answer, m_second, m_variantText})
        edit->setReadOnly(readOnly);
    m_note->setReadOnly(readOnly);
    refreshActions();
}

int JudgeItemEditor::currentItemRow() const
{
    const QModelIndex current = m_itemTable->currentIndex();
    return current.isValid() && current.row() < m_doc.items.size() ? current.row() : -1;
}

int JudgeItemEditor::currentVariantRow() const
{
    const QModelIndex current = m_variantTable->currentIndex();
    return current.isValid() ? current.row() : -1;
}

QString JudgeItemEditor::currentItemId() const
{
    const int row = currentItemRow();
    return row >= 0 ? m_doc.items.at(row).id : QString();
}

QString JudgeItemEditor::currentVariantId() const
{
    const int row = currentVariantRow();
    return row >= 0 ? m_variantModel->variantAt(row).id : QString();
}

void JudgeItemEditor::selectItem(const QString& itemId)
{
    const int row = m_itemModel->rowOf(itemId);
    if (row < 0)
        return;
    const int column =
        m_itemTable->currentIndex().isValid() ? m_itemTable->currentIndex().column() : 0;
    m_itemTable->setCurrentIndex(m_itemModel->index(row, column));
}

void JudgeItemEditor::selectVariant(const QString& variantId)
{
    const int row = m_variantModel->rowOf(variantId);
    if (row < 0)
        return;
    const int column = m_variantTable->currentIndex().isValid()
                           ? m_variantTable->currentIndex().column()
                           : int(JudgeVariantModel::IdColumn);
    m_variantTable->setCurrentIndex(
        m_variantModel->index(row, std::min(column, m_variantModel->columnCount() - 1)));
}

void JudgeItemEditor::setDocument(const JudgeProbeDocument& doc)
{
    if (doc == m_doc)
        return;
    const QString itemId = currentItemId();
    const int itemRow = currentItemRow();
    const QString variantId = currentVariantId();
    const int variantRow = currentVariantRow();
    const int variantColumn = m_variantTable->currentIndex().isValid()
                                  ? m_variantTable->currentIndex().column()
                                  : int(JudgeVariantModel::IdColumn);
    m_doc = doc;
    m_checkTimer->start();
    {
        m_updating = true;
        m_itemModel->setItems(doc.items);
        int row = m_itemModel->rowOf(itemId);
        if (row < 0 && !doc.items.isEmpty())
            row = std::clamp(itemRow, 0, int(doc.items.size()) - 1);
        if (row >= 0 && m_itemTable->currentIndex().row() != row)
            m_itemTable->setCurrentIndex(m_itemModel->index(row, 0));
        m_updating = false;
    }
    showItem();
    // Keep the variant (by id, else by place) and the column.
    int vrow = m_variantModel->rowOf(variantId);
    if (vrow < 0 && variantRow >= 0 && m_variantModel->rowCount() > 0)
        vrow = std::clamp(variantRow, 0, m_variantModel->rowCount() - 1);
    if (vrow >= 0) {
        m_updating = true;
        m_variantTable->setCurrentIndex(m_variantModel->index(
            vrow, std::min(variantColumn, m_variantModel->columnCount() - 1)));
        m_updating = false;
        showVariant();
    }
}

void JudgeItemEditor::commit(const JudgeProbeDocument& doc, const QString& description)
{
    if (doc == m_doc)
        return;
    const QString variantId = currentVariantId();
    m_doc = doc;
    m_checkTimer->start();
    m_updating = true;
    m_itemModel->setItems(m_doc.items);
    m_updating = false;
    showItem();
    if (!variantId.isEmpty() && currentVariantId() != variantId)
        selectVariant(variantId);
    Q_EMIT edited(m_doc, description);
}

void JudgeItemEditor::editItem(const QString& description,
                               const std::function<void(JudgeItem&)>& change)
{
    const int row = currentItemRow();
    if (row < 0 || m_readOnly)
        return;
    JudgeProbeDocument doc = m_doc;
    change(doc.items[row]);
    commit(doc, description);
}

void JudgeItemEditor::checkItems()
{
    m_checkTimer->stop();
    // Core's own reader judges the items, exactly as a saved file would be read back. The
    // rubric goes inline so the check needs no file.
    JudgeProbeDocument copy = m_doc;
    copy.rubricSource = QStringLiteral("inline");
    const JudgeProbeLoadResult result =
        JudgeProbeReader::parse(JudgeProbeWriter::toJson(copy), QString(), QDir());
    static const QRegularExpression itemPath(QStringLiteral(R"(^items\[(\d+)\]\.?(.*)$)"));
    m_problems.clear();
    m_problemItemRows.clear();
    QHash<int, QStringList> rows;
    QList<ProblemList::Entry> entries;
    for (const ProbeProblem& p : result.problems) {
        if (!p.path.startsWith(QLatin1String("items")))
            continue;
        m_problems << p;
        QString where = p.path;
        const QRegularExpressionMatch m = itemPath.match(p.path);
        if (m.hasMatch()) {
            const int row = m.captured(1).toInt();
            if (row < m_doc.items.size()) {
                const QString field = m.captured(2);
                rows[row] << (field.isEmpty() ? p.message
                                              : field + QStringLiteral(": ") + p.message);
                where = m_doc.items.at(row).id +
                        (field.isEmpty() ? QString() : QLatin1Char('.') + field);
            }
        }
        entries.append({p, QStringLiteral("%1: %2").arg(where, p.message),
                        p.path + QStringLiteral(": ") + p.message});
        m_problemItemRows << (m.hasMatch() ? m.captured(1).toInt() : -1);
    }
    m_itemModel->setRowProblems(rows);
    m_problemList->setEntries(entries);
}

void JudgeItemEditor::goToProblem(int row)
{
    const int itemRow = m_problemItemRows.value(row, -1);
    if (itemRow >= 0 && itemRow < m_itemModel->rowCount()) {
        m_itemTable->setCurrentIndex(m_itemModel->index(itemRow, 0));
        m_itemTable->setFocus();
    }
}

void JudgeItemEditor::showItem()
{
    const int row = currentItemRow();
    if (row < 0) {
        m_variantModel->clear();
        m_right->setCurrentIndex(0);
        refreshActions();
        return;
    }
    m_right->setCurrentIndex(1);
    const JudgeItem& item = m_doc.items.at(row);
    const bool sameItem = m_variantModel->hasItem() && m_variantModel->item().id == item.id;
    m_updating = true;
    m_variantModel->setItem(item, m_doc.rubric);
    m_updating = false;
    if (!m_variantTable->currentIndex().isValid() && m_variantModel->rowCount() > 0) {
        m_updating = true;
        m_variantTable->setCurrentIndex(m_variantModel->index(0, JudgeVariantModel::IdColumn));
        m_updating = false;
    }
    if (!sameItem && m_editTextAction->isChecked())
        m_editTextAction->setChecked(false);
    showBase();
    showVariant();
}

void JudgeItemEditor::showBase()
{
    const int row = currentItemRow();
    if (row < 0)
        return;
    const JudgeItem& item = m_doc.items.at(row);
    m_updating = true;
    m_itemTitle->setText(item.pairwise
                             ? tr("<b>Item %1</b> &middot; pairwise: two answers judged in "
                                  "both orders")
                                   .arg(item.id.toHtmlEscaped())
                             : tr("<b>Item %1</b> &middot; one answer and its variants")
                                   .arg(item.id.toHtmlEscaped()));
    showText(m_question, item.base.question);
    showText(m_answer, item.pairwise ? item.base.first : item.base.answer);
    showText(m_second, item.base.second);
    if (m_note->text() != item.note)
        m_note->setText(item.note);
    m_answerLabel->setText(item.pairwise ? tr("Firs&t answer:") : tr("&Answer:"));
    m_answer->setAccessibleName(item.pairwise ? tr("First answer") : tr("Answer"));
    m_secondLabel->setVisible(item.pairwise);
    m_second->setVisible(item.pairwise);
    m_updating = false;
}

void JudgeItemEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // The highlights' colours come from the palette: a theme switch marks the text again.
    if (event->type() == QEvent::PaletteChange && m_variantView) {
        m_variantView->document()->setDefaultStyleSheet(DiffHtml::styleSheet(palette()));
        showVariant();
    }
}

void JudgeItemEditor::showVariant()
{
    const int itemRow = currentItemRow();
    const int row = currentVariantRow();
    refreshActions();
    if (itemRow < 0 || row < 0 || row >= m_variantModel->rowCount()) {
        m_variantTitle->clear();
        m_variantView->clear();
        m_shapeHint->hide();
        return;
    }
    const JudgeItem& item = m_doc.items.at(itemRow);
    const JudgeVariant& v = m_variantModel->variantAt(row);
    const JudgeVariant& base = item.base;

    QString title;
    QString html;
    if (item.pairwise) {
        const QString a = v.swapped ? v.second : v.first;
        const QString b = v.swapped ? v.first : v.second;
        title =
            v.isBase()
                ? tr("<b>base</b>: the pair in its own order")
                : tr("<b>%1</b>: the pair in the other order (position)").arg(v.id.toHtmlEscaped());
        if (!v.question.isEmpty())
            html += section(tr("Question"), DiffHtml::render(v.question, {}));
        html += section(v.swapped ? tr("Response A (the second answer)")
                                  : tr("Response A (the first answer)"),
                        DiffHtml::render(a, {}));
        html += section(v.swapped ? tr("Response B (the first answer)")
                                  : tr("Response B (the second answer)"),
                        DiffHtml::render(b, {}));
    } else if (v.isBase()) {
        title = tr("<b>base</b>: the answer as written");
        if (!v.question.isEmpty())
            html += section(tr("Question"), DiffHtml::render(v.question, {}));
        html += section(tr("Answer"), DiffHtml::render(v.answer, {}));
    } else {
        const VariantDiff diff = VariantDiff::compare(base.answer, v.answer);
        const int added = int(diff.addedWords().size());
        const int removed = int(diff.removedWords().size());
        QString source = v.generatedFrom.isEmpty()
                             ? tr("written by hand")
                             : tr("generated from %1").arg(v.generatedFrom.toHtmlEscaped());
        title = tr("<b>%1</b>: %2, %3 shape, %4; %5 words added and %6 removed against the base")
                    .arg(v.id.toHtmlEscaped(), v.property.toHtmlEscaped(),
                         JudgeVariantModel::shapeName(v.shape), source)
                    .arg(added)
                    .arg(removed);
        if (!v.question.isEmpty()) {
            const VariantDiff q = VariantDiff::compare(base.question, v.question);
            html += section(tr("Question"), DiffHtml::render(v.question, q.afterSpans()));
        }
        html += section(tr("Answer"), DiffHtml::render(v.answer, diff.afterSpans()));
    }
    if (m_editTextAction->isChecked())
        title += tr(" &middot; <i>editing the text; Ctrl+E shows the changes highlighted</i>");
    m_variantTitle->setText(title);
    m_variantView->setHtml(html);

    QStringList conflicts; // criteria whose deserved verdict contradicts the shape
    for (int c = JudgeVariantModel::FixedColumnCount; c < m_variantModel->columnCount(); ++c) {
        if (!m_variantModel->index(row, c).data(JudgeVariantModel::HintRole).toString().isEmpty())
            conflicts << m_variantModel->headerData(c, Qt::Horizontal).toString();
    }
    QPalette palette; // only the hint's Window: the rest follows the theme
    const bool opposed = !v.isBase() && !item.pairwise && v.shape == PairShape::Opposed;
    if (opposed || !conflicts.isEmpty()) {
        QString text = opposed ? tr("Opposed: the property is set against the content, so the "
                                    "deserved verdicts should differ from the base's.")
                               : tr("Same: only the property changed, so the deserved verdicts "
                                    "should equal the base's.");
        if (!conflicts.isEmpty())
            text += QLatin1Char(' ') +
                    (opposed ? tr("Still equal to the base or missing on: %1.")
                             : tr("They differ on: %1 (Copy base verdicts fixes that)."))
                        .arg(conflicts.join(QStringLiteral(", ")));
        m_shapeHint->setText(text);
        palette.setColor(QPalette::Window, conflicts.isEmpty()
                                               ? ThemeColours::infoBackground(this->palette())
                                               : ThemeColours::warningBackground(this->palette()));
        m_shapeHint->setPalette(palette);
        m_shapeHint->show();
    } else {
        m_shapeHint->hide();
    }

    m_updating = true;
    showText(m_variantText, v.answer);
    m_updating = false;
}

void JudgeItemEditor::refreshActions()
{
    const int itemRow = currentItemRow();
    const bool hasItem = itemRow >= 0;
    const bool pairwise = hasItem && m_doc.items.at(itemRow).pairwise;
    const int row = currentVariantRow();
    const bool variant = hasItem && !pairwise && row >= 1;
    const bool editable = !m_readOnly;
    m_addItem->setEnabled(editable);
    m_addPair->setEnabled(editable);
    m_removeItem->setEnabled(editable && hasItem);
    m_addVariant->setEnabled(editable && hasItem && !pairwise);
    m_property->setEnabled(editable && hasItem && !pairwise);
    m_removeVariant->setEnabled(editable && variant);
    m_generatePadding->setEnabled(editable && hasItem && !pairwise);
    m_generateBylines->setEnabled(editable && hasItem && !pairwise);
    bool offBase = false;
    if (variant && m_variantModel->variantAt(row).shape == PairShape::Same) {
        const DeservedVerdicts& base = m_doc.items.at(itemRow).base.deserved;
        const DeservedVerdicts& own = m_variantModel->variantAt(row).deserved;
        for (auto it = base.cbegin(); it != base.cend() && !offBase; ++it)
            offBase = !own.contains(it.key()) || own.value(it.key()) != it.value();
    }
    m_copyBase->setEnabled(editable && offBase);
    m_editTextAction->setEnabled(variant);
    if (!variant && m_editTextAction->isChecked())
        m_editTextAction->setChecked(false);
}

void JudgeItemEditor::addItem()
{
    if (m_readOnly)
        return;
    JudgeProbeDocument doc = m_doc;
    JudgeItem item;
    item.id = uniqueId(QStringLiteral("item-%1").arg(doc.items.size() + 1), itemIds(doc));
    item.base.id = QLatin1String(JudgeVariant::kBaseId);
    const int row = currentItemRow() >= 0 ? currentItemRow() + 1 : int(doc.items.size());
    doc.items.insert(row, item);
    commit(doc, tr("Add item %1").arg(item.id));
    selectItem(item.id);
    m_answer->setFocus();
}

void JudgeItemEditor::addPairwiseItem()
{
    if (m_readOnly)
        return;
    JudgeProbeDocument doc = m_doc;
    JudgeItem item;
    item.id = uniqueId(QStringLiteral("pair-%1").arg(doc.items.size() + 1), itemIds(doc));
    item.pairwise = true;
    item.base.id = QLatin1String(JudgeVariant::kBaseId);
    // The order the other way round, as the reader makes it for every pairwise item.
    JudgeVariant swapped = item.base;
    swapped.id = QStringLiteral("swapped");
    swapped.property = QStringLiteral("position");
    swapped.swapped = true;
    swapped.generatedFrom = QStringLiteral("the pair in the other order");
    item.variants << swapped;
    const int row = currentItemRow() >= 0 ? currentItemRow() + 1 : int(doc.items.size());
    doc.items.insert(row, item);
    commit(doc, tr("Add pairwise item %1").arg(item.id));
    selectItem(item.id);
    m_answer->setFocus();
}

void JudgeItemEditor::removeItem()
{
    const int row = currentItemRow();
    if (m_readOnly || row < 0)
        return;
    JudgeProbeDocument doc = m_doc;
    const QString id = doc.items.at(row).id;
    doc.items.removeAt(row);
    doc.stability.itemIds.removeAll(id);
    commit(doc, tr("Remove item %1").arg(id));
    if (!doc.items.isEmpty())
        m_itemTable->setCurrentIndex(
            m_itemModel->index(std::min(row, int(doc.items.size()) - 1), 0));
}

void JudgeItemEditor::addVariant()
{
    const int row = currentItemRow();
    if (m_readOnly || row < 0 || m_doc.items.at(row).pairwise)
        return;
    const JudgeItem& item = m_doc.items.at(row);
    QString property = m_property->currentText().trimmed();
    if (property.isEmpty() || property == QLatin1String("position"))
        property = QStringLiteral("polish");
    JudgeVariant v;
    v.id = uniqueId(VariantGenerator::slug(property), variantIds(item));
    v.property = property;
    v.shape = PairShape::Same;
    v.question = item.base.question;
    v.answer = item.base.answer;
    v.deserved = item.base.deserved;
    addVariants({v}, tr("Add variant %1 to %2").arg(v.id, item.id));
    m_editTextAction->setChecked(true);
}

void JudgeItemEditor::addVariants(const QList<JudgeVariant>& variants, const QString& description)
{
    const int row = currentItemRow();
    if (m_readOnly || row < 0 || variants.isEmpty() || m_doc.items.at(row).pairwise)
        return;
    JudgeProbeDocument doc = m_doc;
    JudgeItem& item = doc.items[row];
    QString first;
    for (JudgeVariant v : variants) {
        v.id = uniqueId(v.id, variantIds(item));
        if (first.isEmpty())
            first = v.id;
        item.variants << v;
    }
    commit(doc, description);
    selectVariant(first);
}

void JudgeItemEditor::removeVariant()
{
    const int itemRow = currentItemRow();
    const int row = currentVariantRow();
    if (m_readOnly || itemRow < 0 || row < 1 || m_doc.items.at(itemRow).pairwise)
        return;
    JudgeProbeDocument doc = m_doc;
    JudgeItem& item = doc.items[itemRow];
    const QString id = item.variants.at(row - 1).id;
    item.variants.removeAt(row - 1);
    commit(doc, tr("Remove variant %1 of %2").arg(id, item.id));
    m_variantTable->setCurrentIndex(m_variantModel->index(
        std::min(row, m_variantModel->rowCount() - 1), JudgeVariantModel::IdColumn));
}

void JudgeItemEditor::generatePadding()
{
    generate(true);
}

void JudgeItemEditor::generateBylines()
{
    generate(false);
}

void JudgeItemEditor::generate(bool padding)
{
    const int row = currentItemRow();
    if (m_readOnly || row < 0 || m_doc.items.at(row).pairwise)
        return;
    const JudgeItem item = m_doc.items.at(row);
    GenerateVariantsDialog dialog(padding ? GenerateVariantsDialog::Kind::Padding
                                          : GenerateVariantsDialog::Kind::Byline,
                                  item.base, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<JudgeVariant> made = dialog.variants();
    addVariants(made, (padding ? tr("Generate %1 padding variants for %2")
                               : tr("Generate %1 byline variants for %2"))
                          .arg(made.size())
                          .arg(item.id));
}

void JudgeItemEditor::copyBaseVerdicts()
{
    const int itemRow = currentItemRow();
    const int row = currentVariantRow();
    if (m_readOnly || itemRow < 0 || row < 1 || m_doc.items.at(itemRow).pairwise)
        return;
    const JudgeVariant& v = m_variantModel->variantAt(row);
    if (v.shape != PairShape::Same)
        return;
    const QString id = v.id;
    editItem(tr("Copy base verdicts to %1/%2").arg(currentItemId(), id), [&](JudgeItem& item) {
        JudgeVariant& target = item.variants[row - 1];
        for (auto it = item.base.deserved.cbegin(); it != item.base.deserved.cend(); ++it)
            target.deserved.insert(it.key(), it.value());
    });
}

} // namespace pb
