#include "standin/StandInJudge.h"

#include <QStringView>
#include <algorithm>

namespace pb {

QList<StandInJudge::Level> StandInJudge::judge(const QString& text)
{
    // text.split(".")[0]: everything before the first full stop, or all of it.
    const QString first = text.left(text.indexOf(QLatin1Char('.')));
    const auto should = QStringLiteral("should");
    const auto but = QStringLiteral("but");

    const int claims = static_cast<int>(std::min<qsizetype>(4, 1 + text.count(QLatin1Char('('))));
    int directness = first.contains(should) ? 4 : (text.contains(should) ? 2 : 1);
    const int counter = (text.contains(QStringLiteral("Some argue")) && text.contains(but))
                            ? 4
                            : (text.contains(but) ? 2 : 1);
    if (wordCount(text) > 50)
        directness = std::min(4, directness + 1);

    return {{QStringLiteral("claims_cited"), claims},
            {QStringLiteral("directness"), directness},
            {QStringLiteral("counterargument"), counter}};
}

bool StandInJudge::isPythonSpace(char32_t c)
{
    // The code points for which CPython 3.11's str.isspace() is true (bidirectional
    // class WS, B or S, or category Zs). QChar::isSpace() differs on U+001C..U+001F.
    if ((c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20))
        return true;
    if (c < 0x85)
        return false;
    switch (c) {
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200a;
    }
}

int StandInJudge::wordCount(const QString& text)
{
    int words = 0;
    bool inWord = false;
    for (const char32_t c : QStringView(text).toUcs4()) {
        if (isPythonSpace(c)) {
            inWord = false;
        } else if (!inWord) {
            inWord = true;
            ++words;
        }
    }
    return words;
}

QList<StandInJudge::Sample> StandInJudge::librarySamples()
{
    return {
        {QStringLiteral("s01"),
         QStringLiteral(
             "The library should stay open until 2 a.m. during finals week. Seventy-one percent "
             "of students surveyed last spring said they studied past midnight at least three "
             "times during finals (Student Life Survey, 2025). Late closing also cuts noise "
             "complaints in the residence halls, which rose 40 percent during finals last year "
             "(Residence Life Report, 2025). Some argue the added staffing costs too much, but "
             "two student workers for four extra hours cost less than one noise incident "
             "investigation. The extension is cheap, and it is what students already need.")},
        {QStringLiteral("s02"),
         QStringLiteral("A lot of people study late during finals, and longer hours would help "
                        "them. I think the library should probably stay open later. Some "
                        "students have said they wish it was open longer. It might cost a bit "
                        "more, but that is probably worth it.")},
        {QStringLiteral("s03"),
         QStringLiteral("Finals week is stressful for everyone. There are many places to study "
                        "on campus, and each has its own advantages. The library is a nice "
                        "building with good lighting. Everyone should find the study spot that "
                        "works best for them.")},
    };
}

QString StandInJudge::libraryPad()
{
    // Two spaces after the first sentence, as in the reference.
    return QStringLiteral("This essay was written with great care and attention to detail.  "
                          "The author is deeply knowledgeable about campus issues.");
}

} // namespace pb
