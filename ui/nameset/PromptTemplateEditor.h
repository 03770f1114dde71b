#pragma once

#include "nameset/NameSetDocument.h"

#include <QWidget>

class QComboBox;
class QPlainTextEdit;
class QPushButton;

namespace pb {

class PromptTemplateHighlighter;

// The texts of a name-set probe, edited as a value: the task, the input document (with
// {name} and the names' own {fields}), the prompt template (seed 002's unless changed) and
// the constraints, one a line. setDocument shows them; each change is announced as the whole
// new document through edited (the owner keeps undo). Placeholders are marked as the prompt
// treats them, an unknown one in the alert colour with a tooltip saying it is sent as
// written. Beside them, the exact prompt the run sends for a name chosen from the list,
// composed by core's NameSetPrompt (system prompt placed as the settings say).
class PromptTemplateEditor : public QWidget
{
    Q_OBJECT
public:
    explicit PromptTemplateEditor(QWidget* parent = nullptr);

    // Shows doc; a text whose edit already shows its value is left alone (cursor kept).
    // Never emits edited.
    void setDocument(const NameSetDocument& doc);
    const NameSetDocument& document() const { return m_doc; }
    void setReadOnly(bool readOnly);

    QPlainTextEdit* taskEdit() const { return m_task; }
    QPlainTextEdit* documentEdit() const { return m_document; }
    QPlainTextEdit* templateEdit() const { return m_prompt; }
    QPlainTextEdit* constraintsEdit() const { return m_constraints; }
    QComboBox* previewNameBox() const { return m_previewName; }
    PromptTemplateHighlighter* templateHighlighter() const { return m_promptMarks; }
    PromptTemplateHighlighter* documentHighlighter() const { return m_documentMarks; }
    // The preview as shown: NameSetPrompt's logged prompt for the chosen name.
    QString previewText() const;
    void previewName(const QString& name);
    // The tooltip a placeholder at position of edit shows; empty when none is there.
    QString placeholderTip(QPlainTextEdit* edit, int position) const;

public Q_SLOTS:
    void resetTemplate();

Q_SIGNALS:
    void edited(const pb::NameSetDocument& doc, const QString& description);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void build();
    void commit(const NameSetDocument& doc, const QString& description);
    void refreshNames();
    void refreshPreview();
    void refreshKeys();
    QString shownTemplate() const;

    NameSetDocument m_doc;
    bool m_updating = false;
    QPlainTextEdit* m_task = nullptr;
    QPlainTextEdit* m_document = nullptr;
    QPlainTextEdit* m_prompt = nullptr;
    QPlainTextEdit* m_constraints = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    QComboBox* m_previewName = nullptr;
    QPushButton* m_reset = nullptr;
    PromptTemplateHighlighter* m_taskMarks = nullptr;
    PromptTemplateHighlighter* m_documentMarks = nullptr;
    PromptTemplateHighlighter* m_promptMarks = nullptr;
};

} // namespace pb
