#pragma once

#include <QByteArray>
#include <QString>

namespace pb {

// An API key known only by the name of the environment variable that holds it. The value
// is read from the environment each time it is needed and is never stored, returned as
// text, or put into a message: the only ways out are an Authorization header and
// scrub(), which removes it from text a server sent back.
class ApiKey
{
public:
    explicit ApiKey(const QString& environmentVariable = QString());

    QString variable() const { return m_variable; }
    bool wanted() const { return !m_variable.isEmpty(); }
    // A variable is named but is unset or empty.
    bool missing() const;
    // "Bearer <key>", or empty when no key is wanted or set.
    QByteArray authorization() const;
    QString scrub(QString text) const;
    // Whether a setting looks like a variable name rather than a pasted key.
    static bool isVariableName(const QString& text);

private:
    QByteArray value() const;

    QString m_variable;
};

} // namespace pb
