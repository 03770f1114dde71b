#include "backends/HttpFailure.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

namespace {

QString shown(const QUrl& url)
{
    return url.toDisplayString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
}

HttpFailure make(const QString& kind, const QString& message, bool transient)
{
    HttpFailure failure;
    failure.kind = kind;
    failure.message = message;
    failure.transient = transient;
    return failure;
}

QString refusedMessage(const HttpFailure::Context& context)
{
    const QString url = shown(context.endpoint);
    if (context.protocol == WireProtocol::Ollama) {
        if (HttpFailure::isLoopback(context.endpoint))
            return QStringLiteral("nothing answers at %1; start Ollama with `ollama serve`")
                .arg(url);
        return QStringLiteral("nothing answers at %1; check that Ollama runs there and "
                              "listens on that address (OLLAMA_HOST)")
            .arg(url);
    }
    return QStringLiteral("nothing answers at %1; check that the server runs and that the "
                          "endpoint is right")
        .arg(url);
}

QString otherProtocolHint(const HttpFailure::Context& context)
{
    const QString url = shown(context.endpoint);
    if (context.protocol == WireProtocol::Ollama) {
        const bool hasV1 = context.endpoint.path().endsWith(QLatin1String("/v1")) ||
                           context.endpoint.path().endsWith(QLatin1String("/v1/"));
        return QStringLiteral("if it is an OpenAI-compatible server, use backend openai with "
                              "endpoint %1%2")
            .arg(url, hasV1 ? QString() : QStringLiteral("/v1"));
    }
    QUrl ollama = context.endpoint;
    ollama.setPath(QString());
    return QStringLiteral("if it is Ollama, use backend ollama with endpoint %1")
        .arg(shown(ollama));
}

bool mentionsUnknownModel(const QString& text)
{
    const QString lower = text.toLower();
    return lower.contains(QStringLiteral("model")) &&
           (lower.contains(QStringLiteral("not found")) ||
            lower.contains(QStringLiteral("does not exist")) ||
            lower.contains(QStringLiteral("not exist")) ||
            lower.contains(QStringLiteral("model_not_found")) ||
            lower.contains(QStringLiteral("unknown model")));
}

} // namespace

HttpFailure HttpFailure::network(QNetworkReply::NetworkError error, bool headersSeen,
                                 const Context& context)
{
    const QString url = shown(context.endpoint);
    switch (error) {
    case QNetworkReply::ConnectionRefusedError: {
        HttpFailure failure = make(QStringLiteral("refused"), refusedMessage(context), true);
        failure.connectionLevel = true;
        return failure;
    }
    case QNetworkReply::HostNotFoundError: {
        HttpFailure failure =
            make(QStringLiteral("host-not-found"),
                 QStringLiteral("the host of %1 is not found; check the endpoint").arg(url), true);
        failure.connectionLevel = true;
        return failure;
    }
    // Qt reports its own transfer timeout as a cancel (BoundedReply sets none and reports
    // its own deadline); cancels the backend makes itself never reach this function.
    // A timeout counts toward an endpoint's death like a refused connection: a server that
    // accepts calls and never answers would otherwise cost every remaining cell three full
    // timeouts.
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: {
        HttpFailure failure = make(QStringLiteral("timeout"),
                                   QStringLiteral("no reply from %1 within %2 s; raise "
                                                  "timeout_seconds or lower concurrency")
                                       .arg(url)
                                       .arg(context.timeoutMs / 1000.0),
                                   true);
        failure.connectionLevel = true;
        return failure;
    }
    case QNetworkReply::RemoteHostClosedError:
        return make(QStringLiteral("closed"),
                    headersSeen ? QStringLiteral("the server at %1 closed the connection in the "
                                                 "middle of the reply")
                                      .arg(url)
                                : QStringLiteral("the server at %1 closed the connection "
                                                 "before replying")
                                      .arg(url),
                    true);
    case QNetworkReply::SslHandshakeFailedError: {
        HttpFailure failure =
            make(QStringLiteral("tls"),
                 QStringLiteral("the TLS handshake with %1 failed; check the endpoint's scheme "
                                "and certificate")
                     .arg(url),
                 false);
        failure.stopsRun = true;
        return failure;
    }
    default:
        break;
    }
    if (error >= QNetworkReply::ProxyConnectionRefusedError &&
        error <= QNetworkReply::UnknownProxyError)
        return make(QStringLiteral("proxy"),
                    QStringLiteral("the proxy between here and %1 failed (Qt network error %2); "
                                   "check the http_proxy and no_proxy variables")
                        .arg(url)
                        .arg(int(error)),
                    true);
    return make(QStringLiteral("network"),
                QStringLiteral("the connection to %1 failed (Qt network error %2)")
                    .arg(url)
                    .arg(int(error)),
                true);
}

