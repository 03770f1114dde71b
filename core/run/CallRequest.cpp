#include "run/CallRequest.h"

#include <QStringList>

namespace pb {

QString loggedConversation(const QList<ChatMessage>& messages)
{
    QStringList parts;
    for (const ChatMessage& m : messages)
        parts << m.role + QStringLiteral(": ") + m.content;
    return parts.join(QStringLiteral("\n\n"));
}

} // namespace pb
