#include "metrics/Metric.h"

#include "metrics/ChoiceAnswer.h"
#include "metrics/EmbeddingMetric.h"
#include "metrics/JsonFieldMetric.h"
#include "metrics/RegexCount.h"
#include "metrics/StepCount.h"
#include "metrics/WordCount.h"
#include "probe/JsonPath.h"

#include <QSet>

namespace pb {

namespace {

const QString kCountSteps = QStringLiteral("count_steps");
const QString kNumberedList = QStringLiteral("numbered_list");
const QString kWordCount = QStringLiteral("word_count");
const QString kRegexCount = QStringLiteral("regex_count");
const QString kJsonField = QStringLiteral("json_field");

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString countDefinitionEnd()
{
    return QStringLiteral(" Every reply gets a whole number, 0 or more; no reply is flagged.");
}

QString jsonSourceSentence()
{
    return QStringLiteral(
        " The reply must be a single JSON value on its own (spaces and line breaks around it "
        "are allowed), or else contain exactly one fenced block that opens with a line ```json "
        "and closes with a line ```, in which case that block is read and the text around it "
        "is ignored.");
}

QString jsonFieldSentence(const QString& field)
{
    return QStringLiteral(" The path %1 is split at dots; each part names a key of an object, "
                          "or, written as digits, a position (counting from 0) in a list.")
        .arg(quoted(field));
}

} // namespace

QStringList metricKinds()
{
    return {kCountSteps, kNumberedList, kWordCount, kRegexCount, kJsonField};
}

QString defaultMetricName(const QString& kind, const QString& field)
{
    if (kind == kCountSteps || kind == kNumberedList) {
        return QStringLiteral("steps");
    }
    if (kind == kWordCount) {
        return QStringLiteral("words");
    }
    if (kind == kRegexCount) {
        return QStringLiteral("matches");
    }
    if (kind == QLatin1String(ChoiceAnswer::kKind)) {
        return QStringLiteral("answer");
    }
    if (kind == QLatin1String(EmbeddingMetric::kKind)) {
        return QStringLiteral("distance");
    }
    const QStringList parts = jsonFieldParts(field);
    return parts.isEmpty() ? QStringLiteral("value") : parts.back();
}

MetricResult evaluateMetric(const MetricSpec& spec, const QString& reply)
{
    if (spec.kind == kCountSteps) {
        return MetricResult::score(countSteps(reply));
    }
    if (spec.kind == kNumberedList) {
        return MetricResult::score(countNumberedListItems(reply));
    }
    if (spec.kind == kWordCount) {
        return MetricResult::score(countWords(reply));
    }
    if (spec.kind == kRegexCount) {
        const std::optional<int> count =
            spec.pattern.isEmpty() ? std::nullopt : countRegexMatches(spec.pattern, reply);
        return count ? MetricResult::score(*count)
                     : MetricResult::flagged(QStringLiteral("bad-pattern"));
    }
    if (spec.kind == kJsonField) {
        return evaluateJsonField(spec, reply);
    }
    if (spec.isChoice()) {
        // A choice reply is read as a distribution (ChoiceReading), never as one number.
        return MetricResult::flagged(QStringLiteral("choice-not-a-number"));
    }
    if (spec.isGenerative()) {
        // A generative reply is read as an embedding (EmbeddingReading), never as one number.
        return MetricResult::flagged(QStringLiteral("embedding-not-a-number"));
    }
    return MetricResult::flagged(QStringLiteral("unknown-metric"));
}

bool metricIsIntegerValued(const MetricSpec& spec)
{
    if (spec.kind == kJsonField) {
        return !spec.categories.isEmpty();
    }
    return metricKinds().contains(spec.kind);
}

QString metricDefinition(const MetricSpec& spec)
{
    const QString head =
        quoted(spec.name) + QStringLiteral(" (") + spec.kind + QStringLiteral("): ");
    if (spec.kind == kCountSteps) {
        return head +
               QStringLiteral(
                   "the number of lines of the reply that begin with one or more decimal digits "
                   "immediately followed by a full stop. A line begins at the start of the reply "
                   "and right after each line feed (\\n); a carriage return alone does not begin "
                   "a line, and nothing may come before the digits, not even a space. Any Unicode "
                   "decimal digit counts (0-9, and also for example Arabic-Indic or full-width "
                   "digits). This is exactly Python's len(re.findall(r\"^\\d+\\.\", reply, "
                   "re.MULTILINE)), the tutorial's count_steps.") +
               countDefinitionEnd();
    }
    if (spec.kind == kNumberedList) {
        return head +
               QStringLiteral(
                   "the number of lines of the reply that start like an item of a numbered list. "
                   "The reply is split into lines at \\r\\n, \\n and \\r. A line counts when, "
                   "after "
                   "any spaces or tabs, it has: optionally a Markdown heading mark (1 to 6 # and a "
                   "space); optionally ** or __; then either digits followed by \".\" or \")\", or "
                   "the word \"step\" in any capitalisation, optional spaces, digits and \".\", "
                   "\")\" or \":\"; optionally a closing ** or __; and then a space, a tab or the "
                   "end of the line. Digits are any Unicode decimal digits. So \"1.\", \"  2)\", "
                   "\"Step 3:\", \"step 4.\", \"**5.**\" and \"### Step 6:\" count, while "
                   "\"3.14\", \"1.5 seconds\", \"1.2. sub-step\", \"1:\" and \"(1)\" do not. The "
                   "numbers need not run in order.") +
               countDefinitionEnd();
    }
    if (spec.kind == kWordCount) {
        return head +
               QStringLiteral(
                   "the number of words in the reply, a word being a longest run of characters "
                   "that are not whitespace, exactly as Python's len(reply.split()). Whitespace is "
                   "space, tab, line feed, carriage return, vertical tab, form feed, U+001C to "
                   "U+001F, U+0085, the no-break space U+00A0 and the other Unicode space "
                   "separators (U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, "
                   "U+3000). Punctuation belongs to the word it touches (\"don't,\" is one "
                   "word).") +
               countDefinitionEnd();
    }
    if (spec.kind == kRegexCount) {
        return head +
               QStringLiteral(
                   "the number of non-overlapping matches of the regular expression %1 in the "
                   "reply, found left to right (PCRE2 syntax, which for common patterns is "
                   "Python's). ^ and $ match at the start and end of every line; . does not match "
                   "a line break; \\d, \\w and \\s follow Unicode; matching is case-sensitive "
                   "unless the pattern starts with (?i). A match of empty text counts as a "
                   "match.")
                   .arg(quoted(spec.pattern)) +
               countDefinitionEnd();
    }
    if (spec.kind == kJsonField) {
        const QString flags = QStringLiteral(
            " A reply is flagged, and left out of every statistic rather than scored 0, when it "
            "is not JSON (unparsable-json), has more than one ```json block "
            "(several-json-blocks), gives a key twice (duplicate-key), or has no value at the "
            "path (field-missing)");
        if (spec.categories.isEmpty()) {
            return head +
                   QStringLiteral("the number found at %1 in the reply's JSON.")
                       .arg(quoted(spec.field)) +
                   jsonSourceSentence() + jsonFieldSentence(spec.field) +
                   QStringLiteral(" The value there must be a JSON number, which is the score.") +
                   flags +
                   QStringLiteral(", or when the value is not a number, including a number "
                                  "written in quotes (not-a-number).");
        }
        QStringList categories;
        for (const QString& c : spec.categories) {
            categories << quoted(c);
        }
        return head +
               QStringLiteral(
                   "1 when the category at %1 in the reply's JSON is %2, and 0 when it is "
                   "any other of the categories %3.")
                   .arg(quoted(spec.field), quoted(spec.positive),
                        categories.join(QStringLiteral(", "))) +
               jsonSourceSentence() + jsonFieldSentence(spec.field) +
               QStringLiteral(" The value there must be text, or true/false written without "
                              "quotes (read as \"true\"/\"false\"), equal to one of the "
                              "categories, with the same capitalisation.") +
               flags +
               QStringLiteral(", or when the value is not one of the categories "
                              "(unknown-category).");
    }
    if (spec.isChoice()) {
        return ChoiceAnswer::definition(spec);
    }
    if (spec.isGenerative()) {
        return EmbeddingMetric::definition(spec);
    }
    return head + QStringLiteral("not a known metric kind; every reply is flagged unknown-metric.");
}

QList<ProbeProblem> validateMetricSpec(const MetricSpec& spec, const QString& basePath)
{
    QList<ProbeProblem> problems;
    const auto at = [&](const QString& field) { return JsonPath::member(basePath, field); };
    const auto error = [&](const QString& field, const QString& message) {
        problems << ProbeProblem::error(at(field), message);
    };
    const auto ignored = [&](const QString& field) {
        problems << ProbeProblem::warning(at(field),
                                          QStringLiteral("is ignored by %1").arg(spec.kind));
    };

    if (spec.isChoice()) {
        if (spec.name.trimmed().isEmpty()) {
            error(QStringLiteral("name"), QStringLiteral("is empty"));
        }
        for (const auto& [field, used] :
             {std::pair{QStringLiteral("pattern"), !spec.pattern.isEmpty()},
              std::pair{QStringLiteral("field"), !spec.field.isEmpty()},
              std::pair{QStringLiteral("categories"), !spec.categories.isEmpty()},
              std::pair{QStringLiteral("positive"), !spec.positive.isEmpty()}}) {
            if (used) {
                ignored(field);
            }
        }
        if (!spec.embeddingModel.isEmpty() || !spec.embeddingBackend.isEmpty() ||
            !spec.embeddingEndpoints.isEmpty()) {
            ignored(QStringLiteral("embedding"));
        }
        return problems + ChoiceAnswer::validate(spec, basePath);
    }
    if (spec.isGenerative()) {
        if (spec.name.trimmed().isEmpty()) {
            error(QStringLiteral("name"), QStringLiteral("is empty"));
        }
        for (const auto& [field, used] :
             {std::pair{QStringLiteral("pattern"), !spec.pattern.isEmpty()},
              std::pair{QStringLiteral("field"), !spec.field.isEmpty()},
              std::pair{QStringLiteral("categories"), !spec.categories.isEmpty()},
              std::pair{QStringLiteral("positive"), !spec.positive.isEmpty()},
              std::pair{QStringLiteral("candidates"), !spec.candidates.isEmpty()}}) {
            if (used) {
                ignored(field);
            }
        }
        return problems + EmbeddingMetric::validate(spec, basePath);
    }
    if (!metricKinds().contains(spec.kind)) {
        error(QStringLiteral("kind"),
              QStringLiteral("must be one of %1, or %2 for a choice task, or %3 for free text "
                             "compared as embeddings")
                  .arg(metricKinds().join(QStringLiteral(", ")), QLatin1String(ChoiceAnswer::kKind),
                       QLatin1String(EmbeddingMetric::kKind)));
        return problems;
    }
    if (!spec.candidates.isEmpty()) {
        ignored(QStringLiteral("candidates"));
    }
    if (!spec.embeddingModel.isEmpty() || !spec.embeddingBackend.isEmpty() ||
        !spec.embeddingEndpoints.isEmpty()) {
        ignored(QStringLiteral("embedding"));
    }
    if (spec.name.trimmed().isEmpty()) {
        error(QStringLiteral("name"), QStringLiteral("is empty"));
    }

    if (spec.kind == kRegexCount) {
        if (spec.pattern.isEmpty()) {
            error(QStringLiteral("pattern"),
                  QStringLiteral("missing: regex_count needs the pattern to count"));
        } else {
            const QRegularExpression expression = regexCountExpression(spec.pattern);
            if (!expression.isValid()) {
                error(QStringLiteral("pattern"),
                      QStringLiteral("is not a valid regular expression: %1 (at character %2)")
                          .arg(expression.errorString())
                          .arg(expression.patternErrorOffset() + 1));
            } else if (expression.match(QString()).hasMatch()) {
                problems << ProbeProblem::warning(
                    at(QStringLiteral("pattern")),
                    QStringLiteral("matches empty text, so matches of nothing are counted too"));
            }
        }
    } else if (!spec.pattern.isEmpty()) {
        ignored(QStringLiteral("pattern"));
    }

    if (spec.kind == kJsonField) {
        if (spec.field.isEmpty()) {
            error(QStringLiteral("field"),
                  QStringLiteral("missing: json_field needs the path of the value to read, e.g. "
                                 "\"verdict\" or \"scores.clarity\""));
        } else if (jsonFieldParts(spec.field).isEmpty()) {
            error(QStringLiteral("field"),
                  QStringLiteral("has an empty part (two dots in a row, or a dot at an end)"));
        }
        const bool hasCategories = !spec.categories.isEmpty();
        if (hasCategories) {
            QSet<QString> seen;
            for (qsizetype i = 0; i < spec.categories.size(); ++i) {
                const QString path = JsonPath::element(at(QStringLiteral("categories")), i);
                if (spec.categories[i].isEmpty()) {
                    problems << ProbeProblem::error(path, QStringLiteral("is empty"));
                } else if (seen.contains(spec.categories[i])) {
                    problems << ProbeProblem::error(
                        path, QStringLiteral("repeats %1").arg(quoted(spec.categories[i])));
                }
                seen.insert(spec.categories[i]);
            }
            if (seen.size() < 2) {
                error(QStringLiteral("categories"),
                      QStringLiteral("needs at least two different categories"));
            }
            if (spec.positive.isEmpty()) {
                error(QStringLiteral("positive"),
                      QStringLiteral("missing: say which category scores 1"));
            } else if (!spec.categories.contains(spec.positive)) {
                error(QStringLiteral("positive"), QStringLiteral("must be one of the categories"));
            }
        } else if (!spec.positive.isEmpty()) {
            error(QStringLiteral("categories"),
                  QStringLiteral("missing: list the allowed categories when positive is given"));
        }
    } else {
        if (!spec.field.isEmpty()) {
            ignored(QStringLiteral("field"));
        }
        if (!spec.categories.isEmpty()) {
            ignored(QStringLiteral("categories"));
        }
        if (!spec.positive.isEmpty()) {
            ignored(QStringLiteral("positive"));
        }
    }
    return problems;
}

} // namespace pb
