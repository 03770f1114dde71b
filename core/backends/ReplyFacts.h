#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// The facts a reply carries besides its text (token counts, durations, why it stopped, the
// model that answered), taken only in the JSON type their protocol gives them: a count is a
// non-negative integer, a name or reason is a string. A field with any other value is left
// out and its path listed under details["malformed_fields"], never kept as the server sent
// it; a null or missing field is simply not there.
class ReplyFacts
{
public:
    // Doubles hold integers exactly up to 2^53: far beyond any token count or duration in ns.
    static constexpr qint64 kLargestCount = 9007199254740992;

    // path: where `from` sits in the reply, for the flag ("usage." for OpenAI's usage).
    // most: the largest value that is still a count of this kind (TokenCount::kMostPerCall for
    // a token count); a larger one is flagged like any other junk.
    void keepCount(const QJsonObject& from, const QString& key, const QString& path = QString(),
                   qint64 most = kLargestCount);
    void keepText(const QJsonObject& from, const QString& key, const QString& path = QString());
    // The string at key, or an empty string (flagged when the value has another type).
    QString text(const QJsonObject& from, const QString& key, const QString& path = QString());
    // The object at key, or an empty one (flagged when the value has another type).
    QJsonObject object(const QJsonObject& from, const QString& key,
                       const QString& path = QString());
    void flag(const QString& path);
    QJsonObject details() const;

    static std::optional<qint64> countOf(const QJsonValue& value);
    // "a string", "a number", "an object", ... for messages that name what was found.
    static QString typeName(const QJsonValue& value);

private:
    QJsonObject m_details;
    QStringList m_malformed;
};

} // namespace pb
