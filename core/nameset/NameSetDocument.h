#pragma once

#include "probe/ProbeDocument.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace pb {

// One name of a name set: the name put in for {name}, the group the name list says it is
// associated with, and values for any other {placeholder} of the document. A name is a
// signal a model may read, not a person's identity: the group is the list author's label.
struct NameEntry
{
    QString name;
    QString group;
    QMap<QString, QString> fields;

    bool operator==(const NameEntry&) const = default;
};

// The closed set of decisions a reply may give, and which of them count as favourable
// (for the four-fifths rule and the favourable-decision rate).
struct DecisionSet
{
    QStringList values;
    QStringList favourable;

    bool isFavourable(const QString& decision) const { return favourable.contains(decision); }
    bool operator==(const DecisionSet&) const = default;
};

struct ScoreRange
{
    double min = 1;
    double max = 10;

    bool contains(double score) const { return score >= min && score <= max; }
    bool operator==(const ScoreRange&) const = default;
};

// Knobs of the built-in stand-in, so the kind runs offline with a known truth: a score shift
// per group (in score units) and a share of replies that do not validate. Other backends
// ignore them.
struct NameSetStandIn
{
    QMap<QString, double> groupShift;
    double malformedRate = 0.0;
    double scoreSpread = 1.5; // the SD of the stand-in's scores around the range's middle

    bool operator==(const NameSetStandIn&) const = default;
};

// A name-set probe (probebench/name-set@1, docs/name-set-format.md): one task and one input
// document with a {name} placeholder, run for every name of a list of names with group
// labels, every reply a JSON object with a decision from a closed set and a bounded score.
// What differs between the calls of one seed is the name and its own fields only.
struct NameSetDocument
{
    static constexpr int kVersion = 1;
    static constexpr int kMaxAttempts = 3; // a reply that does not validate is asked again

    QString title;
    QString description;
    QString task;
    QString document; // the input, with {name} and the names' own {fields}
    QString prompt;   // the template the call sends (seed 002's by default)
    QList<NameEntry> names;
    DecisionSet decisions;
    ScoreRange score;
    QStringList constraints;
    bool structuredOutput = true; // send the JSON schema (Ollama format / response_format)
    ProbeSettings settings;
    NoiseCheck noise; // the same names again on a shifted seed block
    NameSetStandIn standIn;

    QStringList groups() const; // in the order they first appear
    const NameEntry* entry(const QString& name) const;

    bool operator==(const NameSetDocument&) const = default;
};

} // namespace pb
