#pragma once

#include "judge/Rubric.h"

#include <QJsonObject>
#include <QString>

namespace pb {

// The structured output a judge call forces: {"criteria": [{"id", <verdict>, "evidence"}]},
// one entry per criterion, where <verdict> is "level" (1-4), "verdict" ("pass"/"fail") or, in
// a pairwise prompt, "winner" ("A"/"B"). Sent as Ollama's "format" and OpenAI's
// response_format; JudgeReplyReader checks the same rules, so a server that ignores the
// schema still cannot slip a malformed verdict through.
class JudgeSchema
{
public:
    static QJsonObject build(const Rubric& rubric, bool pairwise, bool requireEvidence);
    // The key that carries the verdict: "level", "verdict" or "winner".
    static QString verdictKey(const Rubric& rubric, bool pairwise);
    // How the verdict is written, for prompts and error messages: "1, 2, 3 or 4", ...
    static QString verdictChoices(const Rubric& rubric, bool pairwise);
};

} // namespace pb
