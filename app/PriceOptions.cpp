#include "PriceOptions.h"

#include "CliText.h"

namespace pb::cli {

PriceOptions::PriceOptions()
    : m_input(QStringLiteral("price-input"),
              QStringLiteral("price per million input tokens, for the run's cost"),
              QStringLiteral("PRICE")),
      m_output(QStringLiteral("price-output"),
               QStringLiteral("price per million output tokens, for the run's cost"),
               QStringLiteral("PRICE"))
{
}

void PriceOptions::addTo(QCommandLineParser& parser) const
{
    parser.addOptions({m_input, m_output});
}

bool PriceOptions::read(const QCommandLineParser& parser, const QString& prefix,
                        std::optional<TokenPrices>* prices) const
{
    const bool input = parser.isSet(m_input);
    const bool output = parser.isSet(m_output);
    if (!input && !output) {
        prices->reset();
        return true;
    }
    if (input != output) {
        printErr(prefix + QStringLiteral("give both --price-input and --price-output, or "
                                         "neither\n"));
        return false;
    }
    bool okIn = false;
    bool okOut = false;
    const double in = parser.value(m_input).toDouble(&okIn);
    const double out = parser.value(m_output).toDouble(&okOut);
    if (!okIn || !okOut || !(in >= 0) || !(out >= 0)) {
        printErr(prefix + QStringLiteral("--price-input, --price-output: give a price per "
                                         "million tokens of 0 or more, like 2.50\n"));
        return false;
    }
    *prices = TokenPrices{in, out};
    return true;
}

} // namespace pb::cli
