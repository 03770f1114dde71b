#pragma once

#include "run/CallRequest.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace pb {

enum class CallStatus
{
    Ok,    // the model answered and the reply is logged
    Failed // no usable reply after every allowed try; excluded from statistics
};

// What came back for one CallRequest. A failed call carries its error and never a reply
// that was made up to fill the cell.
struct CallResult
{
    CallRequest request;
    CallStatus status = CallStatus::Failed;
    QString reply;
    QString error;     // one sentence a student can act on, empty when Ok
    QString errorKind; // machine-readable: "refused", "timeout", "http-5xx", "protocol", ...
    int attempts = 0;
    QDateTime finishedAt;  // UTC
    QString backend;       // "stand-in" | "ollama" | "openai"
    QString endpoint;      // base URL the reply came from, empty for the stand-in
    QString modelReported; // the model tag the server says answered
    QString modelDigest;   // content digest where the server reports one
    QJsonObject details;   // server facts: version, done_reason, token counts, durations
};

} // namespace pb

Q_DECLARE_METATYPE(pb::CallResult)
