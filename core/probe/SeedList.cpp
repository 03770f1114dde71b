#include "probe/SeedList.h"

#include <QSet>
#include <algorithm>
#include <limits>

namespace pb {

namespace {

constexpr int kMaxReportedErrors = 10;

bool isAsciiDigits(QStringView text)
{
    if (text.isEmpty()) {
        return false;
    }
    return std::all_of(text.begin(), text.end(),
                       [](QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); });
}

// A non-negative whole number written in ASCII digits, if it fits in a qint64.
bool readNumber(QStringView text, qint64* out)
{
    if (!isAsciiDigits(text)) {
        return false;
    }
    bool ok = false;
    *out = text.toLongLong(&ok);
    return ok;
}

QString quote(QStringView text)
{
    return QLatin1Char('"') + text.toString() + QLatin1Char('"');
}

// Reads one comma-separated entry, appending its seeds; returns an error or an empty string.
QString readEntry(QStringView entry, QList<qint64>* seeds, qint64* count)
{
    if (entry.isEmpty()) {
        return QStringLiteral("empty entry (two commas in a row, or a comma at an end)");
    }
    qint64 value = 0;
    if (entry.startsWith(QLatin1Char('-'))) {
        if (readNumber(entry.mid(1), &value)) {
            *count += 1;
            if (*count <= SeedList::kMaxSeeds) {
                seeds->append(-value);
            }
            return {};
        }
        if (isAsciiDigits(entry.mid(1))) {
            return quote(entry) + QStringLiteral(" is too large for a seed");
        }
        return quote(entry) +
               QStringLiteral(" is not a seed: a negative seed is a minus sign and digits, "
                              "and ranges need non-negative ends");
    }
    const qsizetype dash = entry.indexOf(QLatin1Char('-'));
    if (dash < 0) {
        if (readNumber(entry, &value)) {
            *count += 1;
            if (*count <= SeedList::kMaxSeeds) {
                seeds->append(value);
            }
            return {};
        }
        if (isAsciiDigits(entry)) {
            return quote(entry) + QStringLiteral(" is too large for a seed");
        }
        return quote(entry) +
               QStringLiteral(" is not a seed or a range like 1-20 (separate entries with commas)");
    }
    const QStringView lowText = entry.left(dash).trimmed();
    const QStringView highText = entry.mid(dash + 1).trimmed();
    qint64 low = 0;
    qint64 high = 0;
    if (!isAsciiDigits(lowText) || !isAsciiDigits(highText)) {
        return quote(entry) + QStringLiteral(" is not a seed or a range like 1-20");
    }
    if (!readNumber(lowText, &low) || !readNumber(highText, &high)) {
        return quote(entry) + QStringLiteral(" has a number too large for a seed");
    }
    if (low > high) {
        return QStringLiteral("the range %1 runs backwards; write %2-%3")
            .arg(quote(entry))
            .arg(high)
            .arg(low);
    }
    const qint64 size = high - low; // both >= 0, so no overflow; +1 below is guarded
    if (size >= SeedList::kMaxSeeds || *count + size + 1 > SeedList::kMaxSeeds) {
        *count = SeedList::kMaxSeeds + 1;
        return {};
    }
    *count += size + 1;
    for (qint64 s = low; s <= high; ++s) {
        seeds->append(s);
    }
    return {};
}

QString duplicateSentence(const QList<qint64>& seeds)
{
    QSet<qint64> seen;
    QList<qint64> repeated;
    QSet<qint64> reported;
    for (const qint64 s : seeds) {
        if (seen.contains(s)) {
            if (!reported.contains(s)) {
                repeated << s;
                reported.insert(s);
            }
        } else {
            seen.insert(s);
        }
    }
    if (repeated.isEmpty()) {
        return {};
    }
    std::sort(repeated.begin(), repeated.end());
    constexpr qsizetype kShown = 20;
    const bool cut = repeated.size() > kShown;
    const QString list =
        SeedList::format(repeated.mid(0, kShown)) + (cut ? QStringLiteral(", \u2026") : QString());
    if (repeated.size() == 1) {
        return QStringLiteral("seed %1 is listed more than once").arg(list);
    }
    return QStringLiteral("seeds %1 are listed more than once").arg(list);
}

} // namespace

SeedList::Parsed SeedList::parse(const QString& text)
{
    Parsed parsed;
    if (text.trimmed().isEmpty()) {
        parsed.errors << QStringLiteral("no seeds: give at least one, e.g. \"1-20\"");
        return parsed;
    }
    qint64 count = 0;
    const QStringList entries = text.split(QLatin1Char(','));
    for (const QString& raw : entries) {
        const QString error = readEntry(QStringView(raw).trimmed(), &parsed.seeds, &count);
        if (!error.isEmpty() && parsed.errors.size() < kMaxReportedErrors) {
            parsed.errors << error;
        }
    }
    if (count > kMaxSeeds) {
        parsed.errors
            << QStringLiteral("more than %1 seeds; at most %1 are allowed").arg(kMaxSeeds);
        parsed.seeds.clear();
        return parsed;
    }
    const QString duplicates = duplicateSentence(parsed.seeds);
    if (!duplicates.isEmpty()) {
        parsed.errors << duplicates;
    }
    if (!parsed.ok()) {
        parsed.seeds.clear();
    }
    return parsed;
}

QString SeedList::format(const QList<qint64>& seeds)
{
    QStringList parts;
    qsizetype i = 0;
    while (i < seeds.size()) {
        qsizetype j = i;
        while (j + 1 < seeds.size() && seeds[i] >= 0 &&
               seeds[j] != std::numeric_limits<qint64>::max() && seeds[j + 1] == seeds[j] + 1) {
            ++j;
        }
        if (j - i >= 2) {
            parts << QString::number(seeds[i]) + QLatin1Char('-') + QString::number(seeds[j]);
            i = j + 1;
        } else {
            parts << QString::number(seeds[i]);
            ++i;
        }
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace pb