HttpFailure HttpFailure::status(int httpStatus, const QByteArray& body, const Context& context)
{
    const QString url = shown(context.endpoint);
    const QString text = serverText(body);
    HttpFailure failure;
    if (httpStatus == 429) {
        failure = make(QStringLiteral("rate-limited"),
                       QStringLiteral("the server at %1 is rate limiting (HTTP 429); lower "
                                      "concurrency or wait")
                           .arg(url),
                       true);
    } else if (httpStatus == 408) {
        failure = make(QStringLiteral("timeout"),
                       QStringLiteral("the server at %1 gave up waiting for the request "
                                      "(HTTP 408)")
                           .arg(url),
                       true);
    } else if (httpStatus >= 500) {
        failure = make(QStringLiteral("http-5xx"),
                       QStringLiteral("the server at %1 failed with HTTP %2: %3")
                           .arg(url)
                           .arg(httpStatus)
                           .arg(text),
                       true);
    } else if (httpStatus == 401 || httpStatus == 403) {
        // The server's words are left out: some echo part of the key they rejected.
        const QString hint =
            context.apiKeyEnv.isEmpty()
                ? QStringLiteral("set api_key_env to the name of the variable that holds the key")
                : QStringLiteral("check the key in the environment variable %1")
                      .arg(context.apiKeyEnv);
        failure = make(QStringLiteral("auth"),
                       QStringLiteral("the server at %1 refused the request (HTTP %2); %3")
                           .arg(url)
                           .arg(httpStatus)
                           .arg(hint),
                       false);
        failure.stopsRun = true;
    } else if ((httpStatus == 404 || httpStatus == 400) && mentionsUnknownModel(text)) {
        const QString how =
            context.protocol == WireProtocol::Ollama
                ? QStringLiteral("`ollama pull %1`").arg(context.model)
                : QStringLiteral("`probebench models --endpoint %1` lists what it serves").arg(url);
        failure = make(QStringLiteral("unknown-model"),
                       QStringLiteral("the server at %1 does not have the model '%2' (HTTP %3); %4")
                           .arg(url, context.model)
                           .arg(httpStatus)
                           .arg(how),
                       false);
        failure.stopsRun = true;
    } else if (httpStatus == 404 || httpStatus == 405) {
        const QString expected = context.protocol == WireProtocol::Ollama
                                     ? QStringLiteral("Ollama's protocol")
                                     : QStringLiteral("the OpenAI chat-completions protocol");
        failure = make(QStringLiteral("not-found"),
                       QStringLiteral("the server at %1 has no %2 (HTTP %3), so it does not "
                                      "speak %4 there; %5")
                           .arg(url, context.path)
                           .arg(httpStatus)
                           .arg(expected, otherProtocolHint(context)),
                       false);
        failure.stopsRun = true;
    } else {
        failure = make(httpStatus == 400 || httpStatus == 413 || httpStatus == 422
                           ? QStringLiteral("bad-request")
                           : QStringLiteral("http-4xx"),
                       QStringLiteral("the server at %1 rejected the request (HTTP %2): %3")
                           .arg(url)
                           .arg(httpStatus)
                           .arg(text),
                       false);
    }
    failure.httpStatus = httpStatus;
    failure.serverSaid = text;
    return failure;
}

