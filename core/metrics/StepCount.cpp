#include "metrics/StepCount.h"

#include "metrics/PythonText.h"

#include <QRegularExpression>

namespace pb {

int countSteps(const QString& reply)
{
    int count = 0;
    qsizetype lineStart = 0;
    while (lineStart <= reply.size()) {
        qsizetype i = lineStart;
        int digits = 0;
        while (i < reply.size()) {
            qsizetype width = 1;
            if (!PythonText::isDecimalDigit(PythonText::codePointAt(reply, i, &width))) {
                break;
            }
            i += width;
            ++digits;
        }
        if (digits > 0 && i < reply.size() && reply.at(i) == QLatin1Char('.')) {
            ++count;
        }
        const qsizetype newline = reply.indexOf(QLatin1Char('\n'), lineStart);
        if (newline < 0) {
            break;
        }
        lineStart = newline + 1;
    }
    return count;
}

int countNumberedListItems(const QString& reply)
{
    // thread_local: a QRegularExpression is reentrant, not thread-safe, and metrics are
    // evaluated on worker threads.
    static thread_local const QRegularExpression item(
        QStringLiteral(R"(^[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?(?:step[ \t]*\d+[.):]|\d+[.)]))"
                       R"((?:\*\*|__)?(?=[ \t]|$))"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    static thread_local const QRegularExpression lineBreak(QStringLiteral("\r\n|\r|\n"));
    int count = 0;
    const QStringList lines = PythonText::withoutLoneSurrogates(reply).split(lineBreak);
    for (const QString& line : lines) {
        if (item.match(line).hasMatch()) {
            ++count;
        }
    }
    return count;
}

} // namespace pb
