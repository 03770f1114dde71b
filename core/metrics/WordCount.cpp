#include "metrics/WordCount.h"

#include "metrics/PythonText.h"

namespace pb {

int countWords(const QString& reply)
{
    int words = 0;
    bool inWord = false;
    qsizetype i = 0;
    while (i < reply.size()) {
        qsizetype width = 1;
        const bool space = PythonText::isSpace(PythonText::codePointAt(reply, i, &width));
        if (!space && !inWord) {
            ++words;
        }
        inWord = !space;
        i += width;
    }
    return words;
}

} // namespace pb