QString HttpFailure::bodyStart(const QByteArray& body)
{
    const QString text = QString::fromUtf8(body.left(60)).simplified();
    return body.size() > 60 ? QString(text + QStringLiteral("...")) : text;
}

HttpFailure HttpFailure::notJson(const QByteArray& body, const Context& context)
{
    return wrongProtocol(QStringLiteral("the body is not JSON: %1").arg(bodyStart(body)), context);
}

HttpFailure HttpFailure::wrongProtocol(const QString& detail, const Context& context)
{
    const QString expected = context.protocol == WireProtocol::Ollama
                                 ? QStringLiteral("Ollama's protocol")
                                 : QStringLiteral("the OpenAI chat-completions protocol");
    return make(QStringLiteral("protocol"),
                QStringLiteral("the server at %1 answered %2, but not in %3 (%4); %5")
                    .arg(shown(context.endpoint), context.path, expected, detail,
                         otherProtocolHint(context)),
                true);
}

HttpFailure HttpFailure::malformed(const QString& detail, const Context& context)
{
    return make(QStringLiteral("malformed"),
                QStringLiteral("the reply from %1 to %2 is malformed: %3")
                    .arg(shown(context.endpoint), context.path, detail),
                true);
}

HttpFailure HttpFailure::deadline(bool replyStarted, const Context& context)
{
    const QString seconds = QString::number(context.timeoutMs / 1000.0);
    HttpFailure failure =
        replyStarted
            ? make(QStringLiteral("timeout"),
                   QStringLiteral("the reply from %1 was still arriving after %2 s, the "
                                  "timeout; raise timeout_seconds if the model is only slow")
                       .arg(shown(context.endpoint), seconds),
                   true)
            : make(QStringLiteral("timeout"),
                   QStringLiteral("no reply from %1 within %2 s; raise timeout_seconds or "
                                  "lower concurrency")
                       .arg(shown(context.endpoint), seconds),
                   true);
    // Like a refused connection, it counts toward the endpoint's death (see network()).
    failure.connectionLevel = true;
    return failure;
}

HttpFailure HttpFailure::tooLarge(qint64 maxBytes, const Context& context)
{
    // Not tried again: the same call would most likely bring the same flood.
    return make(QStringLiteral("reply-too-large"),
                QStringLiteral("the reply from %1 to %2 passed the %3 cap on a reply and was "
                               "dropped; no model reply is that long, so the server is "
                               "misbehaving")
                    .arg(shown(context.endpoint), context.path, byteSize(maxBytes)),
                false);
}

HttpFailure HttpFailure::redirected(int httpStatus, const QUrl& from, const QUrl& to,
                                    const Context& context)
{
    const QString target = to.isValid() && !to.isEmpty()
                               ? to.toDisplayString(QUrl::RemoveUserInfo)
                               : QStringLiteral("an address it did not give");
    HttpFailure failure =
        make(QStringLiteral("redirect"),
             QStringLiteral("the server at %1 redirected %2 to %3 (HTTP %4); redirects are not "
                            "followed, so that the calls and any API key go to the configured "
                            "endpoint only: if %3 is the right server, make it the endpoint")
                 .arg(shown(context.endpoint), from.toDisplayString(QUrl::RemoveUserInfo), target)
                 .arg(httpStatus),
             false);
    failure.httpStatus = httpStatus;
    failure.stopsRun = true; // every call goes to the same place
    return failure;
}

