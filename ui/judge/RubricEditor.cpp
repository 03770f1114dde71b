#include "judge/RubricEditor.h"

#include "judge/RubricCriteriaModel.h"
#include "judge/RubricWriter.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ProblemList.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ThemeColours.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QSignalBlocker>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

namespace pb {

namespace {

// The one place the editor asks core whether a rubric is valid: exactly the reader's
// messages, by path inside the rubric.
QList<ProbeProblem> validationProblems(const Rubric& rubric)
{
    return RubricWriter::validate(rubric);
}

int deservedCount(const QList<JudgeItem>& items)
{
    int n = 0;
    for (const JudgeItem& item : items) {
        for (const JudgeVariant& v : item.all())
            n += int(v.deserved.size());
    }
    return n;
}

void forEachVariant(QList<JudgeItem>* items, const std::function<void(JudgeVariant&)>& apply)
{
    for (JudgeItem& item : *items) {
        apply(item.base);
        for (JudgeVariant& v : item.variants)
            apply(v);
    }
}

// Keeps the items' deserved verdicts pointing at the rubric's criteria after an edit: a
// renamed criterion (same place, new unique id not used before) carries its verdicts along,
// a removed one takes them with it, and a new scale clears them all. A move (ids permuted)
// changes nothing.
void followRubric(const Rubric& before, const Rubric& after, QList<JudgeItem>* items)
{
    if (before.scale != after.scale) {
        forEachVariant(items, [](JudgeVariant& v) { v.deserved.clear(); });
        return;
    }
    const QStringList oldIds = before.ids();
    const QStringList newIds = after.ids();
    if (oldIds.size() == newIds.size()) {
        QMap<QString, QString> renamed;
        for (qsizetype i = 0; i < oldIds.size(); ++i) {
            const QString& from = oldIds.at(i);
            const QString& to = newIds.at(i);
            if (from != to && oldIds.count(from) == 1 && newIds.count(to) == 1 &&
                !oldIds.contains(to))
                renamed.insert(from, to);
        }
        if (renamed.isEmpty())
            return;
        forEachVariant(items, [&renamed](JudgeVariant& v) {
            DeservedVerdicts out;
            for (auto it = v.deserved.begin(); it != v.deserved.end(); ++it)
                out.insert(renamed.value(it.key(), it.key()), it.value());
            v.deserved = out;
        });
        return;
    }
    if (newIds.size() < oldIds.size()) {
        forEachVariant(items, [&](JudgeVariant& v) {
            for (const QString& id : oldIds) {
                if (!newIds.contains(id))
                    v.deserved.remove(id);
            }
        });
    }
}

QString freshId(const Rubric& rubric)
{
    for (qsizetype n = rubric.criteria.size() + 1;; ++n) {
        const QString id = QStringLiteral("C%1").arg(n);
        if (!rubric.criterion(id))
            return id;
    }
}

void markField(QWidget* field, const QStringList& messages, const QString& tip)
{
    // Only the marked role is set: the field's other colours keep following the theme.
    QPalette palette;
    if (!messages.isEmpty())
        palette.setColor(QPalette::Base,
                         ThemeColours::errorBackground(QApplication::palette(field)));
    field->setPalette(palette);
    field->setToolTip(
        messages.isEmpty() ? tip : messages.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + tip);
}

const QString kTitleTip = QStringLiteral("The rubric's title, shown in the report.");
const QString kTypeTip = QStringLiteral(
    "What the judge grades (\"persuasive_paragraph\"); the prompt says \"You grade ...\".");
const QString kScaleTip = QStringLiteral(
    "Levels: each criterion is graded 1 to 4 against four observable descriptors, and the "
    "weighted total is the sum of weight x level / 4. Pass/fail: each criterion passes or "
    "fails, and the total is the sum of the weights passed.");

} // namespace

RubricEditor::RubricEditor(QWidget* parent)
    : QWidget(parent), m_model(new RubricCriteriaModel(this))
{
    build();
    refreshChrome();
    refreshProblems();
}

void RubricEditor::build()
{
    auto* layout = new QVBoxLayout(this);

    m_notice = new NoticeBanner(this);
    layout->addWidget(m_notice);

    auto* form = new QFormLayout;
    m_title = new QLineEdit(this);
    m_title->setAccessibleName(tr("Rubric title"));
    m_title->setPlaceholderText(tr("Library hours: persuasive paragraph"));
    m_artifactType = new QLineEdit(this);
    m_artifactType->setAccessibleName(tr("Artifact type"));
    m_artifactType->setPlaceholderText(tr("persuasive_paragraph"));
    m_scale = new QComboBox(this);
    m_scale->setAccessibleName(tr("Rubric scale"));
    m_scale->addItem(tr("Levels 1 to 4 (the lab's form)"), int(RubricScale::Levels));
    m_scale->addItem(tr("Pass / fail (the judge-bias chapter)"), int(RubricScale::PassFail));
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Artifact type:"), m_artifactType);
    form->addRow(tr("S&cale:"), m_scale);
    layout->addLayout(form);

    connect(m_title, &QLineEdit::textEdited, this, [this](const QString& text) {
        Rubric r = m_doc.rubric;
        r.title = text;
        applyRubric(r, tr("Edit rubric title"));
    });
    connect(m_artifactType, &QLineEdit::textEdited, this, [this](const QString& text) {
        Rubric r = m_doc.rubric;
        r.artifactType = text;
        applyRubric(r, tr("Edit rubric artifact type"));
    });
    connect(m_scale, &QComboBox::activated, this, [this](int index) {
        const auto scale = RubricScale(m_scale->itemData(index).toInt());
        if (scale == m_doc.rubric.scale)
            return;
        Rubric r = m_doc.rubric;
        r.scale = scale;
        const int before = deservedCount(m_doc.items);
        applyRubric(r, tr("Change rubric scale"));
        const int cleared = before - deservedCount(m_doc.items);
        if (cleared > 0)
            m_notice->showMessage(
                NoticeBanner::Tone::Info,
                tr("Changing the scale cleared %1 deserved verdicts: levels and pass/fail "
                   "verdicts do not translate. Undo brings them back.")
                    .arg(cleared));
    });

    auto* toolbar = new QToolBar(tr("Criteria"), this);
    toolbar->setAccessibleName(tr("Criterion actions"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_add = ShortcutAction::forWidget(
        this, tr("&Add criterion"), QKeySequence(Qt::CTRL | Qt::Key_Insert),
        tr("Add a criterion after the selected one (Insert in the table)"),
        [this] { addCriterion(); }, toolbar);
    m_remove = ShortcutAction::forWidget(
        this, tr("&Remove criterion"), QKeySequence(Qt::CTRL | Qt::Key_Delete),
        tr("Remove the selected criterion and its deserved verdicts (Delete in "
           "the table)"),
        [this] { removeCriterion(); }, toolbar);
    m_up = ShortcutAction::forWidget(
        this, tr("Move &up"), QKeySequence(Qt::CTRL | Qt::Key_Up),
        tr("Move the selected criterion up"), [this] { moveUp(); }, toolbar);
    m_down = ShortcutAction::forWidget(
        this, tr("Move do&wn"), QKeySequence(Qt::CTRL | Qt::Key_Down),
        tr("Move the selected criterion down"), [this] { moveDown(); }, toolbar);
    layout->addWidget(toolbar);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Rubric criteria"));
    m_table->setToolTip(tr("One row per criterion. Double-click or press F2 to edit a cell; "
                           "Insert adds a criterion, Delete removes one."));
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    // Insert and Delete only while the table itself has focus: in an open cell editor they
    // edit text.
    auto* insertKey =
        new QShortcut(QKeySequence(Qt::Key_Insert), m_table, nullptr, nullptr, Qt::WidgetShortcut);
    insertKey->setWhatsThis(tr("Add a criterion")); // its name in Help > Keyboard shortcuts
    connect(insertKey, &QShortcut::activated, this, &RubricEditor::addCriterion);
    auto* deleteKey =
        new QShortcut(QKeySequence::Delete, m_table, nullptr, nullptr, Qt::WidgetShortcut);
    deleteKey->setWhatsThis(tr("Remove the criterion"));
    connect(deleteKey, &QShortcut::activated, this, &RubricEditor::removeCriterion);

    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(RubricCriteriaModel::IdColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RubricCriteriaModel::WeightColumn, QHeaderView::ResizeToContents);
    header->resizeSection(RubricCriteriaModel::NameColumn, 140);
    for (int c = RubricCriteriaModel::DescriptionColumn; c < RubricCriteriaModel::ColumnCount; ++c)
        header->setSectionResizeMode(c, QHeaderView::Stretch);
    header->setMinimumSectionSize(50);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    layout->addWidget(m_table, 1);

    // Rows fit their wrapped text, measured once per burst of changes.
    auto* fit = new QTimer(this);
    fit->setSingleShot(true);
    fit->setInterval(30);
    connect(fit, &QTimer::timeout, this, &RubricEditor::fitRows);
    const auto scheduleFit = [fit] { fit->start(); };
    connect(header, &QHeaderView::sectionResized, fit, scheduleFit);
    connect(m_model, &QAbstractItemModel::dataChanged, fit, scheduleFit);
    connect(m_model, &QAbstractItemModel::modelReset, fit, scheduleFit);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        for (int c = 0; c < RubricCriteriaModel::ColumnCount; ++c)
            m_table->setColumnHidden(c, !m_model->columnApplies(c));
    });

    connect(m_model, &RubricCriteriaModel::rubricEdited, this,
            [this](const Rubric& rubric, const QString& description) {
                applyRubric(rubric, description);
            });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this] { refreshChrome(); });

    m_weightSum = new QLabel(this);
    m_weightSum->setAccessibleName(tr("Weight sum"));
    m_weightSum->setToolTip(tr("The weights are percents of the weighted total, so they must "
                               "sum to 100."));
    m_weightSum->setAutoFillBackground(true);
    m_weightSum->setMargin(4);
    layout->addWidget(m_weightSum);

    m_problemList =
        new ProblemList(tr("Rubric problems"),
                        tr("Every problem that keeps the rubric from being saved as valid, named "
                           "by where it is. Activate one to go to its cell."),
                        tr("No problems found."), 110, this);
    connect(m_problemList, &ProblemList::chosen, this, &RubricEditor::goToProblem);
    layout->addWidget(m_problemList);
}

