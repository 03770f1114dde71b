#pragma once

#include "run/CallRequest.h"

#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <deque>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

class QTcpServer;
class QTcpSocket;

namespace pb::test {

// What the fake server does to one chat request instead of answering it.
enum class FakeFault
{
    None,
    Refuse,        // drop the connection and stop accepting new ones for refuseMs
    Reset,         // drop the connection without a word
    Http500,       // HTTP 500 with an error body
    Http429,       // HTTP 429 with Retry-After: 0
    UnknownModel,  // HTTP 404, the protocol's "model not found"
    Malformed,     // HTTP 200 whose JSON is cut off
    WrongProtocol, // HTTP 200 in the other protocol's shape
    Stall,         // never answer (until the client gives up)
    CloseMidBody,  // headers and half the body, then close
    // Hostile servers (FakeHostileReplies.cpp):
    Trickle,       // HTTP 200, then one small chunk every trickleMs, never ending
    Endless,       // HTTP 200, then 1 MB chunks for as long as the client reads them
    Oversized,     // a whole, valid reply whose text is oversizeBytes long
    Redirect,      // HTTP 307 to the same path on redirectTarget()
    NotDone,       // a reply whose "done" is false (Ollama; OpenAI replies are unchanged)
    DoneAsText,    // a reply whose "done" is "yes" (Ollama; OpenAI replies are unchanged)
    CountAsText,   // eval_count (Ollama) or usage.completion_tokens (OpenAI) is "many"
    CountNegative, // the same count is -5
    CountHuge,     // the same count is 10^12, beyond any context window
    // A server that does not do log probabilities and says so (setRefusesLogprobs):
    LogprobsRefused // HTTP 400 naming the logprobs field, for a request that asks for them
};

// What the fake server does to embedding requests (/api/embed, /v1/embeddings).
enum class FakeEmbedFault
{
    None,
    Refused,    // HTTP 400 with the body llama-server sends without --pooling mean
    JunkVector, // HTTP 200 whose vector holds a string where a number belongs
    WrongDims,  // HTTP 200 whose vector has one dimension more than the others
    Canned      // HTTP 200 with the canned body (setCannedEmbedBody), e.g. a captured reply
};

// Chat requests matching every set field get `fault`, the first `times` of them
// (-1: all). Rules are tried in the order they were added.
struct FakeFaultRule
{
    FakeFault fault = FakeFault::None;
    QString messageContains; // in any message's content
    std::optional<qint64> seed;
    QString model;
    int times = -1;
};

// An HTTP/1.1 model server on 127.0.0.1 for tests and benchmarks. It speaks Ollama
// (/api/chat streamed and not, /api/tags, /api/show, /api/version) and OpenAI
// (/v1/chat/completions, /v1/models), with keep-alive and Content-Length (streamed
// replies are chunked). Its replies are a deterministic function of (model, seed,
// temperature, messages): "Here is what I would try:" and a number of "k. Step k." lines,
// 4 + 1.5 * z * temperature with z a hash-derived normal deviate, and `markerGap` fewer
// when a message contains one of the marker words (default: the tutorial's casual
// markers), so a probe against it has a planted effect to find.
//
// Latency, parallel slots (requests beyond them wait their turn) and faults are set per
// server; random faults are drawn from a hash of (fault seed, call, how many times this
// call was received), so they do not depend on the order requests arrive in. Every chat
// request is counted per call key, so tests can check that nothing was answered twice.
// Hostile faults (a trickle, an endless stream, an oversized reply, a redirect, wrong JSON
// types, connections dropped on reuse) test that clients bound what they accept.
// Lives on one thread and needs its event loop.
class FakeModelServer : public QObject
{
    Q_OBJECT
public:
    explicit FakeModelServer(QObject* parent = nullptr);
    ~FakeModelServer() override;

    bool listen(quint16 port = 0);
    quint16 port() const { return m_port; }
    QUrl ollamaUrl() const; // http://127.0.0.1:port
    QUrl openAiUrl() const; // http://127.0.0.1:port/v1