HttpFailure HttpFailure::unconfirmedMissingModel(const HttpFailure& chat404,
                                                 const QString& listPath, const QString& listDetail,
                                                 const Context& context)
{
    const QString said = chat404.serverSaid.isEmpty()
                             ? QString()
                             : QStringLiteral(" (the server said: \"%1\")").arg(chat404.serverSaid);
    const QString check =
        listDetail.isEmpty()
            ? QStringLiteral("though its model list (%1) has '%2'").arg(listPath, context.model)
            : QStringLiteral("and its model list (%1) could not be read to check for '%2': %3")
                  .arg(listPath, context.model, listDetail);
    HttpFailure failure = make(QStringLiteral("http-404"),
                               QStringLiteral("the server at %1 answered %2 with HTTP %3%4, %5")
                                   .arg(shown(context.endpoint), context.path)
                                   .arg(chat404.httpStatus)
                                   .arg(said, check),
                               true);
    failure.httpStatus = chat404.httpStatus;
    failure.serverSaid = chat404.serverSaid;
    return failure;
}

HttpFailure HttpFailure::cancelled()
{
    return make(QStringLiteral("cancelled"),
                QStringLiteral("the call was cancelled before a reply came"), false);
}

HttpFailure HttpFailure::serverError(const QString& serverText, const QString& instead,
                                     bool transient, const Context& context)
{
    return make(
        QStringLiteral("server-error"),
        QStringLiteral("the server at %1 reported an error instead of %2: %3")
            .arg(context.endpoint.toDisplayString(QUrl::RemoveUserInfo), instead, serverText),
        transient);
}

std::optional<HttpFailure> HttpFailure::fromReply(QNetworkReply* reply, const QByteArray& body,
                                                  const Context& context)
{
    const QVariant statusAttribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    const bool headersSeen = statusAttribute.isValid();
    const int httpStatus = statusAttribute.toInt();
    const QNetworkReply::NetworkError error = reply->error();
    // Codes below 200 are failures of the connection or the proxy; 2xx bodies cut short
    // land here too, as "closed in the middle of the reply".
    if (error != QNetworkReply::NoError && int(error) < 200)
        return network(error, headersSeen, context);
    // Requests are sent with the manual redirect policy: a 3xx reaches this point whole.
    if (headersSeen && httpStatus >= 300 && httpStatus < 400) {
        const QUrl to = reply->url().resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        return redirected(httpStatus, reply->url(), to, context);
    }
    if (headersSeen && (httpStatus < 200 || httpStatus >= 300)) {
        HttpFailure failure = status(httpStatus, body, context);
        bool isNumber = false;
        const int seconds = reply->rawHeader("Retry-After").trimmed().toInt(&isNumber);
        if (isNumber && seconds >= 0)
            failure.retryAfterMs = seconds * 1000;
        return failure;
    }
    if (error != QNetworkReply::NoError)
        return network(error, headersSeen, context);
    return std::nullopt;
}

QString HttpFailure::serverText(const QByteArray& body)
{
    QString text;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonObject object = doc.object();
        const QJsonValue error = object.value(QLatin1String("error"));
        if (error.isString())
            text = error.toString();
        else if (error.isObject())
            text = error.toObject().value(QLatin1String("message")).toString();
        if (text.isEmpty())
            text = object.value(QLatin1String("message")).toString();
        if (text.isEmpty())
            text = object.value(QLatin1String("detail")).toString();
    }
    if (text.isEmpty())
        text = QString::fromUtf8(body.left(400));
    text = text.simplified();
    if (text.size() > 200)
        text = text.left(197) + QStringLiteral("...");
    return text.isEmpty() ? QStringLiteral("no details in the reply") : text;
}

QString HttpFailure::byteSize(qint64 bytes)
{
    constexpr qint64 kib = 1024;
    if (bytes >= kib * kib && bytes % (kib * kib) == 0)
        return QStringLiteral("%1 MiB").arg(bytes / (kib * kib));
    if (bytes >= kib && bytes % kib == 0)
        return QStringLiteral("%1 KiB").arg(bytes / kib);
    return QStringLiteral("%1 bytes").arg(bytes);
}

bool HttpFailure::isLoopback(const QUrl& url)
{
    const QString host = url.host();
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace pb
