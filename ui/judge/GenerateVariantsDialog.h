#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/VariantGenerator.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTextBrowser;

namespace pb {

// Asks for the pads (or names) to build content-free variants of one base artifact from, one
// per line, with the separator and the position, and previews how many variants that makes
// and the first of them with its added words highlighted. The variants come from core
// VariantGenerator, so they are of the "same" shape and carry the base's deserved verdicts.
class GenerateVariantsDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Kind
    {
        Padding,
        Byline
    };

    GenerateVariantsDialog(Kind kind, const JudgeVariant& base, QWidget* parent = nullptr);

    Kind kind() const { return m_kind; }
    // One pad or name per line; blank lines are skipped.
    void setEntries(const QStringList& entries);
    QStringList entries() const;
    VariantGenerator::Padding paddingSpec() const;
    VariantGenerator::Byline bylineSpec() const;
    // What accepting makes, from the current options.
    QList<JudgeVariant> variants() const;

    QPlainTextEdit* entriesEdit() const { return m_entries; }
    QLabel* countLabel() const { return m_count; }

    void accept() override;

private:
    QString separator() const;
    bool atStart() const;
    void refreshPreview();

    Kind m_kind;
    JudgeVariant m_base;
    QPlainTextEdit* m_entries = nullptr;
    QComboBox* m_separator = nullptr;
    QComboBox* m_position = nullptr;
    QLineEdit* m_pattern = nullptr;
    QLabel* m_count = nullptr;
    QTextBrowser* m_preview = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace pb
