#pragma once

#include <QJsonArray>
#include <QString>
#include <vector>

namespace pb {

// The built-in stand-in's embedding model, whose truth the tests and the calibration study
// know: a feature-hashed bag of words, normalised to unit length.
//
//   words   the text lower-cased and split at every character that is not a letter or digit
//   h       FNV-1a 64 of the word's UTF-8
//   v[h mod kDimensions] += (h's top bit ? -1 : +1)   for every word
//   v      /= |v|
//
// So the same text always gives the same vector (on every platform: no seeded hash, no
// floating-point order that differs), texts with the same words in any order give the same
// vector, and a planted gap in the text (the stand-in's casual replies list fewer steps)
// moves the vector: the cosine distance between two replies grows with the words they do not
// share. A text with no word gets the unit vector on the first axis, so no input is refused.
class StandInEmbedding
{
public:
    static constexpr int kDimensions = 64;

    static std::vector<double> embed(const QString& text);
    static QJsonArray embedJson(const QString& text);
};

} // namespace pb