    // The first call replaces the default model "fake-model:latest". An empty digest is
    // derived from the name.
    void addModel(const QString& name, const QString& digest = QString());
    void setLatencyMs(int ms) { m_latencyMs = ms; }
    void setSlots(int slots) { m_slots = qMax(1, slots); }
    void setStreamPieceDelayMs(int ms) { m_pieceDelayMs = ms; }
    void setRequiredApiKey(const QString& key) { m_requiredKey = key; } // /v1 routes only
    void setMarker(const QStringList& words, int gap);
    void setMarkerGap(int gap) { m_markerGap = gap; }
    void addFaultRule(const FakeFaultRule& rule) { m_rules.append(rule); }
    void setRandomFaults(double rate, const QList<FakeFault>& kinds, quint64 seed);
    void setRefuseMs(int ms) { m_refuseMs = ms; }
    // Every chat request asking for log probabilities gets LogprobsRefused (HTTP 400 in the
    // protocol's error shape); requests without them are answered as usual.
    void setRefusesLogprobs(bool refuses) { m_refusesLogprobs = refuses; }
    int logprobRequestsReceived() const { return m_logprobRequests; }
    // After this many chat replies, every model's digest changes (0: never).
    void setDigestChangeAfter(int answeredChats) { m_digestChangeAfter = answeredChats; }
    void removeModel(const QString& name);
    void setTrickleMs(int ms) { m_trickleMs = qMax(1, ms); }
    void setOversizeBytes(qint64 bytes) { m_oversizeBytes = bytes; }
    // Where Redirect sends a request: the same path under this base URL. With
    // redirectEveryRequest, every request (metadata too) is redirected there.
    void setRedirectTarget(const QUrl& base, bool redirectEveryRequest = false);
    // A chat request that arrives on a connection that has already served a request is read,
    // counted and dropped unanswered, as by a server whose keep-alive ran out just as the
    // request came; Qt then sends it again, on its own, on a new connection.
    void setDropReusedConnections(bool drop) { m_dropReused = drop; }
    void stopAccepting();
    bool resumeAccepting();
    // Choice answers (FakeChoiceReplies.cpp): every chat reply is one of `candidates`, drawn
    // from choiceProbabilities(); with `logprobs`, a request that asks for them ("logprobs":
    // true) gets them in its protocol's shape, as Ollama 0.12.11+ and llama.cpp send them;
    // without, the fields are ignored, as by an older server.
    void setChoiceAnswers(const QStringList& candidates, bool logprobs);
    // Embeddings (FakeEmbedReplies.cpp): POST /api/embed answers in Ollama's documented shape
    // {"model", "embeddings": [[...]], "total_duration", "load_duration", "prompt_eval_count"},
    // POST /v1/embeddings in llama-server's {"model", "object": "list", "usage", "data":
    // [{"embedding", "index", "object"}]}, one vector per input: StandInEmbedding's vector of
    // the input text, so a test knows what arrived. An unknown model gets the protocol's 404.
    // `fault` applies to the embedding requests whose input contains `inputContains` (empty:
    // every one).
    void setEmbedFault(FakeEmbedFault fault, const QString& inputContains = QString())
    {
        m_embedFault = fault;
        m_embedFaultInput = inputContains;
    }
    void setCannedEmbedBody(const QByteArray& body) { m_cannedEmbedBody = body; }
    int embedRequestsReceived() const { return m_embedReceived; }
    QByteArray lastEmbedBody() const { return m_lastEmbedBody; }
    // Every chat reply (not streamed) is exactly these bytes, e.g. a captured real reply.
    void setCannedChatBody(const QByteArray& body) { m_cannedBody = body; }
    // The body of the last chat request received.
    QByteArray lastChatBody() const { return m_lastChatBody; }
    // The probabilities over the candidates, then over the off-list token "Maybe", that a
    // choice answer to this call is drawn from: a hash of the call, with the first
    // candidate's share cut by a factor (1 + markerGap) when a message has a marker word.
    std::vector<double> choiceProbabilities(const QString& model, qint64 seed,
                                            const QList<ChatMessage>& messages) const;

    QString replyFor(const QString& model, qint64 seed, double temperature,
                     const QList<ChatMessage>& messages) const;
    int stepsFor(const QString& model, qint64 seed, double temperature,
                 const QList<ChatMessage>& messages) const;
    // The identity of a call, as counted: hex hash of (model, seed, messages).
    static QString callKey(const QString& model, qint64 seed, const QList<ChatMessage>& messages);
    QString digestOf(const QString& model) const;
    QString defaultModel() const { return m_models.isEmpty() ? QString() : m_models.first().name; }

    // The token counts the server put in its answered replies (read back from the bytes it
    // sent: prompt_eval_count / eval_count, or usage.prompt_tokens / completion_tokens), summed.
    // Its counts are words (runs of non-space characters): of every message sent for the
    // input, of the reply for the output; a choice reply reports fixed small counts.
    qint64 reportedInputTokens() const { return m_reportedInput; }
    qint64 reportedOutputTokens() const { return m_reportedOutput; }
    static qint64 wordsIn(const QString& text);

    int chatRequestsReceived() const { return m_chatReceived; }
    int chatRepliesAnswered() const { return m_chatAnswered; }
    int receivedFor(const QString& key) const { return m_received.value(key); }
    int answeredFor(const QString& key) const { return m_answered.value(key); }
    const QHash<QString, int>& answeredCounts() const { return m_answered; }
    // What happened to each receipt of a call, in order (None = answered).
    QList<FakeFault> outcomesFor(const QString& key) const { return m_outcomes.value(key); }
    int maxConcurrentChats() const { return m_maxConcurrent; }
    int requestsTo(const QString& path) const { return m_pathCounts.value(path); }
    QStringList authorizationsSeen() const { return m_authorizations; }
    // Body bytes the Trickle and Endless replies got onto the wire before the client hung up.
    qint64 hostileBytesWritten() const { return m_hostileBytes; }
    QJsonObject stats() const;

