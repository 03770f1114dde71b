#pragma once

#include <QRegularExpression>
#include <QString>
#include <optional>

namespace pb {

// regex_count: the number of non-overlapping matches of a student's pattern, scanning
// left to right. PCRE2 syntax with ^ and $ matching at every line (multiline) and
// Unicode-aware \d, \w, \s; empty matches count, as in Python's re.findall.
QRegularExpression regexCountExpression(const QString& pattern);
// Empty when the pattern does not compile.
std::optional<int> countRegexMatches(const QString& pattern, const QString& reply);
int countRegexMatches(const QRegularExpression& expression, const QString& reply);

} // namespace pb
