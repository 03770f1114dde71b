#pragma once

#include <QList>
#include <QString>

namespace pb {

// One word of a variant's text, as VariantDiff sees it: where it is and whether the
// other variant has it too.
struct DiffSpan
{
    enum class Kind
    {
        Same,     // the other variant has this word, written the same way
        Restyled, // the other variant has this word with other capitals or punctuation
        Changed   // the other variant has no counterpart for this word
    };

    qsizetype start = 0; // in UTF-16 code units, as QString indexes
    qsizetype length = 0;
    Kind kind = Kind::Same;

    bool operator==(const DiffSpan&) const = default;
};

} // namespace pb
