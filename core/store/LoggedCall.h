#pragma once

#include "run/CallResult.h"
#include "run/TokenCount.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace pb {

// One row of the evidence log: what was sent, what came back, and how it was scored.
// A failed call has no reply and no metric value; a flagged reply has a reply but no
// value, and the flag says why (the metric could not read it).
struct LoggedCall
{
    qint64 runId = 0;
    quint64 callIndex = 0;
    QDateTime time; // UTC, when the reply was complete
    QString backend;
    QString endpoint;
    QString model; // the tag requested
    QString modelReported;
    QString modelDigest;
    double temperature = 0.0;
    int itemIndex = 0;
    QString itemId;
    QString variant;
    CallArm arm = CallArm::Probe;
    qint64 seed = 0;
    QString prompt;
    QString messagesJson; // the exact message list sent
    QString reply;
    std::optional<double> metricValue;
    QString metricFlag;
    CallStatus status = CallStatus::Failed;
    QString error;
    QString errorKind;
    int attempts = 0;
    QJsonObject details;
    // What the server said the call used, every reply of a re-asked call summed; stored in
    // the calls table's input_tokens and output_tokens, NULL when unknown.
    TokenCount tokens;

    // The row for one finished call of run runId, as every runner records it: the request's
    // cell and settings, the exact message list, where the reply came from and how the call
    // ended. The reply is kept only when the call is Ok; the metric value and flag are left
    // empty for the runner to fill in by its own rules.
    static LoggedCall fromResult(qint64 runId, const CallResult& result);

    // Identifies the cell (item, variant, arm, seed) within a run; resume skips a cell
    // whose key is already recorded as Ok.
    QString cellKey() const;
    static QString cellKey(const QString& itemId, const QString& variant, CallArm arm, qint64 seed);
    // "metric flag" and "failed: <kind>" joined, for the CSV log's flags column.
    QString flags() const;
};

QString callArmName(CallArm arm);
std::optional<CallArm> callArmFromName(const QString& name);
QString callStatusName(CallStatus status);

} // namespace pb
Q_DECLARE_METATYPE(pb::LoggedCall)
