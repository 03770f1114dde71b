#include "judge/JudgeItemEditor.h"

#include "design/VariantDiff.h"
#include "judge/DeservedVerdictDelegate.h"
#include "judge/GenerateVariantsDialog.h"
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
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>

namespace pb {

namespace {

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
    item.id = JudgeItemEdits::uniqueId(QStringLiteral("item-%1").arg(doc.items.size() + 1),
                                       JudgeItemEdits::itemIds(doc));
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
    item.id = JudgeItemEdits::uniqueId(QStringLiteral("pair-%1").arg(doc.items.size() + 1),
                                       JudgeItemEdits::itemIds(doc));
    item.pairwise = true;
    item.base.id = QLatin1String(JudgeVariant::kBaseId);
    item.variants << JudgeVariant::swappedOf(item.base);
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
    v.id = JudgeItemEdits::uniqueId(VariantGenerator::slug(property),
                                    JudgeItemEdits::variantIds(item));
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
        v.id = JudgeItemEdits::uniqueId(v.id, JudgeItemEdits::variantIds(item));
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
