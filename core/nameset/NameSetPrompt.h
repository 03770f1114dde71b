#pragma once

#include "nameset/NameSetDocument.h"
#include "probe/ProbePrompt.h"
#include "run/CallRequest.h"

#include <QJsonObject>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace pb {

// How a name-set call is written: the document with one name's {name} and {fields} filled
// in, put into the prompt template with the task, the decision values, the score range and
// the constraints. Placeholders are filled in one pass, so a value that happens to contain
// "{name}" is sent as written, never expanded again.
class NameSetPrompt
{
public:
    // Seed 002's template: {task}, {document}, {name}, {decisions}, {score_range},
    // {constraints}.
    static QString defaultTemplate();
    // The placeholders a template or document may use beyond a name's own fields.
    static QStringList templateKeys();
    // What a {placeholder} is: {identifier}; capture 1 is the key. Editors mark with it.
    static const QRegularExpression& placeholderPattern();
    // Every {placeholder} in text, in order of first appearance.
    static QStringList placeholders(const QString& text);
    // text with each {key} of values replaced; unknown placeholders are left as written.
    static QString fill(const QString& text, const QMap<QString, QString>& values);

    // The prompt sent for one name.
    static QString compose(const NameSetDocument& doc, const NameEntry& entry);
    // The messages of one name's call: compose() with the settings' system prompt placed as
    // a model probe places it (ProbePrompt), and the text the log shows.
    static ProbePrompt prompt(const NameSetDocument& doc, const NameEntry& entry);
    // The JSON schema every reply must follow: sent as structured output where the
    // settings ask for it, and what NameSetReplyReader checks either way.
    static QJsonObject schema(const NameSetDocument& doc);
    // The follow-up sent after a reply that did not validate, naming what was wrong
    // ("Your previous response was missing the required field score. Please regenerate the
    // complete JSON output.").
    static QString feedback(const QStringList& errors);
};

} // namespace pb
