#include "FakeModelServer.h"

#include "FakeWire.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace pb::test {

using namespace wire;

namespace {

const QStringList kTutorialMarkers = {
    QStringLiteral("lol"),   QStringLiteral("u"),    QStringLiteral("pls"),  QStringLiteral("w"),
    QStringLiteral("whats"), QStringLiteral("cant"), QStringLiteral("wont"), QStringLiteral("hey")};

// Any of the words, as a whole word; a pattern that never matches for no words.
QRegularExpression markerPattern(const QStringList& words)
{
    QStringList escaped;
    for (const QString& word : words)
        escaped << QRegularExpression::escape(word);
    QRegularExpression pattern(
        escaped.isEmpty() ? QStringLiteral("(?!)")
                          : QStringLiteral("\\b(?:%1)\\b").arg(escaped.join(QLatin1Char('|'))));
    pattern.optimize();
    return pattern;
}

} // namespace

FakeModelServer::FakeModelServer(QObject* parent)
    : QObject(parent), m_marker(markerPattern(kTutorialMarkers))
{
    m_models.append(Model{QStringLiteral("fake-model:latest"), QString()});
    m_models.first().digest =
        QString::fromLatin1(sha256("fake:" + m_models.first().name.toUtf8()).toHex());
}

FakeModelServer::~FakeModelServer()
{
    for (auto& [socket, connection] : m_connections) {
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
}

bool FakeModelServer::listen(quint16 port)
{
    if (!m_server) {
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, &FakeModelServer::acceptConnections);
    }
    if (!m_server->listen(QHostAddress::LocalHost, port))
        return false;
    m_port = m_server->serverPort();
    return true;
}

QUrl FakeModelServer::ollamaUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port));
}

QUrl FakeModelServer::openAiUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port));
}

void FakeModelServer::addModel(const QString& name, const QString& digest)
{
    if (m_defaultModels) {
        m_models.clear();
        m_defaultModels = false;
    }
    m_models.append(Model{name, digest.isEmpty()
                                    ? QString::fromLatin1(sha256("fake:" + name.toUtf8()).toHex())
                                    : digest});
}

void FakeModelServer::removeModel(const QString& name)
{
    m_models.removeIf([&](const Model& model) { return model.name == name; });
    m_defaultModels = false;
}

void FakeModelServer::setRedirectTarget(const QUrl& base, bool redirectEveryRequest)
{
    m_redirectTarget = base;
    m_redirectAll = redirectEveryRequest;
}

void FakeModelServer::setMarker(const QStringList& words, int gap)
{
    m_marker = markerPattern(words);
    m_markerGap = gap;
}

void FakeModelServer::setRandomFaults(double rate, const QList<FakeFault>& kinds, quint64 seed)
{
    m_faultRate = rate;
    m_faultKinds = kinds;
    m_faultSeed = seed;
}

void FakeModelServer::stopAccepting()
{
    if (m_server)
        m_server->close();
}

bool FakeModelServer::resumeAccepting()
{
    if (!m_server || m_server->isListening())
        return true;
    return m_server->listen(QHostAddress::LocalHost, m_port);
}

QJsonObject FakeModelServer::stats() const
{
    int duplicates = 0;
    for (auto it = m_answered.begin(); it != m_answered.end(); ++it) {
        if (it.value() > 1)
            ++duplicates;
    }
    QJsonObject paths;
    for (auto it = m_pathCounts.begin(); it != m_pathCounts.end(); ++it)
        paths.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("chat_received"), m_chatReceived},
                       {QStringLiteral("chat_answered"), m_chatAnswered},
                       {QStringLiteral("distinct_calls_answered"), int(m_answered.size())},
                       {QStringLiteral("calls_answered_twice_or_more"), duplicates},
                       {QStringLiteral("max_concurrent_chats"), m_maxConcurrent},
                       {QStringLiteral("reported_input_tokens"), m_reportedInput},
                       {QStringLiteral("reported_output_tokens"), m_reportedOutput},
                       {QStringLiteral("requests_by_path"), paths}};
}

void FakeModelServer::acceptConnections()
{
    while (m_server->hasPendingConnections()) {
        QTcpSocket* socket = m_server->nextPendingConnection();
        socket->setParent(this);
        // Like Go's net/http (Ollama): no Nagle delay on small writes.
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_connections.emplace(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readSocket(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] { dropSocket(socket); });
        if (socket->bytesAvailable() > 0)
            readSocket(socket);
    }
}

