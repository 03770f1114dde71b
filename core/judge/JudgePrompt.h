#pragma once

#include "judge/JudgeProbeDocument.h"
#include "run/CallRequest.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// The words of a judge call: the rubric and the output rules in the system prompt, the
// artifact alone in the user message (inside <answer> tags, or <response_a>/<response_b>
// for a pairwise item, after the <question> when there is one), and, after output that does
// not validate, a follow-up naming what was wrong.
class JudgePrompt
{
public:
    static QString systemPrompt(const Rubric& rubric, const JudgeConfig& judge, bool pairwise);
    static QString userMessage(const JudgeVariant& variant, bool pairwise);
    static QList<ChatMessage> messages(const Rubric& rubric, const JudgeConfig& judge,
                                       const JudgeVariant& variant, bool pairwise);
    // Sent as a user message after the judge's own reply when that reply did not validate.
    static QString feedback(const QStringList& errors, const Rubric& rubric, bool pairwise,
                            bool requireEvidence);

    // The artifact inside <answer>...</answer> of a judge user message (the stand-in judge
    // reads it back); nothing when the message has no such tags.
    static std::optional<QString> answerIn(const QString& userMessage);
    // The rubric as systemPrompt wrote it (ids, names, weights, descriptions and, on the
    // levels scale, the four descriptors), read back so the stand-in judge grades from what
    // a real model is sent; nothing when the prompt has no RUBRIC section. Title and
    // artifact type are not in the prompt and come back empty.
    static std::optional<Rubric> rubricIn(const QString& systemPrompt);
};

} // namespace pb
