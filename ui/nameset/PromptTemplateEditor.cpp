#include "nameset/PromptTemplateEditor.h"

#include "nameset/NameListModel.h"
#include "nameset/NameSetPrompt.h"
#include "nameset/PromptTemplateHighlighter.h"
#include "widgets/ThemeColours.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>

namespace pb {

namespace {

QStringList linesOf(const QString& text)
{
    QStringList out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            out << line.trimmed();
    }
    return out;
}

void showText(QPlainTextEdit* edit, const QString& text)
{
    if (edit->toPlainText() != text)
        edit->setPlainText(text);
}

QWidget* titled(QWidget* parent, const QString& title, QWidget* body, QWidget* extra = nullptr)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    auto* label = new QLabel(title, box);
    label->setBuddy(body);
    top->addWidget(label, 1);
    if (extra)
        top->addWidget(extra);
    layout->addLayout(top);
    layout->addWidget(body, 1);
    return box;
}

} // namespace

PromptTemplateEditor::PromptTemplateEditor(QWidget* parent) : QWidget(parent)
{
    build();
    refreshKeys();
    refreshPreview();
}

void PromptTemplateEditor::build()
{
    const auto textBox = [this](const QString& name, const QString& tip) {
        auto* edit = new QPlainTextEdit(this);
        edit->setAccessibleName(name);
        edit->setToolTip(tip);
        edit->setTabChangesFocus(true);
        edit->viewport()->installEventFilter(this);
        return edit;
    };
    m_task = textBox(tr("Task"), tr("What the model is asked to do; filled in for {task}."));
    m_document = textBox(tr("Input document"),
                         tr("The input every call sends, with {name} where the name goes and "
                            "{field} for a name's own values (each becomes a column of the "
                            "names table)."));
    m_prompt = textBox(tr("Prompt template"),
                       tr("The prompt each call sends, seed 002's unless changed: {task}, "
                          "{document}, {name}, {decisions}, {score_range} and {constraints} "
                          "are filled in."));
    m_constraints = textBox(tr("Constraints"), tr("One constraint a line; filled in for "
                                                  "{constraints} as a list."));
    m_preview = new QPlainTextEdit(this);
    m_preview->setReadOnly(true);
    m_preview->setAccessibleName(tr("Prompt preview"));
    m_preview->setToolTip(tr("The exact prompt the run sends for the chosen name, as the log "
                             "records it."));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit* edit : {m_document, m_prompt, m_preview})
        edit->setFont(mono);
    m_previewName = new QComboBox(this);
    m_previewName->setAccessibleName(tr("Preview name"));
    m_previewName->setToolTip(tr("Which name's prompt to show."));
    m_previewName->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_reset = new QPushButton(tr("Seed &002's template"), this);
    m_reset->setToolTip(tr("Put back the template seed 002 gives."));
    m_reset->setAccessibleName(tr("Seed 002's template"));
    connect(m_reset, &QPushButton::clicked, this, &PromptTemplateEditor::resetTemplate);

    m_taskMarks = new PromptTemplateHighlighter(m_task->document());
    m_documentMarks = new PromptTemplateHighlighter(m_document->document());
    m_promptMarks = new PromptTemplateHighlighter(m_prompt->document());

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(titled(left, tr("T&ask:"), m_task));
    left->addWidget(titled(left, tr("Input &document:"), m_document));
    left->addWidget(titled(left, tr("&Constraints, one a line:"), m_constraints));
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 4);
    left->setStretchFactor(2, 1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(titled(splitter, tr("Prompt &template:"), m_prompt, m_reset));
    splitter->addWidget(titled(splitter, tr("Previe&w for:"), m_preview, m_previewName));
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    const auto onText = [this](QPlainTextEdit* edit, const QString& description,
                               void (*apply)(NameSetDocument&, const QString&)) {
        connect(edit, &QPlainTextEdit::textChanged, this, [this, edit, description, apply] {
            if (m_updating)
                return;
            NameSetDocument doc = m_doc;
            apply(doc, edit->toPlainText());
            commit(doc, description);
        });
    };
    onText(m_task, tr("Edit the task"),
           [](NameSetDocument& doc, const QString& text) { doc.task = text; });
    onText(m_document, tr("Edit the input document"),
           [](NameSetDocument& doc, const QString& text) { doc.document = text; });
    onText(m_prompt, tr("Edit the prompt template"), [](NameSetDocument& doc, const QString& text) {
        // The seed's template as written stays "the default", so a later default travels.
        doc.prompt = text == NameSetPrompt::defaultTemplate() ? QString() : text;
    });
    onText(m_constraints, tr("Edit the constraints"),
           [](NameSetDocument& doc, const QString& text) { doc.constraints = linesOf(text); });
    connect(m_previewName, &QComboBox::currentIndexChanged, this, [this] { refreshPreview(); });
}

