#pragma once

#include "judge/Rubric.h"
#include "probe/BackendSettings.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// How a variant's deserved verdicts relate to its item's (the chapter's two pair shapes).
enum class PairShape
{
    Same,   // rubric content held identical, only the property moves: same verdicts deserved
    Opposed // the property set against the content: opposite verdicts deserved
};

// The verdict each criterion deserves, fixed when the artifact was written: criterion id ->
// level (1-4), pass (1) / fail (0), or for a pairwise item the better answer (0 = first,
// 1 = second). Criteria left out have no construction and are not scored against it.
using DeservedVerdicts = QMap<QString, int>;

// One artifact as the judge sees it: the item's base, or the same artifact with one property
// changed.
struct JudgeVariant
{
    static constexpr const char* kBaseId = "base";

    QString id;       // unique within its item; "base" for the item's own artifact
    QString property; // what changed: "padding", "byline", "polish", "hedging", "position", ...
    PairShape shape = PairShape::Same;
    QString question; // sent with the answer when not empty
    QString answer;   // single-artifact items
    QString first;    // pairwise items: the two answers in the item's own order
    QString second;
    bool swapped = false; // pairwise: the second answer is shown as Response A
    DeservedVerdicts deserved;
    QString generatedFrom; // "pad 1: ...", "name: Sarah Chen"; empty when written by hand
    QString note;

    bool isBase() const { return property.isEmpty(); }
    // The texts an evidence quote may come from: the answer, or both pairwise answers.
    QStringList evidenceSources(bool pairwise) const;
    // The variant every pairwise item carries: base's two answers in the other order
    // ("swapped", property "position"), as the reader, the editor and the grader's bias
    // probe all make it.
    static JudgeVariant swappedOf(const JudgeVariant& base);

    bool operator==(const JudgeVariant&) const = default;
};

// One artifact (an answer, optionally with its question) or, for position probes, one pair
// of answers compared in an A/B prompt, with the variants built from it.
struct JudgeItem
{
    QString id;
    bool pairwise = false;
    JudgeVariant base;
    QList<JudgeVariant> variants; // property variants; pairwise items get "swapped"
    QString note;

    // base, then the variants
    QList<JudgeVariant> all() const;
    const JudgeVariant* variant(const QString& variantId) const;

    bool operator==(const JudgeItem&) const = default;
};

// One judge: a backend, a model and how it is asked. Two judges on the same probe set are
// the chapter's before/after comparison (e.g. with and without evidence quotes).
struct JudgeConfig : BackendSettings
{
    JudgeConfig() { backend = QStringLiteral("stand-in-judge"); }

    QString name;
    qint64 seed = 42;
    QString instructions;         // appended to the system prompt
    bool requireEvidence = true;  // one verbatim quote per criterion, checked against the text
    bool structuredOutput = true; // send the JSON schema (Ollama format / response_format)
    int maxRetries = 2;           // re-asks after output that does not validate, 0..2

    bool operator==(const JudgeConfig&) const = default;
};

// Repeat chosen items so a shortfall can be read as a preference or as noise.
struct StabilityCheck
{
    static constexpr int kDefaultRepeats = 5;

    bool enabled = false;
    bool allItems = false;
    QStringList itemIds;
    int repeats = kDefaultRepeats; // calls per artifact in total, the probe's own call included
    bool baseOnly = false;         // repeat only the items' base artifacts

    bool covers(const QString& itemId, const QString& variantId) const;

    bool operator==(const StabilityCheck&) const = default;
};

struct EvidencePolicy
{
    static constexpr double kDefaultFuzzyThreshold = 90.0;
    double fuzzyThreshold = kDefaultFuzzyThreshold; // percent similarity, 50..100

    bool operator==(const EvidencePolicy&) const = default;
};

// A judge probe ("probebench/judge-probe@1", docs/judge-format.md): a probe set whose
// correct verdicts were fixed when its items were written, and the judges to run it on.
struct JudgeProbeDocument
{
    static constexpr const char* kFormat = "probebench/judge-probe@1";

    QString title;
    QString description;
    Rubric rubric;
    QString rubricSource; // the rubric file as named in the probe, or "inline"
    QList<JudgeItem> items;
    QList<JudgeConfig> judges;
    StabilityCheck stability;
    EvidencePolicy evidence;

    // Properties varied anywhere in the probe, in order of first appearance.
    QStringList properties() const;
    bool hasPairwiseItems() const;
    // How many verdicts the probe's own calls (not the stability repeats) are scored on
    // against construction: the exact ceiling of the construction score.
    int constructionCeiling() const;
    const JudgeItem* item(const QString& id) const;

    bool operator==(const JudgeProbeDocument&) const = default;
};

} // namespace pb
