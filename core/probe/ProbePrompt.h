#pragma once

#include "probe/ProbeDocument.h"
#include "run/CallRequest.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// What is sent to the model for one message, and the text logged as its "prompt".
//
//   prepend         one user message: system + separator + message. This is the
//                   tutorial's SYSTEM + "\n\n" + message, the exact text the stand-in
//                   hashes. With an empty system prompt the message is sent alone, with
//                   no separator in front.
//   system-message  a system message, then the user message. Logged as
//                   "system: <system>\n\nuser: <message>". With an empty system prompt
//                   no system message is sent and the log holds the message alone.
//   none            the user message alone; the system prompt is not sent.
struct ProbePrompt
{
    QList<ChatMessage> messages;
    QString logged; // CallRequest::prompt

    static ProbePrompt compose(const ProbeSettings& settings, const QString& message);
    // The message for one attribute value of an item. value may also be the document's
    // noise label ("formal again"), which sends value A's text. Empty when the item has no
    // text for value.
    static std::optional<ProbePrompt> compose(const ProbeDocument& document, const ProbeItem& item,
                                              const QString& value);

    static QString placementName(SystemPlacement placement); // "prepend", ...
    static std::optional<SystemPlacement> placementFromName(const QString& name);
    static QStringList placementNames();
};

} // namespace pb