QList<QAction*> RubricEditor::editActions() const
{
    return {m_add, m_remove, m_up, m_down};
}

void RubricEditor::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_title->setReadOnly(readOnly);
    m_artifactType->setReadOnly(readOnly);
    m_scale->setEnabled(!readOnly);
    m_table->setEditTriggers(readOnly ? QAbstractItemView::NoEditTriggers
                                      : QAbstractItemView::DoubleClicked |
                                            QAbstractItemView::EditKeyPressed |
                                            QAbstractItemView::AnyKeyPressed);
    refreshChrome();
}

void RubricEditor::setDocument(const JudgeProbeDocument& doc)
{
    if (doc == m_doc && m_model->rubric() == doc.rubric)
        return;
    const QString current = currentCriterionId();
    const int column = m_table->currentIndex().isValid() ? m_table->currentIndex().column()
                                                         : int(RubricCriteriaModel::NameColumn);
    const bool scaleChanged = doc.rubric.scale != m_doc.rubric.scale;
    m_doc = doc;
    m_model->setRubric(doc.rubric);
    if (m_title->text() != doc.rubric.title) {
        const QSignalBlocker block(m_title);
        m_title->setText(doc.rubric.title);
    }
    if (m_artifactType->text() != doc.rubric.artifactType) {
        const QSignalBlocker block(m_artifactType);
        m_artifactType->setText(doc.rubric.artifactType);
    }
    {
        const QSignalBlocker block(m_scale);
        m_scale->setCurrentIndex(m_scale->findData(int(doc.rubric.scale)));
    }
    if (!current.isEmpty() && m_model->rubric().criterion(current)) {
        const int row = int(m_model->rubric().indexOf(current));
        if (m_table->currentIndex().row() != row)
            m_table->setCurrentIndex(m_model->index(row, column));
    }
    if (scaleChanged)
        m_notice->hide();
    refreshChrome();
    refreshProblems();
}

