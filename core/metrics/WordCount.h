#pragma once

#include <QString>

namespace pb {

// word_count: len(reply.split()) in Python. A word is a maximal run of characters that
// are not whitespace in Python's sense (see PythonText::isSpace).
int countWords(const QString& reply);

} // namespace pb