void FakeModelServer::readSocket(QTcpSocket* socket)
{
    const auto it = m_connections.find(socket);
    if (it == m_connections.end())
        return;
    it->second.buffer.append(socket->readAll());
    if (it->second.busy)
        return; // one request at a time per connection; the rest waits in the buffer
    if (std::optional<Request> request = takeRequest(it->second)) {
        it->second.busy = true;
        route(socket, *request);
    }
}

void FakeModelServer::dropSocket(QTcpSocket* socket)
{
    if (m_connections.erase(socket) == 0)
        return;
    QList<quint64> orphaned;
    for (const auto& [id, exchange] : m_exchanges) {
        if (exchange.socket == socket || exchange.socket.isNull())
            orphaned.append(id);
    }
    for (quint64 id : orphaned)
        endExchange(id, false);
    socket->deleteLater();
}

std::optional<FakeModelServer::Request> FakeModelServer::takeRequest(Connection& connection)
{
    const qsizetype headerEnd = connection.buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return std::nullopt;
    const QList<QByteArray> lines = connection.buffer.left(headerEnd).split('\n');
    Request request;
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = QString::fromLatin1(requestLine.value(1));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            request.headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                                   lines.at(i).mid(colon + 1).trimmed());
    }
    const qsizetype length = request.headers.value("content-length", "0").toLongLong();
    if (connection.buffer.size() < headerEnd + 4 + length)
        return std::nullopt;
    request.body = connection.buffer.mid(headerEnd + 4, length);
    connection.buffer.remove(0, headerEnd + 4 + length);
    return request;
}

