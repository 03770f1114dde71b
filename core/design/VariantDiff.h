#pragma once

#include "design/DiffSpan.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// A word-level comparison of two variants of one item: which words the two texts share
// and which are the attribute's change. Words are runs of non-space characters; two words
// correspond when they agree after folding case and stripping the punctuation around
// them ("Python" = "python", "total?" = "total??"), and such a pair is Restyled unless the
// two are written identically. Every word of either text gets exactly one span, in order.
class VariantDiff
{
public:
    static VariantDiff compare(const QString& before, const QString& after);

    const QList<DiffSpan>& beforeSpans() const { return m_before; }
    const QList<DiffSpan>& afterSpans() const { return m_after; }

    // The words with no counterpart: dropped from `before`, new in `after`.
    QStringList removedWords() const { return m_removed; }
    QStringList addedWords() const { return m_added; }
    bool identical() const;

    // The text's words as spans (all Same), the unit every other class here counts in.
    static QList<DiffSpan> words(const QString& text);
    // What two words are compared by: lower case, without surrounding punctuation.
    static QString wordKey(QStringView word);

private:
    QList<DiffSpan> m_before;
    QList<DiffSpan> m_after;
    QStringList m_removed;
    QStringList m_added;
};

} // namespace pb
