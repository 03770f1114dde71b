#pragma once

#include "probe/BackendSettings.h"

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// Where the probe's system prompt goes. The tutorial sends SYSTEM + "\n\n" + message
// as one user message, and that exact text is what its stand-in model hashes.
enum class SystemPlacement
{
    PrependToUser, // "prepend": system + separator + message, one user message
    SystemMessage, // "system-message": a separate {"role": "system"} message
    None           // "none": no system prompt is sent
};

// The attribute a probe varies, and its values. values[0] is "A" and values[1] is "B"
// in every gap the workbench reports (gap = A minus B).
struct AttributeSpec
{
    QString name;
    QStringList values;

    bool operator==(const AttributeSpec&) const = default;
};

// One matched item: the same input written once per attribute value.
struct ProbeItem
{
    QString id;
    QMap<QString, QString> variants; // attribute value -> message text
    QString note;                    // free text shown to reviewers, never sent
    // Facts the author marked as having to survive into every variant (design/FactCheck);
    // "a|b" accepts either spelling. A design aid: never sent, not part of the run's
    // configuration.
    QStringList facts;

    bool operator==(const ProbeItem&) const = default;
};

// Everything held fixed across the variants of every item: the model and how it is
// reached (BackendSettings), and how a model probe composes and seeds its calls.
struct ProbeSettings : BackendSettings
{
    ProbeSettings()
    {
        backend = QStringLiteral("stand-in");
        model = QStringLiteral("stand-in-v1");
        temperature = 0.8;
    }

    QList<qint64> seeds; // expanded, in order, duplicates rejected by the loader
    QString seedsText;   // as written in the file, e.g. "1-20"
    QString system;
    SystemPlacement placement = SystemPlacement::PrependToUser;
    QString separator = QStringLiteral("\n\n"); // between system and message when prepended
    double plantedGap = 1.0;                    // stand-in only
    bool stream = false;

    bool operator==(const ProbeSettings&) const = default;
};

// The metric, chosen before running. kind selects the function (see metrics/Metric.h).
struct MetricSpec
{
    QString kind = QStringLiteral("count_steps");
    QString name = QStringLiteral("steps"); // the CSV column and report label
    QString pattern;                        // regex_count
    QString field;                          // json_field: dotted path into the reply's JSON
    QStringList categories;                 // json_field, categorical: allowed values
    QString positive;                       // json_field, categorical: value scored 1 (others 0)
    QString description;                    // what it measures, in the user's words
    // choice (kind "choice"): the closed set of answers the task allows, in report order,
    // and how many alternatives per token the server is asked to list (top_logprobs).
    QStringList candidates;
    int topLogprobs = 10;
    // generative (kind "embedding"): the embedding model that turns each reply into a vector,
    // held fixed like the chat model, and where it is served when that is not where the chat
    // model is (empty: the probe's own backend and endpoints).
    QString embeddingModel;
    QString embeddingBackend;
    QStringList embeddingEndpoints;

    // A choice probe compares distributions over candidates, never numbers: its scores and
    // a numeric metric's are different estimators and are never mixed.
    bool isChoice() const { return kind == QLatin1String("choice"); }
    // A generative probe compares replies as embeddings (cosine distances against the
    // same-versus-same noise): a third estimator, never mixed with either other.
    bool isGenerative() const { return kind == QLatin1String("embedding"); }
    // "numeric", "choice" or "generative": the mode every score of the probe carries.
    QString mode() const
    {
        return isChoice()       ? QStringLiteral("choice")
               : isGenerative() ? QStringLiteral("generative")
                                : QStringLiteral("numeric");
    }

    bool operator==(const MetricSpec&) const = default;
};

// Same-versus-same: value A against itself on a disjoint seed block.
struct NoiseCheck
{
    bool enabled = true;
    qint64 seedOffset = 100;

    bool operator==(const NoiseCheck&) const = default;
};

struct ProbeDocument
{
    static constexpr const char* kFormat = "probebench/probe@1";

    QString title;
    QString description;
    AttributeSpec attribute;
    QList<ProbeItem> items;
    ProbeSettings settings;
    MetricSpec metric;
    NoiseCheck noise;

    QString valueA() const { return attribute.values.value(0); }
    QString valueB() const { return attribute.values.value(1); }
    // The label logged for the noise-check arm, as in the tutorial ("formal again").
    QString noiseLabel() const { return noiseLabelFor(valueA()); }
    // "<a> again": the same-versus-same arm's label in logs and reports, for every kind.
    static QString noiseLabelFor(const QString& a) { return a + QStringLiteral(" again"); }

    bool operator==(const ProbeDocument&) const = default;
};

} // namespace pb

Q_DECLARE_METATYPE(pb::ProbeDocument)