void FakeModelServer::route(QTcpSocket* socket, const Request& request)
{
    const bool keepAlive = request.headers.value("connection").toLower() != "close";
    m_pathCounts[request.path] += 1;
    const QByteArray authorization = request.headers.value("authorization");
    if (!authorization.isEmpty())
        m_authorizations.append(QString::fromLatin1(authorization));

    if (request.path.startsWith(QLatin1String("/v1/")) && !m_requiredKey.isEmpty() &&
        authorization != "Bearer " + m_requiredKey.toUtf8()) {
        // Real servers echo (part of) the key they reject; this one echoes all of it, so
        // tests can check that clients keep it out of their messages.
        respondNow(
            socket, keepAlive, 401,
            json({{QStringLiteral("error"),
                   QJsonObject{
                       {QStringLiteral("message"), QStringLiteral("Incorrect API key provided: %1")
                                                       .arg(QString::fromLatin1(authorization))},
                       {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                       {QStringLiteral("code"), QStringLiteral("invalid_api_key")}}}}));
        return;
    }
    if (m_redirectAll) {
        redirect(socket, request.path, keepAlive);
        return;
    }

    if (request.method == "GET" && request.path == QLatin1String("/api/version")) {
        respondNow(socket, keepAlive, 200,
                   json({{QStringLiteral("version"), QStringLiteral("0.0.0-fake")}}));
    } else if (request.method == "GET" && request.path == QLatin1String("/api/tags")) {
        respondNow(socket, keepAlive, 200, tagsBody());
    } else if (request.method == "POST" && request.path == QLatin1String("/api/show")) {
        const QJsonObject body = QJsonDocument::fromJson(request.body).object();
        QString name = body.value(QLatin1String("model")).toString();
        if (name.isEmpty())
            name = body.value(QLatin1String("name")).toString();
        if (!findModel(name)) {
            respondNow(socket, keepAlive, 404,
                       json({{QStringLiteral("error"),
                              QStringLiteral("model '%1' not found").arg(name)}}));
            return;
        }
        respondNow(socket, keepAlive, 200, showBody());
    } else if (request.method == "GET" && request.path == QLatin1String("/v1/models")) {
        respondNow(socket, keepAlive, 200, modelsBody());
    } else if (request.method == "GET" && request.path == QLatin1String("/_fake/stats")) {
        respondNow(socket, keepAlive, 200, json(stats()));
    } else if (request.method == "POST" && request.path == QLatin1String("/api/chat")) {
        startChat(socket, request, true, keepAlive);
    } else if (request.method == "POST" && request.path == QLatin1String("/v1/chat/completions")) {
        startChat(socket, request, false, keepAlive);
    } else if (request.method == "POST" && request.path == QLatin1String("/api/embed")) {
        answerEmbed(socket, request, true, keepAlive);
    } else if (request.method == "POST" && request.path == QLatin1String("/v1/embeddings")) {
        answerEmbed(socket, request, false, keepAlive);
    } else {
        respondNow(socket, keepAlive, 404, QByteArrayLiteral("404 page not found"),
                   QByteArrayLiteral("text/plain"));
    }
}

void FakeModelServer::startChat(QTcpSocket* socket, const Request& request, bool ollama,
                                bool keepAlive)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (!doc.isObject()) {
        respondNow(socket, keepAlive, 400,
                   json({{QStringLiteral("error"), QStringLiteral("invalid JSON body")}}));
        return;
    }
    const QJsonObject body = doc.object();
    m_lastChatBody = request.body;
    Exchange exchange;
    exchange.socket = socket;
    exchange.keepAlive = keepAlive;
    exchange.ollama = ollama;
    exchange.model = body.value(QLatin1String("model")).toString();
    const QJsonObject knobs = ollama ? body.value(QLatin1String("options")).toObject() : body;
    exchange.seed = knobs.value(QLatin1String("seed")).toInteger();
    exchange.temperature = knobs.value(QLatin1String("temperature")).toDouble();
    exchange.stream = ollama && body.value(QLatin1String("stream")).toBool(true);
    exchange.logprobs = body.value(QLatin1String("logprobs")).toBool(false);
    exchange.topLogprobs = body.value(QLatin1String("top_logprobs")).toInt(0);
    for (const QJsonValue& value : body.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = value.toObject();
        exchange.messages.append(ChatMessage{message.value(QLatin1String("role")).toString(),
                                             message.value(QLatin1String("content")).toString()});
    }
    exchange.key = callKey(exchange.model, exchange.seed, exchange.messages);

    const int receipt = m_received.value(exchange.key);
    m_received[exchange.key] = receipt + 1;
    ++m_chatReceived;
    m_logprobRequests += exchange.logprobs ? 1 : 0;
    if (droppedAsReused(socket))
        exchange.fault = FakeFault::Reset;
    else if (m_refusesLogprobs && exchange.logprobs && findModel(exchange.model))
        exchange.fault = FakeFault::LogprobsRefused;
    else
        exchange.fault =
            findModel(exchange.model) ? chooseFault(exchange, receipt) : FakeFault::UnknownModel;
    m_outcomes[exchange.key].append(exchange.fault);
    Q_EMIT chatReceived(exchange.key, exchange.fault);

    if (exchange.fault == FakeFault::Refuse || exchange.fault == FakeFault::Reset) {
        if (exchange.fault == FakeFault::Refuse) {
            stopAccepting();
            QTimer::singleShot(m_refuseMs, this, [this] { resumeAccepting(); });
        }
        socket->abort(); // dropSocket() forgets the connection
        return;
    }
    const quint64 id = m_nextExchange++;
    m_exchanges.emplace(id, std::move(exchange));
    m_maxConcurrent = std::max(m_maxConcurrent, ++m_currentChats);
    if (m_busySlots < m_slots)
        admit(id);
    else
        m_waitingForSlot.push_back(id);
}

bool FakeModelServer::droppedAsReused(QTcpSocket* socket) const
{
    const auto it = m_connections.find(socket);
    return m_dropReused && it != m_connections.end() && it->second.served > 0;
}

FakeFault FakeModelServer::chooseFault(const Exchange& exchange, int receipt)
{
    for (FakeFaultRule& rule : m_rules) {
        if (rule.times == 0)
            continue;
        if (rule.seed && *rule.seed != exchange.seed)
            continue;
        if (!rule.model.isEmpty() && rule.model != exchange.model)
            continue;
        if (!rule.messageContains.isEmpty()) {
            bool found = false;
            for (const ChatMessage& message : exchange.messages)
                found = found || message.content.contains(rule.messageContains);
            if (!found)
                continue;
        }
        if (rule.times > 0)
            --rule.times;
        return rule.fault;
    }
    if (m_faultRate <= 0.0 || m_faultKinds.isEmpty())
        return FakeFault::None;
    const QByteArray hash = sha256(QByteArray::number(m_faultSeed) + '|' + exchange.key.toLatin1() +
                                   '|' + QByteArray::number(receipt));
    if (uniformFrom(hash, 0) >= m_faultRate)
        return FakeFault::None;
    const int pick = int(uniformFrom(hash, 8) * m_faultKinds.size());
    return m_faultKinds.at(std::min(pick, int(m_faultKinds.size()) - 1));
}

