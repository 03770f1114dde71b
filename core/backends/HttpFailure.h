#pragma once

#include "backends/WireProtocol.h"

#include <QNetworkReply>
#include <QString>
#include <QUrl>
#include <optional>

namespace pb {

// Why one HTTP exchange with a model server did not yield a reply, in two forms: a
// machine-readable kind for the log ("refused", "timeout", "http-5xx", ...) and one
// sentence a student can act on. It also says whether trying again could help and
// whether the problem dooms every other call too.
struct HttpFailure
{
    // What the sentence may name: never the API key itself.
    struct Context
    {
        QUrl endpoint;
        WireProtocol protocol = WireProtocol::Ollama;
        QString model;
        QString apiKeyEnv;
        QString path; // the path that was asked for, e.g. "/api/chat"
        int timeoutMs = 0;
    };

    QString kind;
    QString message;
    bool transient = false;       // another try may succeed
    bool connectionLevel = false; // nothing answered at the address: counts against the endpoint
    bool stopsRun = false;        // every other call would fail the same way
    int httpStatus = 0;
    int retryAfterMs = -1; // server's Retry-After, when it sent one
    QString serverSaid;    // the server's own words in an error body, shortened

    // A failure below HTTP: refused, host not found, closed, timed out. headersSeen tells
    // "closed before replying" from "closed in the middle of the reply".
    static HttpFailure network(QNetworkReply::NetworkError error, bool headersSeen,
                               const Context& context);
    // An HTTP status outside 2xx, with the server's own words where it gave any.
    static HttpFailure status(int httpStatus, const QByteArray& body, const Context& context);
    // A 2xx whose body is not the protocol asked for; detail says what was wrong with it.
    static HttpFailure wrongProtocol(const QString& detail, const Context& context);
    // wrongProtocol for a body that is no JSON at all, quoting its start (bodyStart).
    static HttpFailure notJson(const QByteArray& body, const Context& context);
    // The first 60 characters of a body, whitespace simplified, with "..." when cut: enough to
    // recognise an HTML error page or a proxy's message without quoting a whole reply.
    static QString bodyStart(const QByteArray& body);
    // A 2xx in the protocol asked for, with a field of the wrong type or value; detail names
    // the field ("\"done\" is false, not true").
    static HttpFailure malformed(const QString& detail, const Context& context);
    // The exchange's deadline passed; replyStarted tells "no reply" from "still arriving".
    static HttpFailure deadline(bool replyStarted, const Context& context);
    static HttpFailure tooLarge(qint64 maxBytes, const Context& context);
    // A 3xx: never followed, so that the key and the calls go to the configured endpoint only.
    static HttpFailure redirected(int httpStatus, const QUrl& from, const QUrl& to,
                                  const Context& context);
    // A 404 on the chat path that the server's model list does not confirm: listDetail says
    // why (empty: the list has the model). An ordinary failed try.
    static HttpFailure unconfirmedMissingModel(const HttpFailure& chat404, const QString& listPath,
                                               const QString& listDetail, const Context& context);
    static HttpFailure cancelled();
    // A 2xx whose body is the server's error ({"error": ...}) in place of what was asked for
    // (instead: "a reply", "an embedding"); serverText is the server's own words.
    static HttpFailure serverError(const QString& serverText, const QString& instead,
                                   bool transient, const Context& context);
    // The failure a finished reply stands for, or nothing when it is a 2xx that arrived
    // whole. body is what was read of the reply; Retry-After is honoured.
    static std::optional<HttpFailure> fromReply(QNetworkReply* reply, const QByteArray& body,
                                                const Context& context);

    // The error text a server put in its body ({"error": "..."} or {"error": {"message"}}),
    // on one line and shortened; the raw start of the body when it is not JSON.
    static QString serverText(const QByteArray& body);
    static bool isLoopback(const QUrl& url);
    // "8 MiB", "16 KiB", "1000 bytes".
    static QString byteSize(qint64 bytes);
};

} // namespace pb
