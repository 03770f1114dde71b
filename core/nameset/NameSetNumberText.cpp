#include "nameset/NameSetNumberText.h"

#include "report/NumberText.h"

#include <cmath>

namespace pb {

QString NameSetNumberText::number(double value, int decimals)
{
    return std::isfinite(value) ? NumberText::fixed(value, decimals) : QStringLiteral("n/a");
}

QString NameSetNumberText::rate(const groups::FavourableCount& c)
{
    if (c.trials == 0)
        return QStringLiteral("n/a");
    return QStringLiteral("%1/%2 (%3%)")
        .arg(c.successes)
        .arg(c.trials)
        .arg(NumberText::fixed(100.0 * double(c.successes) / double(c.trials), 1));
}

QString NameSetNumberText::impactRatio(const groups::FourFifthsRow& row)
{
    return row.highest ? QStringLiteral("highest") : number(row.impactRatio);
}

QString NameSetNumberText::scoredOf(const groups::NameSummary& name)
{
    return QStringLiteral("%1 of %2").arg(name.scored).arg(name.replies);
}

QString NameSetNumberText::yesNo(bool value)
{
    return value ? QStringLiteral("yes") : QStringLiteral("no");
}

} // namespace pb
