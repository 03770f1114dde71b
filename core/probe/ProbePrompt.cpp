#include "probe/ProbePrompt.h"

namespace pb {

namespace {

ChatMessage user(const QString& text)
{
    return ChatMessage{QStringLiteral("user"), text};
}

} // namespace

ProbePrompt ProbePrompt::compose(const ProbeSettings& settings, const QString& message)
{
    ProbePrompt prompt;
    const bool hasSystem = !settings.system.isEmpty();
    switch (settings.placement) {
    case SystemPlacement::PrependToUser:
        prompt.logged = hasSystem ? settings.system + settings.separator + message : message;
        prompt.messages = {user(prompt.logged)};
        break;
    case SystemPlacement::SystemMessage:
        if (hasSystem) {
            prompt.messages = {ChatMessage{QStringLiteral("system"), settings.system},
                               user(message)};
            prompt.logged = QStringLiteral("system: ") + settings.system +
                            QStringLiteral("\n\nuser: ") + message;
        } else {
            prompt.messages = {user(message)};
            prompt.logged = message;
        }
        break;
    case SystemPlacement::None:
        prompt.messages = {user(message)};
        prompt.logged = message;
        break;
    }
    return prompt;
}

std::optional<ProbePrompt> ProbePrompt::compose(const ProbeDocument& document,
                                                const ProbeItem& item, const QString& value)
{
    const QString key = value == document.noiseLabel() && !item.variants.contains(value)
                            ? document.valueA()
                            : value;
    const auto it = item.variants.constFind(key);
    if (it == item.variants.constEnd()) {
        return std::nullopt;
    }
    return compose(document.settings, it.value());
}

QString ProbePrompt::placementName(SystemPlacement placement)
{
    switch (placement) {
    case SystemPlacement::PrependToUser:
        return QStringLiteral("prepend");
    case SystemPlacement::SystemMessage:
        return QStringLiteral("system-message");
    case SystemPlacement::None:
        return QStringLiteral("none");
    }
    return QStringLiteral("prepend");
}

std::optional<SystemPlacement> ProbePrompt::placementFromName(const QString& name)
{
    for (const SystemPlacement p :
         {SystemPlacement::PrependToUser, SystemPlacement::SystemMessage, SystemPlacement::None}) {
        if (placementName(p) == name) {
            return p;
        }
    }
    return std::nullopt;
}

QStringList ProbePrompt::placementNames()
{
    return {QStringLiteral("prepend"), QStringLiteral("system-message"), QStringLiteral("none")};
}

} // namespace pb