QString PromptTemplateEditor::shownTemplate() const
{
    return m_doc.prompt.isEmpty() ? NameSetPrompt::defaultTemplate() : m_doc.prompt;
}

void PromptTemplateEditor::setDocument(const NameSetDocument& doc)
{
    m_doc = doc;
    m_updating = true;
    showText(m_task, doc.task);
    showText(m_document, doc.document);
    showText(m_prompt, shownTemplate());
    if (linesOf(m_constraints->toPlainText()) != doc.constraints)
        m_constraints->setPlainText(doc.constraints.join(QLatin1Char('\n')));
    m_updating = false;
    refreshKeys();
    refreshNames();
    refreshPreview();
}

void PromptTemplateEditor::setReadOnly(bool readOnly)
{
    for (QPlainTextEdit* edit : {m_task, m_document, m_prompt, m_constraints})
        edit->setReadOnly(readOnly);
    m_reset->setEnabled(!readOnly);
}

void PromptTemplateEditor::commit(const NameSetDocument& doc, const QString& description)
{
    if (doc == m_doc)
        return;
    m_doc = doc;
    refreshKeys();
    refreshPreview();
    Q_EMIT edited(m_doc, description);
}

void PromptTemplateEditor::resetTemplate()
{
    if (m_doc.prompt.isEmpty())
        return;
    NameSetDocument doc = m_doc;
    doc.prompt.clear();
    m_updating = true;
    m_prompt->setPlainText(NameSetPrompt::defaultTemplate());
    m_updating = false;
    commit(doc, tr("Put back seed 002's template"));
}

void PromptTemplateEditor::refreshKeys()
{
    const bool dark = ThemeColours::isDark(palette());
    m_taskMarks->setDark(dark);
    m_documentMarks->setDark(dark);
    m_promptMarks->setDark(dark);
    // The task goes into the template as written: nothing in it is filled, {name} included.
    m_taskMarks->setKnownKeys({}, QString(), false);
    m_documentMarks->setKnownKeys(NameListModel::fieldsOf(m_doc),
                                  tr("each name's own value, a column of the names table."));
    QStringList keys = NameSetPrompt::templateKeys();
    keys.removeAll(QStringLiteral("name"));
    m_promptMarks->setKnownKeys(keys, tr("filled in from the probe when each call is made."));
}

void PromptTemplateEditor::refreshNames()
{
    const QString chosen = m_previewName->currentText();
    QStringList names;
    for (const NameEntry& e : std::as_const(m_doc.names))
        names << e.name;
    QStringList shown;
    for (int i = 0; i < m_previewName->count(); ++i)
        shown << m_previewName->itemText(i);
    if (names == shown)
        return;
    m_updating = true;
    m_previewName->clear();
    m_previewName->addItems(names);
    const int at = int(names.indexOf(chosen));
    m_previewName->setCurrentIndex(at >= 0 ? at : (names.isEmpty() ? -1 : 0));
    m_updating = false;
}

void PromptTemplateEditor::refreshPreview()
{
    const int i = m_previewName->currentIndex();
    if (i < 0 || i >= m_doc.names.size()) {
        m_preview->setPlainText(tr("Add a name to see the prompt it is sent."));
        return;
    }
    m_preview->setPlainText(NameSetPrompt::prompt(m_doc, m_doc.names.at(i)).logged);
}

QString PromptTemplateEditor::previewText() const
{
    return m_preview->toPlainText();
}

void PromptTemplateEditor::previewName(const QString& name)
{
    const int at = m_previewName->findText(name);
    if (at >= 0)
        m_previewName->setCurrentIndex(at);
}

QString PromptTemplateEditor::placeholderTip(QPlainTextEdit* edit, int position) const
{
    const PromptTemplateHighlighter* marks =
        edit == m_task
            ? m_taskMarks
            : (edit == m_document ? m_documentMarks : (edit == m_prompt ? m_promptMarks : nullptr));
    return marks ? marks->explain(edit->toPlainText(), position) : QString();
}

bool PromptTemplateEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        for (QPlainTextEdit* edit : {m_task, m_document, m_prompt}) {
            if (watched != edit->viewport())
                continue;
            auto* help = static_cast<QHelpEvent*>(event);
            const QString tip =
                placeholderTip(edit, edit->cursorForPosition(help->pos()).position());
            if (tip.isEmpty())
                return false; // the edit's own tooltip
            QToolTip::showText(help->globalPos(), tip, edit);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PromptTemplateEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshKeys();
}

} // namespace pb
