#include "judge/GenerateVariantsDialog.h"

#include "design/VariantDiff.h"
#include "results/DiffHtml.h"
#include "widgets/ThemeColours.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace pb {

namespace {

QString settingsKey(GenerateVariantsDialog::Kind kind)
{
    return kind == GenerateVariantsDialog::Kind::Padding ? QStringLiteral("judge/generatePads")
                                                         : QStringLiteral("judge/generateNames");
}

} // namespace

GenerateVariantsDialog::GenerateVariantsDialog(Kind kind, const JudgeVariant& base, QWidget* parent)
    : QDialog(parent), m_kind(kind), m_base(base)
{
    const bool padding = kind == Kind::Padding;
    setWindowTitle(padding ? tr("Generate padding") : tr("Generate bylines"));
    auto* layout = new QVBoxLayout(this);

    auto* intro = new QLabel(
        padding ? tr("One variant per pad: the answer with a content-free sentence added. The "
                     "pad says nothing the rubric asks about, so each variant deserves exactly "
                     "the base's verdicts (shape \"same\").")
                : tr("One variant per name: the answer with a byline line added. A name says "
                     "nothing the rubric asks about, so each variant deserves exactly the "
                     "base's verdicts (shape \"same\")."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_entries = new QPlainTextEdit(this);
    m_entries->setAccessibleName(padding ? tr("Pads, one per line") : tr("Names, one per line"));
    m_entries->setToolTip(padding ? tr("Each line is one pad: a sentence that adds length and "
                                       "tone but no content.")
                                  : tr("Each line is one name for the byline."));
    m_entries->setTabChangesFocus(true);
    m_entries->setMinimumHeight(90);
    form->addRow(padding ? tr("&Pads (one per line):") : tr("&Names (one per line):"), m_entries);

    if (!padding) {
        m_pattern = new QLineEdit(VariantGenerator::Byline().pattern, this);
        m_pattern->setAccessibleName(tr("Byline pattern"));
        m_pattern->setToolTip(tr("The byline line; {name} is replaced by each name."));
        form->addRow(tr("&Byline:"), m_pattern);
    }
    m_separator = new QComboBox(this);
    m_separator->setAccessibleName(tr("Separator"));
    m_separator->setToolTip(tr("What goes between the answer and the added text."));
    m_separator->addItem(tr("A space"), QStringLiteral(" "));
    m_separator->addItem(tr("A line break"), QStringLiteral("\n"));
    m_separator->addItem(tr("A blank line"), QStringLiteral("\n\n"));
    m_separator->setCurrentIndex(padding ? 0 : 2);
    form->addRow(tr("&Separator:"), m_separator);
    m_position = new QComboBox(this);
    m_position->setAccessibleName(tr("Position"));
    m_position->setToolTip(tr("Where the added text goes."));
    m_position->addItem(tr("After the answer"), false);
    m_position->addItem(tr("Before the answer"), true);
    m_position->setCurrentIndex(padding ? 0 : 1);
    form->addRow(tr("P&osition:"), m_position);
    layout->addLayout(form);

    m_count = new QLabel(this);
    m_count->setWordWrap(true);
    m_count->setAccessibleName(tr("What will be made"));
    layout->addWidget(m_count);
    m_preview = new QTextBrowser(this);
    m_preview->setAccessibleName(tr("Preview of the first variant"));
    m_preview->setToolTip(tr("The first variant as the judge will see it; the added words are "
                             "highlighted."));
    m_preview->document()->setDefaultStyleSheet(DiffHtml::styleSheet(palette()));
    m_preview->setMinimumHeight(110);
    layout->addWidget(m_preview, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* generate = m_buttons->button(QDialogButtonBox::Ok);
    generate->setText(tr("&Generate"));
    generate->setToolTip(tr("Add these variants to the item (Ctrl+Return; Escape cancels)."));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    // Return in the list of entries starts a new line, so accepting needs a key of its own.
    auto* accepting = new QShortcut(this);
    accepting->setKeys(
        {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    connect(accepting, &QShortcut::activated, this, [this, generate] {
        if (generate->isEnabled())
            accept();
    });

    const QStringList remembered = QSettings().value(settingsKey(kind)).toStringList();
    if (!remembered.isEmpty())
        setEntries(remembered);
    else if (padding)
        setEntries({tr("This answer was written with great care by an experienced specialist.")});
    else
        setEntries({QStringLiteral("Sarah Chen"), QStringLiteral("Jamal Washington")});

    connect(m_entries, &QPlainTextEdit::textChanged, this, &GenerateVariantsDialog::refreshPreview);
    connect(m_separator, &QComboBox::currentIndexChanged, this,
            &GenerateVariantsDialog::refreshPreview);
    connect(m_position, &QComboBox::currentIndexChanged, this,
            &GenerateVariantsDialog::refreshPreview);
    if (m_pattern)
        connect(m_pattern, &QLineEdit::textChanged, this, &GenerateVariantsDialog::refreshPreview);
    refreshPreview();
    resize(560, 480);
}

void GenerateVariantsDialog::setEntries(const QStringList& entries)
{
    m_entries->setPlainText(entries.join(QLatin1Char('\n')));
}

QStringList GenerateVariantsDialog::entries() const
{
    QStringList out;
    for (const QString& line : m_entries->toPlainText().split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            out << line.trimmed();
    }
    return out;
}

QString GenerateVariantsDialog::separator() const
{
    return m_separator->currentData().toString();
}

bool GenerateVariantsDialog::atStart() const
{
    return m_position->currentData().toBool();
}

VariantGenerator::Padding GenerateVariantsDialog::paddingSpec() const
{
    VariantGenerator::Padding spec;
    spec.pads = entries();
    spec.separator = separator();
    spec.atStart = atStart();
    return spec;
}

VariantGenerator::Byline GenerateVariantsDialog::bylineSpec() const
{
    VariantGenerator::Byline spec;
    spec.names = entries();
    spec.pattern = m_pattern ? m_pattern->text() : spec.pattern;
    spec.separator = separator();
    spec.atStart = atStart();
    return spec;
}

QList<JudgeVariant> GenerateVariantsDialog::variants() const
{
    return m_kind == Kind::Padding ? VariantGenerator::padding(m_base, paddingSpec())
                                   : VariantGenerator::byline(m_base, bylineSpec());
}

void GenerateVariantsDialog::refreshPreview()
{
    const QList<JudgeVariant> made = variants();
    QStringList ids;
    for (const JudgeVariant& v : made)
        ids << v.id;
    if (made.isEmpty()) {
        m_count->setText(m_kind == Kind::Padding ? tr("Makes nothing yet: write a pad per line.")
                                                 : tr("Makes nothing yet: write a name per line."));
        m_preview->clear();
    } else {
        m_count->setText((made.size() == 1 ? tr("Makes 1 variant: %1.")
                                           : tr("Makes %1 variants: %2.").arg(made.size()))
                             .arg(ids.join(QStringLiteral(", "))));
        const VariantDiff diff = VariantDiff::compare(m_base.answer, made.first().answer);
        m_preview->setHtml(DiffHtml::render(made.first().answer, diff.afterSpans()));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!made.isEmpty());
}

void GenerateVariantsDialog::accept()
{
    QSettings().setValue(settingsKey(m_kind), entries());
    QDialog::accept();
}

} // namespace pb
