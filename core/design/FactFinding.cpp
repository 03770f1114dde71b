#include "design/FactFinding.h"

namespace pb {

QString FactFinding::message() const
{
    return what() + QStringLiteral(": this pair is not matched");
}

QString FactFinding::what() const
{
    if (presentIn.isEmpty()) {
        return QStringLiteral("%1 lacks the marked fact '%2'").arg(missingFrom, fact.text);
    }
    return QStringLiteral("%1 drops '%2'").arg(missingFrom, fact.text);
}

QString FactFinding::detail() const
{
    if (presentIn.isEmpty()) {
        return QStringLiteral("'%1' is marked as a fact of this item, and no variant states it.")
            .arg(fact.text);
    }
    return QStringLiteral("'%1' is %2 in %3; any gap could come from this fact instead of "
                          "the attribute.")
        .arg(fact.text, Fact::kindPhrase(fact.kind), presentIn);
}

} // namespace pb
