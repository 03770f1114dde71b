#pragma once

#include <QList>
#include <QString>

namespace pb {

// The tutorial's stand-in judge (Part III, stand_in_judge in tutorial_part1.py): scores
// an essay 1-4 on three criteria from surface features, with a planted bonus of one
// directness level for any text longer than 50 words. Ported with Python 3 str
// semantics so its levels match the reference for any text.
class StandInJudge
{
public:
    struct Level
    {
        QString criterion;
        int level = 0;
    };

    struct Sample
    {
        QString name;
        QString text;
    };

    // Levels in the reference's order: claims_cited, directness, counterargument.
    static QList<Level> judge(const QString& text);
    // len(text.split()): runs of Python-whitespace-separated words.
    static int wordCount(const QString& text);
    // Python's str.isspace() for one code point.
    static bool isPythonSpace(char32_t codePoint);

    // The tutorial's three library-hours essays (s01, s02, s03), in order.
    static QList<Sample> librarySamples();
    // The content-free padding appended to each sample to expose the length bonus.
    static QString libraryPad();
};

} // namespace pb
