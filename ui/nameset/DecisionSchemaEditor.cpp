#include "nameset/DecisionSchemaEditor.h"

#include "nameset/DecisionValueModel.h"
#include "nameset/NameSetPrompt.h"
#include "widgets/NoticeBanner.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <limits>

namespace pb {

namespace {

QString scoreText(double value)
{
    return QString::number(value, 'g', 15);
}

QString freshDecision(const DecisionSet& set)
{
    for (qsizetype n = set.values.size() + 1;; ++n) {
        const QString value = QStringLiteral("decision%1").arg(n);
        if (!set.values.contains(value))
            return value;
    }
}

} // namespace

DecisionSchemaEditor::DecisionSchemaEditor(QWidget* parent)
    : QWidget(parent), m_model(new DecisionValueModel(this))
{
    build();
    refreshChrome();
}

void DecisionSchemaEditor::build()
{
    auto* left = new QVBoxLayout;
    m_notice = new NoticeBanner(this);
    left->addWidget(m_notice);
    auto* decisionsLabel = new QLabel(tr("Decisions the reply ma&y give:"), this);
    left->addWidget(decisionsLabel);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Decision values"));
    m_table->setToolTip(tr("The closed set of decisions; tick the favourable ones."));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DecisionValueModel::ValueColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(DecisionValueModel::FavourableColumn,
                                                      QHeaderView::ResizeToContents);
    // The table is as tall as its decisions, so the range sits under them.
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    decisionsLabel->setBuddy(m_table);
    left->addWidget(m_table);
    auto* buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("Add dec&ision"), this);
    m_add->setAccessibleName(tr("Add decision"));
    m_add->setToolTip(tr("Add a decision the reply may give; tick it if it is favourable."));
    m_remove = new QPushButton(tr("Remove decisi&on"), this);
    m_remove->setAccessibleName(tr("Remove decision"));
    m_remove->setToolTip(tr("Remove the selected decision from the closed set."));
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    left->addLayout(buttons);
    connect(m_add, &QPushButton::clicked, this, &DecisionSchemaEditor::addDecision);
    connect(m_remove, &QPushButton::clicked, this, &DecisionSchemaEditor::removeDecision);
    connect(m_model, &DecisionValueModel::decisionsEdited, this,
            [this](const DecisionSet& decisions, const QString& description) {
                NameSetDocument doc = m_doc;
                doc.decisions = decisions;
                commit(doc, description);
            });

    auto* form = new QFormLayout;
    const auto spin = [this](const QString& name) {
        auto* box = new QDoubleSpinBox(this);
        box->setAccessibleName(name);
        box->setDecimals(2);
        box->setRange(-1e6, 1e6);
        // A value is taken when typing ends (Enter, focus out) or on a step, so typing "10"
        // is one change, not "1" then "10".
        box->setKeyboardTracking(false);
        return box;
    };
    m_min = spin(tr("Lowest score"));
    m_min->setToolTip(tr("The lowest score a reply may give; must be below the highest."));
    m_max = spin(tr("Highest score"));
    m_max->setToolTip(tr("The highest score a reply may give."));
    form->addRow(tr("&Lowest score:"), m_min);
    form->addRow(tr("Hi&ghest score:"), m_max);
    m_structured = new QCheckBox(tr("Send the schema as structured o&utput"), this);
    m_structured->setAccessibleName(tr("Send the schema as structured output"));
    m_structured->setToolTip(tr("Send the schema as Ollama's format or OpenAI's response_format "
                                "where the server supports it. Every reply is checked against "
                                "it either way."));
    form->addRow(m_structured);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    left->addLayout(form);
    left->addStretch(1);
    connect(m_min, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (!m_updating)
            editRange(value, m_doc.score.max, tr("Change the lowest score"));
    });
    connect(m_max, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (!m_updating)
            editRange(m_doc.score.min, value, tr("Change the highest score"));
    });
    connect(m_structured, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating)
            return;
        NameSetDocument doc = m_doc;
        doc.structuredOutput = on;
        commit(doc, on ? tr("Send the schema as structured output")
                       : tr("Do not send the schema as structured output"));
    });

    auto* right = new QVBoxLayout;
    m_schemaNote = new QLabel(this);
    m_schemaNote->setWordWrap(true);
    right->addWidget(m_schemaNote);
    m_schema = new QPlainTextEdit(this);
    m_schema->setReadOnly(true);
    m_schema->setAccessibleName(tr("JSON schema"));
    m_schema->setToolTip(tr("The JSON schema each reply must follow, as core builds it."));
    m_schema->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    right->addWidget(m_schema, 1);

    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 2);
    layout->addLayout(right, 3);
}

