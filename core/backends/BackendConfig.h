#pragma once

#include <QList>
#include <QString>
#include <QUrl>

namespace pb {

// How an HTTP backend reaches its model: the endpoints of one model and the rules for
// retrying, spreading and giving up. Plain value; BackendFactory fills it from
// BackendSettings and tests shrink the delays.
struct BackendConfig
{
    // QNetworkAccessManager opens at most six HTTP/1.1 connections per host; more calls in
    // flight than that would wait inside Qt with their deadline already running.
    static constexpr int kMaxConcurrencyPerEndpoint = 6;
    // A model's reply is text of a few kilobytes; a server that sends megabytes is broken or
    // hostile, and what it sends is held in memory and then in the store.
    static constexpr qint64 kDefaultMaxReplyBytes = 8 * 1024 * 1024;

    QString model;              // the tag the calls name; used for the digest check
    QList<QUrl> endpoints;      // base URLs of the same model, without a trailing slash
    int concurrency = 1;        // calls in flight per endpoint, clamped to 1..6
    int maxTries = 3;           // tries per call in total, including the first
    int retryBaseDelayMs = 500; // backoff before the second try; doubles after, +-50% jitter
    int maxRetryDelayMs = 30000;
    int deadAfterFailures = 3;     // consecutive connection failures that mark an endpoint dead
    int deadCooldownMs = 30000;    // how long a dead endpoint is left alone
    int metadataTimeoutMs = 15000; // version, tags and show requests
    qint64 maxReplyBytes = kDefaultMaxReplyBytes; // of any one reply body, chat or metadata
    int digestRecheckCalls = 50; // re-read the model digest after this many calls...
    int digestRecheckMs = 60000; // ...or this much time on an endpoint, whichever first
    int idleDigestCheckMs = 250; // a last check once the backend has been idle this long
    QString expectedDigest;      // when set, any other digest stops the run (resuming a run)
    // How the messages name the model, and what the calls stored before a resume did with
    // its expectedDigest: a generative probe's second model is "embedding model", its stored
    // work "the stored replies were embedded by".
    QString modelRole = QStringLiteral("model");
    QString storedWork = QStringLiteral("the stored calls were answered by");
    QString apiKeyEnv; // NAME of the environment variable holding the key, never the key

    int effectiveConcurrency() const { return qBound(1, concurrency, kMaxConcurrencyPerEndpoint); }
};

} // namespace pb