    static QString faultName(FakeFault fault);
    static std::optional<FakeFault> parseFault(const QString& name);

Q_SIGNALS:
    void chatReceived(const QString& key, pb::test::FakeFault fault);

private:
    struct Model
    {
        QString name;
        QString digest;
    };
    struct Request
    {
        QByteArray method;
        QString path;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
    };
    struct Connection
    {
        QByteArray buffer;
        bool busy = false;
        int served = 0; // requests answered on this connection
    };
    struct Exchange
    {
        QPointer<QTcpSocket> socket;
        bool keepAlive = true;
        bool ollama = true;
        bool stream = false;
        bool logprobs = false;
        int topLogprobs = 0;
        QString model;
        qint64 seed = 0;
        double temperature = 0.0;
        QList<ChatMessage> messages;
        QString key;
        FakeFault fault = FakeFault::None;
        bool holdsSlot = false;
        QList<QByteArray> pieces; // streamed chunks still to write
        QByteArray body;          // the good reply, built while the latency runs
    };

    void acceptConnections();
    void readSocket(QTcpSocket* socket);
    void dropSocket(QTcpSocket* socket);
    std::optional<Request> takeRequest(Connection& connection);
    void route(QTcpSocket* socket, const Request& request);
    void startChat(QTcpSocket* socket, const Request& request, bool ollama, bool keepAlive);
    FakeFault chooseFault(const Exchange& exchange, int receipt);
    void admit(quint64 id);
    void respond(quint64 id);
    void writeNextPiece(quint64 id);
    void endExchange(quint64 id, bool answered);
    void respondNow(QTcpSocket* socket, bool keepAlive, int status, const QByteArray& body,
                    const QByteArray& contentType = QByteArrayLiteral("application/json"),
                    const QByteArray& extraHeaders = QByteArray());
    void connectionIdle(QTcpSocket* socket, bool keepAlive);
    bool droppedAsReused(QTcpSocket* socket) const;
    QByteArray okBody(const Exchange& exchange) const;
    QByteArray notFoundBody(const Exchange& exchange) const;
    QByteArray tagsBody() const;
    QByteArray showBody() const;
    QByteArray modelsBody() const;
    const Model* findModel(const QString& name) const;
    // The hostile faults; respondHostile() returns false for the others.
    bool respondHostile(quint64 id);
    void trickle(quint64 id);
    void writeEndless(quint64 id);
    void redirect(QTcpSocket* socket, const QString& path, bool keepAlive);
    QByteArray patchedBody(const Exchange& exchange) const;
    QByteArray choiceBody(const Exchange& exchange) const;
    void answerEmbed(QTcpSocket* socket, const Request& request, bool ollama, bool keepAlive);

    QTcpServer* m_server = nullptr;
    quint16 m_port = 0;
    QList<Model> m_models;
    bool m_defaultModels = true;
    int m_latencyMs = 0;
    int m_slots = 64;
    int m_pieceDelayMs = 1;
    int m_refuseMs = 150;
    bool m_refusesLogprobs = false;
    int m_logprobRequests = 0;
    QString m_requiredKey;
    // Compiled once: compiling per request cost the server more than the benchmark's budget.
    QRegularExpression m_marker;
    int m_markerGap = 1;
    QList<FakeFaultRule> m_rules;
    double m_faultRate = 0.0;
    QList<FakeFault> m_faultKinds;
    quint64 m_faultSeed = 0;
    int m_digestChangeAfter = 0;
    int m_trickleMs = 1000;
    qint64 m_oversizeBytes = 9 * 1024 * 1024;
    QUrl m_redirectTarget;
    bool m_redirectAll = false;
    bool m_dropReused = false;
    qint64 m_hostileBytes = 0;
    QStringList m_choiceCandidates;
    bool m_choiceLogprobs = false;
    QByteArray m_cannedBody;
    FakeEmbedFault m_embedFault = FakeEmbedFault::None;
    QString m_embedFaultInput;
    QByteArray m_cannedEmbedBody;
    QByteArray m_lastEmbedBody;
    int m_embedReceived = 0;
    QByteArray m_lastChatBody;

    std::unordered_map<QTcpSocket*, Connection> m_connections;
    std::map<quint64, Exchange> m_exchanges;
    std::deque<quint64> m_waitingForSlot;
    quint64 m_nextExchange = 0;
    int m_busySlots = 0;
    int m_currentChats = 0;
    int m_maxConcurrent = 0;
    int m_chatReceived = 0;
    int m_chatAnswered = 0;
    qint64 m_reportedInput = 0;
    qint64 m_reportedOutput = 0;
    QHash<QString, int> m_received;
    QHash<QString, int> m_answered;
    QHash<QString, QList<FakeFault>> m_outcomes;
    QHash<QString, int> m_pathCounts;
    QStringList m_authorizations;
};

} // namespace pb::test

Q_DECLARE_METATYPE(pb::test::FakeFault)
