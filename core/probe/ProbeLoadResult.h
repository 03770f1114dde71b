#pragma once

#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// What loading a probe file produced: every problem found, and the document only when
// none of them is an error.
struct ProbeLoadResult
{
    QString sourceName; // the file name as shown in messages, e.g. "style.probe.json"
    std::optional<ProbeDocument> document;
    QList<ProbeProblem> problems; // in the order they were found

    bool ok() const { return document.has_value(); }
    bool hasErrors() const;
    QList<ProbeProblem> errors() const;
    QList<ProbeProblem> warnings() const;

    // One error per line: "style.probe.json: items[3].variants.casual: missing", or
    // "style.probe.json:4:7: <what>" for a JSON syntax error. Empty when there are none.
    QString errorText() const;
    // Warnings in the same shape, with "warning: " before the message.
    QString warningText() const;
    // Errors first, then warnings.
    QString text() const;

    // How one problem is rendered in the texts above.
    static QString render(const QString& sourceName, const ProbeProblem& problem);
};

} // namespace pb
