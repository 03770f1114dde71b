#pragma once

#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>

namespace pb {

// Every problem reading one file found, in the order found, and how they are shown: the one
// shape of "what is wrong with this file" for every kind of file the workbench reads.
struct FileProblems
{
    QString sourceName; // the file name as shown in messages, e.g. "style.probe.json"
    QList<ProbeProblem> problems;

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
