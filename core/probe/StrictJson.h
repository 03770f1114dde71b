#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace pb {

// JSON parsing that never throws and reports what a student needs to fix: the line and
// column of a syntax error, and every key an object gives more than once (plain
// nlohmann::json keeps the last one silently, which would hide a duplicated variant). A NUL
// byte anywhere is a syntax error at its position, never the end of the text.
class StrictJson
{
public:
    struct Outcome
    {
        std::optional<nlohmann::json> value; // absent after a syntax error
        QString syntaxError;                 // what went wrong, without the position
        qsizetype offset = -1;               // 0-based byte offset of the offending byte
        int line = 0;                        // 1-based
        int column = 0;                      // 1-based, counted in characters
        QStringList duplicateKeys;           // JsonPath names; the last value was kept

        bool ok() const { return value.has_value() && duplicateKeys.isEmpty(); }
    };

    static Outcome parse(const QByteArray& text);

    // 1-based line and column (in UTF-8 characters) of a byte offset into text.
    static void lineAndColumn(const QByteArray& text, qsizetype offset, int* line, int* column);
};

} // namespace pb
