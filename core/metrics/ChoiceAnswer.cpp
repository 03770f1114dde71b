#include "metrics/ChoiceAnswer.h"

#include "probe/JsonPath.h"

#include <QHash>

namespace pb {

namespace {

bool isWrapping(QChar c)
{
    static const QString wrapping = QStringLiteral(".,;:!?\"'`*()[]");
    return c.isSpace() || wrapping.contains(c);
}

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

} // namespace

QString ChoiceAnswer::normalised(const QString& text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && isWrapping(text[begin]))
        ++begin;
    while (end > begin && isWrapping(text[end - 1]))
        --end;
    return text.mid(begin, end - begin).toCaseFolded();
}

int ChoiceAnswer::match(const QStringList& candidates, const QString& text)
{
    const QString wanted = normalised(text);
    if (wanted.isEmpty())
        return -1;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        if (normalised(candidates[i]) == wanted)
            return int(i);
    }
    return -1;
}

QList<ProbeProblem> ChoiceAnswer::validate(const MetricSpec& spec, const QString& basePath)
{
    QList<ProbeProblem> problems;
    const QString candidatesPath = JsonPath::member(basePath, QStringLiteral("candidates"));
    if (spec.candidates.isEmpty()) {
        problems << ProbeProblem::error(
            candidatesPath, QStringLiteral("missing: a choice probe lists the answers it allows, "
                                           "e.g. [\"yes\", \"no\"]"));
    }
    QHash<QString, qsizetype> seen;
    for (qsizetype i = 0; i < spec.candidates.size(); ++i) {
        const QString path = JsonPath::element(candidatesPath, i);
        const QString key = normalised(spec.candidates[i]);
        if (key.isEmpty()) {
            problems << ProbeProblem::error(
                path, QStringLiteral("is empty (or only spaces and punctuation)"));
        } else if (spec.candidates[i].size() > kMaxCandidateChars) {
            problems << ProbeProblem::error(
                path, QStringLiteral("is longer than %1 characters: a candidate is a short "
                                     "answer such as \"yes\" or \"B\"")
                          .arg(kMaxCandidateChars));
        } else if (seen.contains(key)) {
            problems << ProbeProblem::error(
                path, QStringLiteral("reads the same as candidates[%1] (%2): candidates are "
                                     "compared ignoring case, spaces and wrapping punctuation")
                          .arg(seen.value(key))
                          .arg(quoted(spec.candidates[seen.value(key)])));
        } else {
            seen.insert(key, i);
        }
    }
    if (!spec.candidates.isEmpty() && spec.candidates.size() < 2) {
        problems << ProbeProblem::error(candidatesPath,
                                        QStringLiteral("needs at least two candidates"));
    }
    if (spec.candidates.size() > kMaxCandidates) {
        problems << ProbeProblem::error(candidatesPath,
                                        QStringLiteral("has %1 candidates; at most %2")
                                            .arg(spec.candidates.size())
                                            .arg(kMaxCandidates));
    }
    if (spec.topLogprobs < 1 || spec.topLogprobs > kMaxTopLogprobs) {
        problems << ProbeProblem::error(
            JsonPath::member(basePath, QStringLiteral("top_logprobs")),
            QStringLiteral("must be a whole number from 1 to %1").arg(kMaxTopLogprobs));
    } else if (spec.topLogprobs < spec.candidates.size()) {
        problems << ProbeProblem::warning(
            JsonPath::member(basePath, QStringLiteral("top_logprobs")),
            QStringLiteral("is smaller than the number of candidates, so a candidate the model "
                           "finds unlikely may not be listed and counts as probability 0"));
    }
    return problems;
}

QString ChoiceAnswer::definition(const MetricSpec& spec)
{
    QStringList listed;
    for (const QString& c : spec.candidates)
        listed << quoted(c);
    return quoted(spec.name) +
           QStringLiteral(
               " (choice): the distribution of each reply over the candidates %1. Where the "
               "server gives log probabilities (asked for with top_logprobs %2), it is read from "
               "the alternatives listed for the first token of the reply that is not blank (the "
               "sampled token included when it is not among them): each alternative that "
               "matches a candidate adds its probability to that candidate, the total is "
               "renormalised over the candidates, and the probability left outside them is "
               "recorded as the outside mass. Where the server gives none, the reply itself is "
               "read as a candidate and the distribution is the frequency of each candidate "
               "over the seeds (sampled frequencies); a reply that is no candidate is outside "
               "mass. A text matches a candidate when both, trimmed of spaces and of wrapping "
               "punctuation (. , ; : ! ? quotes, backquote, * and brackets), are equal ignoring "
               "case. Distributions under two values are compared by their Jensen-Shannon "
               "divergence in bits (0: the same, 1: no answer in common).")
               .arg(listed.join(QStringLiteral(", ")))
               .arg(spec.topLogprobs);
}

} // namespace pb
