// The widgets of the judge item editor and how they are wired; what they do is in
// JudgeItemEditor.cpp.
#include "design/VariantDiff.h"
#include "judge/DeservedVerdictDelegate.h"
#include "judge/GenerateVariantsDialog.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeItemEdits.h"
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
                JudgeItemEdits::followBase(item, before);
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
    // Ctrl+Shift+P is the window's Presenter mode, live on every page.
    m_generatePadding = ShortcutAction::forWidget(
        this, tr("Generate pa&dding\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P),
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

} // namespace pb
