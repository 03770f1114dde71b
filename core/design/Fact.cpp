#include "design/Fact.h"

namespace pb {

QString Fact::kindPhrase(Kind kind)
{
    switch (kind) {
    case Kind::Number:
        return QStringLiteral("a number");
    case Kind::CodeIdentifier:
        return QStringLiteral("a code identifier");
    case Kind::QuotedText:
        return QStringLiteral("quoted text");
    case Kind::Name:
        return QStringLiteral("a name");
    case Kind::Marked:
        return QStringLiteral("a marked fact");
    }
    return QString();
}

} // namespace pb