void RubricEditor::applyRubric(const Rubric& rubric, const QString& description)
{
    if (m_readOnly) {
        m_model->setRubric(m_doc.rubric); // undo a programmatic cell edit
        return;
    }
    JudgeProbeDocument doc = m_doc;
    followRubric(doc.rubric, rubric, &doc.items);
    doc.rubric = rubric;
    m_doc = doc;
    m_model->setRubric(rubric);
    refreshChrome();
    refreshProblems();
    Q_EMIT edited(m_doc, description);
}

QString RubricEditor::weightSumText() const
{
    const Rubric& r = m_doc.rubric;
    if (r.criteria.isEmpty())
        return tr("No criteria yet: a rubric needs at least one.");
    double sum = 0.0;
    for (const RubricCriterion& c : r.criteria)
        sum += c.weight;
    const QString text = RubricCriteriaModel::weightText(sum);
    if (std::abs(sum - 100.0) > 1e-6)
        return tr("Weights sum to %1, need 100.").arg(text);
    return tr("Weights sum to %1.").arg(text);
}

void RubricEditor::refreshChrome()
{
    const QString sum = weightSumText();
    m_weightSum->setText(sum);
    QPalette palette; // only the marked role: the rest follows the theme
    if (sum.contains(QLatin1String("need")) || m_doc.rubric.criteria.isEmpty())
        palette.setColor(QPalette::Window,
                         ThemeColours::errorBackground(QApplication::palette(m_weightSum)));
    m_weightSum->setPalette(palette);

    const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    const int rows = m_model->rowCount();
    m_add->setEnabled(!m_readOnly);
    m_remove->setEnabled(!m_readOnly && row >= 0);
    m_up->setEnabled(!m_readOnly && row > 0);
    m_down->setEnabled(!m_readOnly && row >= 0 && row + 1 < rows);
}

