#include "design/VariantDiff.h"

// dtl (Debian's libdtl-dev) is a maintained, header-only implementation of the
// Wu-Manber-Myers O(NP) diff. A hand-written LCS would be one more algorithm to get
// right and test here; dtl has been used for years by other projects to diff lines.
#include <algorithm>
#include <dtl/dtl.hpp>
#include <vector>

namespace pb {

QList<DiffSpan> VariantDiff::words(const QString& text)
{
    QList<DiffSpan> spans;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        while (i < n && text.at(i).isSpace()) {
            ++i;
        }
        const qsizetype start = i;
        while (i < n && !text.at(i).isSpace()) {
            ++i;
        }
        if (i > start) {
            spans.append(DiffSpan{start, i - start, DiffSpan::Kind::Same});
        }
    }
    return spans;
}

QString VariantDiff::wordKey(QStringView word)
{
    qsizetype first = 0;
    qsizetype last = word.size();
    while (first < last && !word.at(first).isLetterOrNumber()) {
        ++first;
    }
    while (last > first && !word.at(last - 1).isLetterOrNumber()) {
        --last;
    }
    // A word of punctuation only ("??", "-") is compared as written.
    const QStringView core = first < last ? word.mid(first, last - first) : word;
    return core.toString().toCaseFolded();
}

bool VariantDiff::identical() const
{
    const auto same = [](const DiffSpan& s) { return s.kind == DiffSpan::Kind::Same; };
    return std::all_of(m_before.cbegin(), m_before.cend(), same) &&
           std::all_of(m_after.cbegin(), m_after.cend(), same);
}

VariantDiff VariantDiff::compare(const QString& before, const QString& after)
{
    VariantDiff diff;
    diff.m_before = words(before);
    diff.m_after = words(after);

    std::vector<QString> keysBefore;
    std::vector<QString> keysAfter;
    keysBefore.reserve(std::size_t(diff.m_before.size()));
    keysAfter.reserve(std::size_t(diff.m_after.size()));
    for (const DiffSpan& s : std::as_const(diff.m_before)) {
        keysBefore.push_back(wordKey(QStringView(before).mid(s.start, s.length)));
    }
    for (const DiffSpan& s : std::as_const(diff.m_after)) {
        keysAfter.push_back(wordKey(QStringView(after).mid(s.start, s.length)));
    }

    dtl::Diff<QString> engine(keysBefore, keysAfter);
    engine.compose();
    // Every word starts as Changed; the common subsequence marks its words Same/Restyled.
    for (DiffSpan& s : diff.m_before) {
        s.kind = DiffSpan::Kind::Changed;
    }
    for (DiffSpan& s : diff.m_after) {
        s.kind = DiffSpan::Kind::Changed;
    }
    for (const auto& [key, info] : engine.getSes().getSequence()) {
        if (info.type != dtl::SES_COMMON) {
            continue;
        }
        // dtl's indices are 1-based positions in the two sequences as given.
        DiffSpan& a = diff.m_before[qsizetype(info.beforeIdx - 1)];
        DiffSpan& b = diff.m_after[qsizetype(info.afterIdx - 1)];
        const bool sameText =
            QStringView(before).mid(a.start, a.length) == QStringView(after).mid(b.start, b.length);
        a.kind = b.kind = sameText ? DiffSpan::Kind::Same : DiffSpan::Kind::Restyled;
    }
    for (const DiffSpan& s : std::as_const(diff.m_before)) {
        if (s.kind == DiffSpan::Kind::Changed) {
            diff.m_removed << before.mid(s.start, s.length);
        }
    }
    for (const DiffSpan& s : std::as_const(diff.m_after)) {
        if (s.kind == DiffSpan::Kind::Changed) {
            diff.m_added << after.mid(s.start, s.length);
        }
    }
    return diff;
}

} // namespace pb
