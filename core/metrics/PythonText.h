#pragma once

#include <QString>

namespace pb {

// Python 3's notion of two character classes, for metrics that must agree with the
// tutorial's Python code to the character. Works on code points, so digits and spaces
// outside the Basic Multilingual Plane count as Python counts them.
class PythonText
{
public:
    // re's \d in a str pattern, and str.isdecimal(): Unicode category Nd.
    static bool isDecimalDigit(char32_t c);
    // str.isspace(), and therefore what str.split() splits on.
    static bool isSpace(char32_t c);
    // text with every unpaired surrogate replaced by U+FFFD. Python strings may hold lone
    // surrogates, but QRegularExpression refuses to match anything in such a string.
    static QString withoutLoneSurrogates(const QString& text);
    // The code point starting at index i (a surrogate pair counts as one), and its width.
    static char32_t codePointAt(const QString& text, qsizetype i, qsizetype* width);
};

} // namespace pb
