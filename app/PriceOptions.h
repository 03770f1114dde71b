#pragma once

#include "run/TokenTotals.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <optional>

namespace pb::cli {

// --price-input and --price-output, the one way every command that reports a cost (`run`,
// `grade`, `analyze`) takes a hosted model's prices per million tokens: both or neither.
class PriceOptions
{
public:
    PriceOptions();

    void addTo(QCommandLineParser& parser) const;
    // The prices given, or nullopt when neither was; false (after printing why, prefixed)
    // when only one was given or one is not a number of 0 or more.
    bool read(const QCommandLineParser& parser, const QString& prefix,
              std::optional<TokenPrices>* prices) const;

private:
    QCommandLineOption m_input;
    QCommandLineOption m_output;
};

} // namespace pb::cli