void RubricEditor::refreshProblems()
{
    m_problems = validationProblems(m_doc.rubric);
    m_model->setProblems(m_problems);

    QStringList titleProblems;
    QStringList typeProblems;
    QStringList scaleProblems;
    QList<ProblemList::Entry> entries;
    for (const ProbeProblem& p : m_problems) {
        const QString where = p.path.isEmpty() ? tr("rubric") : p.path;
        entries.append({p, QStringLiteral("%1: %2").arg(where, p.message), QString()});
        if (p.path.endsWith(QLatin1String("title")))
            titleProblems << p.message;
        else if (p.path.endsWith(QLatin1String("artifact_type")))
            typeProblems << p.message;
        else if (p.path.endsWith(QLatin1String("scale")))
            scaleProblems << p.message;
    }
    markField(m_title, titleProblems, kTitleTip);
    markField(m_artifactType, typeProblems, kTypeTip);
    markField(m_scale, scaleProblems, kScaleTip);
    m_problemList->setEntries(entries);
}

void RubricEditor::goToProblem(int row)
{
    if (row < 0 || row >= m_problems.size())
        return;
    const QString& path = m_problems.at(row).path;
    if (const auto cell = RubricCriteriaModel::cellOfPath(path)) {
        if (cell->row < m_model->rowCount()) {
            const int column = cell->column < 0 ? int(RubricCriteriaModel::IdColumn) : cell->column;
            m_table->setCurrentIndex(m_model->index(cell->row, column));
            m_table->setFocus();
        }
        return;
    }
    if (path.endsWith(QLatin1String("title")))
        m_title->setFocus();
    else if (path.endsWith(QLatin1String("artifact_type")))
        m_artifactType->setFocus();
    else if (path.endsWith(QLatin1String("scale")))
        m_scale->setFocus();
    else if (path.endsWith(QLatin1String("criteria")) && m_model->rowCount() > 0) {
        m_table->setCurrentIndex(m_model->index(0, RubricCriteriaModel::WeightColumn));
        m_table->setFocus();
    }
}

void RubricEditor::fitRows()
{
    m_table->resizeRowsToContents();
}

QString RubricEditor::currentCriterionId() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? m_model->rubric().criteria.at(current.row()).id : QString();
}

void RubricEditor::selectCriterion(const QString& id)
{
    const qsizetype row = m_model->rubric().indexOf(id);
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(int(row), RubricCriteriaModel::NameColumn));
}

void RubricEditor::addCriterion()
{
    if (m_readOnly)
        return;
    Rubric r = m_doc.rubric;
    RubricCriterion c;
    c.id = freshId(r);
    const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() + 1
                                                      : int(r.criteria.size());
    r.criteria.insert(row, c);
    applyRubric(r, tr("Add criterion %1").arg(c.id));
    const QModelIndex name = m_model->index(row, RubricCriteriaModel::NameColumn);
    m_table->setCurrentIndex(name);
    m_table->setFocus();
}

void RubricEditor::removeCriterion()
{
    const QModelIndex current = m_table->currentIndex();
    if (m_readOnly || !current.isValid())
        return;
    Rubric r = m_doc.rubric;
    const int row = current.row();
    const QString id = r.criteria.at(row).id;
    r.criteria.removeAt(row);
    applyRubric(r, tr("Remove criterion %1").arg(id));
    if (m_model->rowCount() > 0)
        m_table->setCurrentIndex(
            m_model->index(std::min(row, m_model->rowCount() - 1), current.column()));
}

void RubricEditor::moveUp()
{
    moveBy(-1);
}

void RubricEditor::moveDown()
{
    moveBy(1);
}

void RubricEditor::moveBy(int delta)
{
    const QModelIndex current = m_table->currentIndex();
    if (m_readOnly || !current.isValid())
        return;
    const int row = current.row();
    const int to = row + delta;
    if (to < 0 || to >= m_model->rowCount())
        return;
    Rubric r = m_doc.rubric;
    r.criteria.move(row, to);
    applyRubric(r, tr("Move criterion %1").arg(r.criteria.at(to).id));
    m_table->setCurrentIndex(m_model->index(to, current.column()));
}

} // namespace pb
