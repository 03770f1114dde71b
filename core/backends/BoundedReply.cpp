#include "backends/BoundedReply.h"

#include <QNetworkReply>
#include <QNetworkRequest>
#include <utility>

namespace pb {

namespace {

// Qt's HTTP thread reads ahead of this one up to this much, then waits; without a bound an
// endless stream piles up in Qt faster than the cap can be checked.
constexpr qint64 kReadBufferBytes = 256 * 1024;
// Enough of an error body for the server's own words (HttpFailure::serverText keeps 200
// characters).
constexpr qsizetype kErrorBodyKept = 16 * 1024;

} // namespace

QNetworkRequest BoundedReply::request(const QUrl& url, const QByteArray& authorization)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, application/x-ndjson");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    // The deadline is BoundedReply's own; Qt's idle timeout could only fire later.
    request.setTransferTimeout(0);
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    return request;
}

BoundedReply::BoundedReply(QNetworkReply* reply, Body body, qint64 maxBytes,
                           const HttpFailure::Context& context)
    : QObject(reply), m_reply(reply), m_body(body), m_maxBytes(maxBytes), m_context(context),
      m_deadline(this)
{
    limitReadAhead();
    // Qt tells its HTTP thread about the read buffer only once the request has started,
    // which for a POST is on the next turn of the event loop; a size set before that is lost.
    QMetaObject::invokeMethod(this, &BoundedReply::limitReadAhead, Qt::QueuedConnection);
    connect(reply, &QNetworkReply::socketStartedConnecting, this,
            [this] { m_sendSeen = SendSeen::None; });
    connect(reply, &QNetworkReply::requestSent, this, [this] {
        if (m_sendSeen != SendSeen::Inferred)
            ++m_timesSent;
        m_sendSeen = SendSeen::Reported;
    });
    connect(reply, &QNetworkReply::metaDataChanged, this, &BoundedReply::onHeaders);
    connect(reply, &QNetworkReply::readyRead, this, &BoundedReply::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &BoundedReply::onFinished);
    if (context.timeoutMs > 0) {
        m_deadline.setSingleShot(true);
        connect(&m_deadline, &QTimer::timeout, this, [this] {
            fail(HttpFailure::deadline(m_bytesRead > 0 || headersSeen(), m_context));
        });
        m_deadline.start(context.timeoutMs);
    }
}

void BoundedReply::drop()
{
    if (m_state == State::Ended || m_state == State::Dropped)
        return;
    m_state = State::Dropped;
    m_deadline.stop();
    m_reply->disconnect(this);
    m_reply->abort();
    m_reply->deleteLater();
}

void BoundedReply::limitReadAhead()
{
    if (m_state == State::Running)
        m_reply->setReadBufferSize(kReadBufferBytes);
}

void BoundedReply::onHeaders()
{
    // Qt does not report every send: when the server answers and closes the connection
    // before Qt has seen its own write complete, requestSent() never comes. An answer on
    // this connection proves a send; a report that still comes later is the same send.
    if (m_sendSeen == SendSeen::None) {
        ++m_timesSent;
        m_sendSeen = SendSeen::Inferred;
    }
    if (m_state != State::Running)
        return;
    bool known = false;
    const qint64 length = m_reply->header(QNetworkRequest::ContentLengthHeader).toLongLong(&known);
    if (known && length > m_maxBytes)
        fail(HttpFailure::tooLarge(m_maxBytes, m_context));
}

void BoundedReply::onReadyRead()
{
    if (m_state == State::Running)
        take(m_reply->readAll());
}

void BoundedReply::onFinished()
{
    if (m_state == State::Running) {
        // Qt closes a reply it aborted itself; reading it would only warn.
        if (m_reply->isOpen() && !take(m_reply->readAll()))
            return;
        if (m_state != State::Running)
            return; // a bodyRead() receiver dropped it
        m_failure = HttpFailure::fromReply(m_reply, m_errorBody, m_context);
    }
    end();
}

bool BoundedReply::take(const QByteArray& bytes)
{
    if (bytes.isEmpty())
        return true;
    m_bytesRead += bytes.size();
    if (m_bytesRead > m_maxBytes) {
        fail(HttpFailure::tooLarge(m_maxBytes, m_context));
        return false;
    }
    if (!isSuccess())
        m_errorBody.append(bytes.left(std::max<qsizetype>(0, kErrorBodyKept - m_errorBody.size())));
    else if (m_body == Body::Stream)
        Q_EMIT bodyRead(bytes);
    else
        m_kept.append(bytes);
    return true;
}

void BoundedReply::fail(const HttpFailure& failure)
{
    if (m_state != State::Running)
        return;
    m_failure = failure;
    m_kept.clear();
    m_state = State::Failing;
    m_reply->abort(); // finishes the reply, which ends this
    end();            // in case it was finished already
}

void BoundedReply::end()
{
    if (m_state == State::Ended || m_state == State::Dropped)
        return;
    m_state = State::Ended;
    m_deadline.stop();
    m_reply->deleteLater();
    Q_EMIT ended();
}

bool BoundedReply::isSuccess() const
{
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    return status >= 200 && status < 300;
}

bool BoundedReply::headersSeen() const
{
    return m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
}

} // namespace pb
