#pragma once

#include "backends/HttpFailure.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>
#include <optional>
#include <utility>

class QNetworkReply;
class QNetworkRequest;

namespace pb {

// One HTTP exchange with a model server, held to what a server cannot be trusted to keep:
// - a deadline for the whole exchange (context.timeoutMs, <= 0: none), from the moment the
//   request is handed to Qt to the last byte, not an idle timeout, which a server sending a
//   byte a second never trips;
// - a cap on the body, counted as it arrives, so an endless stream costs at most the cap
//   in memory and a Content-Length above it fails before the body is read;
// - no redirect followed (see request()).
// It counts the times Qt put the request on the wire (QNetworkReply::requestSent, and an
// answer where that report never came), Qt's own silent resend on a keep-alive connection
// the server had closed included. The count is a floor: when a server resets the
// connection the moment it has read the request, the reset can overtake Qt's report, and
// a send Qt then repeats by itself is not seen.
//
// Owns the reply it watches and is deleted with it, after ended(). ended() comes exactly
// once, unless drop() came first; it may come from inside a bodyRead() receiver's call.
class BoundedReply : public QObject
{
    Q_OBJECT
public:
    enum class Body
    {
        Keep,  // gathered for takeBody()
        Stream // handed to bodyRead() as it arrives and not kept
    };

    // A request to a model server: JSON, the authorization header when one is given, and
    // QNetworkRequest::ManualRedirectPolicy. No redirect is followed, not even to the same
    // origin: an API call is a POST that a 301-303 would turn into a GET, the key must go
    // to the configured endpoint only, and an API server does not redirect its calls, so a
    // redirect means the endpoint is not the server's address (HttpFailure names both).
    static QNetworkRequest request(const QUrl& url, const QByteArray& authorization);

    BoundedReply(QNetworkReply* reply, Body body, qint64 maxBytes,
                 const HttpFailure::Context& context);

    int timesSent() const { return m_timesSent; }
    // The server sent a status line and headers.
    bool headersSeen() const;
    const HttpFailure::Context& context() const { return m_context; }
    // After ended(): why the exchange yielded no whole 2xx body, or nothing.
    const std::optional<HttpFailure>& failure() const { return m_failure; }
    // After ended() without a failure, for Body::Keep.
    QByteArray takeBody() { return std::exchange(m_kept, {}); }
    // Aborts the exchange without ended(); the reply is deleted later.
    void drop();

Q_SIGNALS:
    // The next bytes of a 2xx body (Body::Stream).
    void bodyRead(const QByteArray& bytes);
    void ended();

private:
    // What is known of the send on the current connection.
    enum class SendSeen
    {
        None,
        Reported, // requestSent()
        Inferred  // headers came before any report
    };
    enum class State
    {
        Running,
        Failing, // fail() is aborting the reply
        Ended,
        Dropped
    };

    void limitReadAhead();
    void onHeaders();
    void onReadyRead();
    void onFinished();
    // Counts and files bytes of the body; false when they broke the cap (and ended it).
    bool take(const QByteArray& bytes);
    void fail(const HttpFailure& failure);
    void end();
    bool isSuccess() const;

    QNetworkReply* m_reply;
    Body m_body;
    qint64 m_maxBytes;
    HttpFailure::Context m_context;
    QTimer m_deadline;
    State m_state = State::Running;
    int m_timesSent = 0;
    SendSeen m_sendSeen = SendSeen::None;
    qint64 m_bytesRead = 0;
    QByteArray m_kept;
    QByteArray m_errorBody; // the start of a non-2xx body, for the server's own words
    std::optional<HttpFailure> m_failure;
};

} // namespace pb
