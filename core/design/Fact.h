#pragma once

#include <QString>

namespace pb {

// Something a variant states that the other variants must state too, or the pair compares
// two different questions rather than two ways of asking one.
struct Fact
{
    enum class Kind
    {
        Number,         // "42", "3.11"
        CodeIdentifier, // KeyError, my_list, os.path.join, len(), None/True/False/null
        QuotedText,     // "hello world", 'x', `print(x)`
        Name,           // a capitalised word not at a sentence start: Python, JSON, Alice
        Marked          // written down by the author in the item's facts list
    };

    Kind kind = Kind::Name;
    QString text;

    // "a number", "a code identifier", "quoted text", "a name", "a marked fact"
    static QString kindPhrase(Kind kind);

    bool operator==(const Fact&) const = default;
};

} // namespace pb
