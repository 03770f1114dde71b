#include "run/PriceFields.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpressionValidator>

namespace pb {

namespace {

QLineEdit* priceField(const QString& name, const QString& tip, QWidget* parent)
{
    auto* field = new QLineEdit(parent);
    field->setAccessibleName(name);
    field->setToolTip(tip);
    field->setPlaceholderText(PriceFields::tr("none"));
    // Digits and one dot, as the settings file writes prices, so what is typed is what the
    // file and the command line get; empty is allowed (no price), the range is checked on
    // Return so the note can say why a figure is refused.
    field->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[0-9]{0,7}(\\.[0-9]{0,6})?")), field));
    field->setMaximumWidth(field->fontMetrics().horizontalAdvance(QStringLiteral("0000000.0000")));
    return field;
}

QString text(double price)
{
    return QLocale::c().toString(price, 'g', 12);
}

} // namespace

PriceFields::PriceFields(const QString& label, QWidget* parent)
    : QWidget(parent),
      m_input(priceField(tr("%1: price per million input tokens").arg(label),
                         tr("What the hosted model charges per million input (prompt) tokens, "
                            "in any currency. Empty: no cost is worked out."),
                         this)),
      m_output(priceField(tr("%1: price per million output tokens").arg(label),
                          tr("What the hosted model charges per million output (reply) tokens, "
                             "in the same currency."),
                          this)),
      m_note(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* name = new QLabel(label, this);
    layout->addWidget(name);
    // No mnemonics: the fields sit on every kind's Run tab, one row per judge on a judge
    // probe's, where any letter would clash with a tab's or another row's.
    auto* in = new QLabel(tr("per million input tokens"), this);
    in->setBuddy(m_input);
    layout->addWidget(m_input);
    layout->addWidget(in);
    auto* out = new QLabel(tr("per million output tokens"), this);
    out->setBuddy(m_output);
    layout->addWidget(m_output);
    layout->addWidget(out);
    m_note->setAccessibleName(tr("%1: price problem").arg(label));
    m_note->setWordWrap(true);
    layout->addWidget(m_note, 1);
    connect(m_input, &QLineEdit::editingFinished, this, &PriceFields::onEdited);
    connect(m_output, &QLineEdit::editingFinished, this, &PriceFields::onEdited);
}

void PriceFields::setPrices(const std::optional<TokenPrices>& prices)
{
    m_shown = prices;
    m_input->setText(prices ? text(prices->perMillionInput) : QString());
    m_output->setText(prices ? text(prices->perMillionOutput) : QString());
    m_note->clear();
}

std::optional<double> PriceFields::read(const QLineEdit* field, bool* ok) const
{
    const QString t = field->text().trimmed();
    *ok = true;
    if (t.isEmpty())
        return std::nullopt;
    const double value = QLocale::c().toDouble(t, ok);
    *ok = *ok && value >= 0.0 && value <= TokenPrices::kMostPerMillion;
    return *ok ? std::optional<double>(value) : std::nullopt;
}

QString PriceFields::problem() const
{
    bool okIn = false;
    bool okOut = false;
    const std::optional<double> in = read(m_input, &okIn);
    const std::optional<double> out = read(m_output, &okOut);
    if (!okIn || !okOut)
        return tr("A price is a number from 0 to %1 per million tokens, like 2.50.")
            .arg(text(TokenPrices::kMostPerMillion));
    if (in.has_value() != out.has_value())
        return tr("Give both prices, or neither: a cost from one of them would be half a cost.");
    return {};
}

std::optional<TokenPrices> PriceFields::prices() const
{
    bool okIn = false;
    bool okOut = false;
    const std::optional<double> in = read(m_input, &okIn);
    const std::optional<double> out = read(m_output, &okOut);
    if (!in || !out)
        return std::nullopt;
    return TokenPrices{*in, *out};
}

void PriceFields::onEdited()
{
    const QString why = problem();
    m_note->setText(why);
    if (!why.isEmpty())
        return;
    const std::optional<TokenPrices> now = prices();
    if (now == m_shown)
        return;
    m_shown = now;
    Q_EMIT pricesEdited(now);
}

} // namespace pb