void DecisionSchemaEditor::setDocument(const NameSetDocument& doc)
{
    m_doc = doc;
    m_model->setDecisions(doc.decisions);
    refreshChrome();
}

void DecisionSchemaEditor::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_table->setEditTriggers(readOnly ? QAbstractItemView::NoEditTriggers
                                      : QAbstractItemView::DoubleClicked |
                                            QAbstractItemView::EditKeyPressed |
                                            QAbstractItemView::AnyKeyPressed);
    m_table->setEnabled(!readOnly);
    for (QWidget* w : std::initializer_list<QWidget*>{m_add, m_remove, m_min, m_max, m_structured})
        w->setEnabled(!readOnly);
}

void DecisionSchemaEditor::refreshChrome()
{
    m_updating = true;
    m_min->setValue(m_doc.score.min);
    m_max->setValue(m_doc.score.max);
    m_structured->setChecked(m_doc.structuredOutput);
    m_updating = false;
    m_schemaNote->setText(
        m_doc.structuredOutput
            ? tr("Sent with every call as structured output, and every reply checked against "
                 "it:")
            : tr("Not sent (structured output is off); every reply is still checked against "
                 "it:"));
    const QString schema = schemaText();
    if (m_schema->toPlainText() != schema)
        m_schema->setPlainText(schema);
}

QString DecisionSchemaEditor::schemaText() const
{
    return QString::fromUtf8(
        QJsonDocument(NameSetPrompt::schema(m_doc)).toJson(QJsonDocument::Indented));
}

void DecisionSchemaEditor::commit(const NameSetDocument& doc, const QString& description)
{
    if (doc == m_doc)
        return;
    m_doc = doc;
    m_model->setDecisions(doc.decisions);
    refreshChrome();
    Q_EMIT edited(m_doc, description);
}

void DecisionSchemaEditor::editRange(double min, double max, const QString& description)
{
    if (m_readOnly)
        return;
    if (!(min < max)) {
        m_rangeError = tr("The lowest score (%1) must be below the highest (%2); the range was "
                          "not changed.")
                           .arg(scoreText(min), scoreText(max));
        m_notice->showMessage(NoticeBanner::Tone::Error, m_rangeError);
        refreshChrome(); // the boxes go back to the document's range
        return;
    }
    m_rangeError.clear();
    m_notice->hide();
    NameSetDocument doc = m_doc;
    doc.score = ScoreRange{min, max};
    commit(doc, description);
}

void DecisionSchemaEditor::addDecision()
{
    if (m_readOnly)
        return;
    NameSetDocument doc = m_doc;
    const QString value = freshDecision(doc.decisions);
    doc.decisions.values << value;
    commit(doc, tr("Add decision %1").arg(value));
    const QModelIndex cell =
        m_model->index(m_model->rowCount() - 1, DecisionValueModel::ValueColumn);
    m_table->setCurrentIndex(cell);
    m_table->setFocus();
    m_table->edit(cell);
}

void DecisionSchemaEditor::removeDecision()
{
    const QModelIndex current = m_table->currentIndex();
    if (m_readOnly || !current.isValid())
        return;
    NameSetDocument doc = m_doc;
    const QString value = doc.decisions.values.at(current.row());
    doc.decisions.values.removeAt(current.row());
    if (!doc.decisions.values.contains(value))
        doc.decisions.favourable.removeAll(value);
    commit(doc, tr("Remove decision %1").arg(value));
}

} // namespace pb