void FakeModelServer::admit(quint64 id)
{
    auto it = m_exchanges.find(id);
    if (it == m_exchanges.end())
        return;
    it->second.holdsSlot = true;
    ++m_busySlots;
    if (it->second.fault == FakeFault::Stall)
        return; // holds its slot until the client hangs up
    // The latency runs from here: the reply is built inside it, so the server's own work
    // does not add to the latency a benchmark divides by.
    QTimer::singleShot(m_latencyMs, Qt::PreciseTimer, this, [this, id] { respond(id); });
    it->second.body = okBody(it->second);
}

void FakeModelServer::respond(quint64 id)
{
    auto it = m_exchanges.find(id);
    if (it == m_exchanges.end())
        return;
    Exchange& exchange = it->second;
    QTcpSocket* socket = exchange.socket;
    if (!socket) {
        endExchange(id, false);
        return;
    }
    if (respondHostile(id))
        return;
    const QByteArray good = exchange.body.isEmpty() ? okBody(exchange) : exchange.body;
    switch (exchange.fault) {
    case FakeFault::None:
        if (exchange.stream) {
            socket->write(
                statusLine(200) +
                "Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n" +
                (exchange.keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n") +
                "\r\n");
            const QList<QByteArray> lines = good.split('\n');
            for (const QByteArray& line : lines) {
                if (line.isEmpty())
                    continue;
                // Each line goes out in two pieces, so clients see lines split across reads.
                const QByteArray withNewline = line + '\n';
                const qsizetype half = withNewline.size() / 2;
                exchange.pieces.append(chunk(withNewline.left(half)));
                exchange.pieces.append(chunk(withNewline.mid(half)));
            }
            exchange.pieces.append(QByteArrayLiteral("0\r\n\r\n"));
            writeNextPiece(id);
            return;
        }
        respondNow(socket, exchange.keepAlive, 200, good);
        endExchange(id, true);
        return;
    case FakeFault::Http500:
        respondNow(
            socket, exchange.keepAlive, 500,
            json({{QStringLiteral("error"), QStringLiteral("fake: injected server error")}}));
        break;
    case FakeFault::Http429:
        respondNow(socket, exchange.keepAlive, 429,
                   json({{QStringLiteral("error"), QStringLiteral("fake: slow down")}}),
                   QByteArrayLiteral("application/json"), QByteArrayLiteral("Retry-After: 0\r\n"));
        break;
    case FakeFault::UnknownModel:
        respondNow(socket, exchange.keepAlive, 404, notFoundBody(exchange));
        break;
    case FakeFault::LogprobsRefused: {
        // OpenAI's invalid-request shape, as OpenAI-compatible servers that lack the
        // feature send it; Ollama's flat {"error": "..."}.
        const QString why = QStringLiteral("logprobs is not supported by this model");
        respondNow(socket, exchange.keepAlive, 400,
                   exchange.ollama
                       ? json({{QStringLiteral("error"), why}})
                       : json({{QStringLiteral("error"),
                                QJsonObject{{QStringLiteral("message"), why},
                                            {QStringLiteral("type"),
                                             QStringLiteral("invalid_request_error")},
                                            {QStringLiteral("param"), QStringLiteral("logprobs")},
                                            {QStringLiteral("code"), QJsonValue()}}}}));
        break;
    }
    case FakeFault::Malformed:
        respondNow(socket, exchange.keepAlive, 200,
                   good.left(good.size() / 2) + (exchange.stream ? "\n" : ""),
                   exchange.stream ? QByteArrayLiteral("application/x-ndjson")
                                   : QByteArrayLiteral("application/json"));
        break;
    case FakeFault::WrongProtocol: {
        Exchange other = exchange;
        other.ollama = !exchange.ollama;
        other.stream = false;
        respondNow(socket, exchange.keepAlive, 200, okBody(other));
        break;
    }
    case FakeFault::CloseMidBody: {
        socket->write(statusLine(200) + "Content-Type: application/json\r\nContent-Length: " +
                      QByteArray::number(good.size()) + "\r\n\r\n" + good.left(good.size() / 2));
        socket->flush();
        const QPointer<QTcpSocket> guard = socket;
        endExchange(id, false);
        if (guard)
            guard->disconnectFromHost();
        return;
    }
    case FakeFault::Stall:
    case FakeFault::Refuse:
    case FakeFault::Reset:
        return;
    case FakeFault::Trickle: // respondHostile() answered these
    case FakeFault::Endless:
    case FakeFault::Oversized:
    case FakeFault::Redirect:
    case FakeFault::NotDone:
    case FakeFault::DoneAsText:
    case FakeFault::CountAsText:
    case FakeFault::CountNegative:
    case FakeFault::CountHuge:
        return;
    }
    endExchange(id, false);
}

void FakeModelServer::writeNextPiece(quint64 id)
{
    auto it = m_exchanges.find(id);
    if (it == m_exchanges.end())
        return;
    Exchange& exchange = it->second;
    if (!exchange.socket) {
        endExchange(id, false);
        return;
    }
    exchange.socket->write(exchange.pieces.takeFirst());
    exchange.socket->flush();
    // Counted as answered as the last piece leaves, before the client can see it.
    if (exchange.pieces.isEmpty())
        endExchange(id, true);
    else
        QTimer::singleShot(m_pieceDelayMs, this, [this, id] { writeNextPiece(id); });
}

void FakeModelServer::endExchange(quint64 id, bool answered)
{
    auto node = m_exchanges.extract(id);
    if (node.empty())
        return;
    Exchange& exchange = node.mapped();
    --m_currentChats;
    std::erase(m_waitingForSlot, id);
    if (answered) {
        // What this reply said it used, as a client reads it from the bytes sent.
        QList<QByteArray> lines =
            (exchange.body.isEmpty() ? okBody(exchange) : exchange.body).split('\n');
        while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
            lines.removeLast();
        const QJsonObject last =
            lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last()).object();
        const QJsonObject usage = last.value(QLatin1String("usage")).toObject();
        m_reportedInput += exchange.ollama
                               ? last.value(QLatin1String("prompt_eval_count")).toInteger()
                               : usage.value(QLatin1String("prompt_tokens")).toInteger();
        m_reportedOutput += exchange.ollama
                                ? last.value(QLatin1String("eval_count")).toInteger()
                                : usage.value(QLatin1String("completion_tokens")).toInteger();
        ++m_chatAnswered;
        m_answered[exchange.key] += 1;
        if (m_digestChangeAfter > 0 && m_chatAnswered == m_digestChangeAfter) {
            for (Model& model : m_models)
                model.digest = QString::fromLatin1(
                    sha256((model.digest + QStringLiteral(":changed")).toUtf8()).toHex());
        }
    }
    if (exchange.holdsSlot) {
        --m_busySlots;
        while (m_busySlots < m_slots && !m_waitingForSlot.empty()) {
            const quint64 next = m_waitingForSlot.front();
            m_waitingForSlot.pop_front();
            admit(next);
        }
    }
    if (exchange.socket && exchange.fault != FakeFault::CloseMidBody)
        connectionIdle(exchange.socket, exchange.keepAlive);
}

void FakeModelServer::respondNow(QTcpSocket* socket, bool keepAlive, int status,
                                 const QByteArray& body, const QByteArray& contentType,
                                 const QByteArray& extraHeaders)
{
    socket->write(statusLine(status) + "Content-Type: " + contentType +
                  "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" +
                  (keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n") +
                  extraHeaders + "\r\n" + body);
    socket->flush();
    // Chat exchanges end through endExchange(), which marks the connection idle.
    bool chat = false;
    for (const auto& [id, exchange] : m_exchanges)
        chat = chat || exchange.socket == socket;
    if (!chat)
        connectionIdle(socket, keepAlive);
}

void FakeModelServer::connectionIdle(QTcpSocket* socket, bool keepAlive)
{
    const auto it = m_connections.find(socket);
    if (it == m_connections.end())
        return;
    it->second.busy = false;
    ++it->second.served;
    if (!keepAlive) {
        socket->disconnectFromHost();
        return;
    }
    if (!it->second.buffer.isEmpty()) {
        QPointer<QTcpSocket> guard = socket;
        QTimer::singleShot(0, this, [this, guard] {
            if (guard)
                readSocket(guard);
        });
    }
}

} // namespace pb::test
