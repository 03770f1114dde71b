#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace pb {

// The thresholds a release is held to. Unset ones are not checked.
struct GateThresholds
{
    double alpha = 0.05;                // a disparity with p below this blocks
    std::optional<double> maxRatioDrop; // largest fall of a group's impact ratio vs baseline
    std::optional<double> maxScoreGap;  // largest gap between group means (or |average gap|)
    // Largest fall of a criterion's fraction within tolerance vs the baseline (judge
    // regressions).
    std::optional<double> maxAgreementDrop;
};

// One check of the gate, as CI shows it: a JUnit test case.
struct GateCheck
{
    QString name; // "four-fifths rule", "disparity significance", ...
    bool passed = true;
    QString detail; // why, in a sentence, whether passed or not
};

// One figure of the baseline and of the run, side by side, for the reviewer (a judge
// regression's agreement per criterion).
struct GateComparison
{
    QString what; // "directness: within tolerance"
    QString baseline;
    QString current;
};

// Compares a run's summary.json with an approved baseline's and says whether the release may
// go: a group under four fifths of the highest group's favourable rate, a significant
// disparity, or a crossed threshold blocks. Reads name-set summaries
// (probebench/name-set-summary@1), model-probe summaries (probebench/summary@1: the
// average gap and its sign-flip p), choice-probe summaries (probebench/choice-summary@1: the
// divergence test's p, or at temperature 0 whether the distributions differ; the standardized
// effect is bounded by maxScoreGap; a baseline with another estimator is bad input) and judge
// regressions (a grading summary with a golden-set
// comparison, from `probebench regress`: a criterion below the golden set's agreement, or
// falling by more than maxAgreementDrop, blocks). The two must be of the same kind and, for name
// sets, name the same names in the same groups; otherwise the comparison is bad input, never a
// pass.
class ReleaseGate
{
public:
    struct Outcome
    {
        QString kind; // "name-set", "probe", "choice probe" or "judge regression"
        QList<GateCheck> checks;
        QList<GateComparison> sideBySide; // empty for the kinds that show none
        QString inputError;               // set when the two summaries cannot be compared

        bool blocked() const;
    };

    static Outcome evaluate(const QJsonObject& current, const QJsonObject& baseline,
                            const GateThresholds& thresholds);

    // gate.json: the kind, the thresholds, every check and the decision.
    static QJsonObject toJson(const Outcome& outcome, const GateThresholds& thresholds);
    // A JUnit XML report with one test case per check, a failure for each that blocks.
    static QByteArray toJUnit(const Outcome& outcome);
};

} // namespace pb
