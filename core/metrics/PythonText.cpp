#include "metrics/PythonText.h"

#include <QChar>

namespace pb {

bool PythonText::isDecimalDigit(char32_t c)
{
    if (c < 0x80) {
        return c >= U'0' && c <= U'9';
    }
    return QChar::category(c) == QChar::Number_DecimalDigit;
}

bool PythonText::isSpace(char32_t c)
{
    // Python's list (category Zs, or bidirectional class WS, B or S). Qt's QChar::isSpace
    // differs: it omits U+001C..U+001F.
    switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x1C:
    case 0x1D:
    case 0x1E:
    case 0x1F:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200A;
    }
}

QString PythonText::withoutLoneSurrogates(const QString& text)
{
    QString out = text;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out.at(i);
        if (c.isHighSurrogate() && i + 1 < out.size() && out.at(i + 1).isLowSurrogate()) {
            ++i;
        } else if (c.isSurrogate()) {
            out[i] = QChar(QChar::ReplacementCharacter);
        }
    }
    return out;
}

char32_t PythonText::codePointAt(const QString& text, qsizetype i, qsizetype* width)
{
    const QChar c = text.at(i);
    if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
        *width = 2;
        return QChar::surrogateToUcs4(c, text.at(i + 1));
    }
    *width = 1;
    return c.unicode();
}

} // namespace pb
