#pragma once

#include "probe/BackendSettings.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

struct ChatMessage
{
    QString role; // "system" | "user" | "assistant"
    QString content;
};

// Which part of the design a call belongs to.
enum class CallArm
{
    Probe, // one attribute value of one item
    Noise  // value A again, on the shifted seed block (same-versus-same)
};

// One call to a model: a fresh context, fully specified. The backend must send exactly
// this and nothing remembered from earlier calls.
struct CallRequest
{
    quint64 callIndex = 0; // position in the run's plan; stable across resumes
    int itemIndex = 0;
    QString itemId;
    QString variant; // the attribute value, or the noise label ("formal again")
    CallArm arm = CallArm::Probe;
    qint64 seed = 0;
    double temperature = 0.0;
    QString model;
    QList<ChatMessage> messages;
    QString prompt; // the messages flattened as logged (for prepend: the one user message)
    std::optional<int> maxTokens;
    std::optional<int> contextLength;
    QString keepAlive;
    bool stream = false;
    double timeoutSeconds = 120.0;
    double plantedGap = 1.0; // read only by the stand-in
    // A JSON schema the reply must follow (structured output); empty = free text. Sent as
    // Ollama's "format" and as OpenAI's response_format {"type": "json_schema"}.
    QJsonObject responseSchema;
    // A choice task's call: with topLogprobs > 0 the server is asked for the log probabilities
    // of that many alternatives per token (Ollama and OpenAI "logprobs" / "top_logprobs"); a
    // server that ignores the fields still answers, and the reply is read as text instead.
    int topLogprobs = 0;
    QStringList candidates; // read only by the stand-in, which answers over these
    int valueIndex = 0;     // the attribute value's place (0 = A; the noise arm is A); stand-in
    // A generative probe's second request of a cell: not a chat call but the embedding of
    // embedInput (the chat reply) by `model`, the embedding model (Ollama /api/embed, OpenAI
    // /v1/embeddings). Sent with the same callIndex, as the cell's follow-up.
    bool embedding = false;
    QString embedInput;
    // The stand-in's bias knob (standin/StandInBias): plantedOnValueB plants plantedGap on the
    // calls of value B alone, whatever their words (a probe of several axes plants one axis's
    // counterfactual); without it the stand-in plants as the tutorial does. noiseScale scales
    // its sampling noise (1: the tutorial's). Read only by the stand-in.
    bool plantedOnValueB = false;
    double noiseScale = 1.0;

    // Takes the model, temperature, limits and timeout every call of a run holds fixed.
    void sampleWith(const BackendSettings& settings)
    {
        temperature = settings.temperature;
        model = settings.effectiveModel();
        maxTokens = settings.maxTokens;
        contextLength = settings.contextLength;
        keepAlive = settings.keepAlive;
        timeoutSeconds = settings.timeoutSeconds;
    }
};

// "system: ...\n\nuser: ..." as the run log shows a conversation.
QString loggedConversation(const QList<ChatMessage>& messages);

} // namespace pb

Q_DECLARE_METATYPE(pb::CallRequest)
