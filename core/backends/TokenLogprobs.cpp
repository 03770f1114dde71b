#include "backends/TokenLogprobs.h"

#include "backends/ReplyFacts.h"

#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <optional>

namespace pb {

namespace {

struct Refusal
{
    QString message;
};

QString at(const QString& path, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

// {"token", "logprob"} of one entry, or the refusal naming the field.
std::optional<QJsonObject> tokenOf(const QJsonValue& value, const QString& path, Refusal* refusal)
{
    if (!value.isObject()) {
        refusal->message =
            QStringLiteral("%1 is %2, not an object").arg(path, ReplyFacts::typeName(value));
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue token = object.value(QLatin1String("token"));
    if (!token.isString()) {
        refusal->message =
            QStringLiteral("%1.token is %2, not text").arg(path, ReplyFacts::typeName(token));
        return std::nullopt;
    }
    if (token.toString().size() > TokenLogprobs::kMaxTokenChars) {
        refusal->message = QStringLiteral("%1.token is longer than %2 characters")
                               .arg(path)
                               .arg(TokenLogprobs::kMaxTokenChars);
        return std::nullopt;
    }
    const QJsonValue logprob = object.value(QLatin1String("logprob"));
    const double number = logprob.toDouble(std::nan(""));
    if (!logprob.isDouble() || !std::isfinite(number) || number > 1e-6) {
        refusal->message = logprob.isDouble()
                               ? QStringLiteral("%1.logprob is %2, above 0").arg(path).arg(number)
                               : QStringLiteral("%1.logprob is %2, not a number")
                                     .arg(path, ReplyFacts::typeName(logprob));
        return std::nullopt;
    }
    return QJsonObject{{QStringLiteral("token"), token},
                       {QStringLiteral("logprob"), std::min(number, 0.0)}};
}

} // namespace

QJsonArray TokenLogprobs::read(const QJsonValue& entries, const QString& path, QString* problem)
{
    problem->clear();
    if (entries.isUndefined() || entries.isNull())
        return {};
    if (!entries.isArray()) {
        *problem = QStringLiteral("%1 is %2, not a list").arg(path, ReplyFacts::typeName(entries));
        return {};
    }
    const QJsonArray all = entries.toArray();
    QJsonArray kept;
    Refusal refusal;
    for (qsizetype i = 0; i < all.size() && i < kKeptTokens; ++i) {
        const QString entryPath = at(path, i);
        std::optional<QJsonObject> entry = tokenOf(all[i], entryPath, &refusal);
        if (!entry) {
            *problem = refusal.message;
            return {};
        }
        const QJsonValue top = all[i].toObject().value(QLatin1String("top_logprobs"));
        QJsonArray alternatives;
        if (!top.isUndefined() && !top.isNull()) {
            if (!top.isArray()) {
                *problem = QStringLiteral("%1.top_logprobs is %2, not a list")
                               .arg(entryPath, ReplyFacts::typeName(top));
                return {};
            }
            const QJsonArray list = top.toArray();
            if (list.size() > kMaxAlternatives) {
                *problem = QStringLiteral("%1.top_logprobs lists %2 alternatives; at most %3 are "
                                          "accepted")
                               .arg(entryPath)
                               .arg(list.size())
                               .arg(kMaxAlternatives);
                return {};
            }
            for (qsizetype k = 0; k < list.size(); ++k) {
                const std::optional<QJsonObject> alternative =
                    tokenOf(list[k], at(entryPath + QStringLiteral(".top_logprobs"), k), &refusal);
                if (!alternative) {
                    *problem = refusal.message;
                    return {};
                }
                alternatives.append(*alternative);
            }
        }
        entry->insert(QStringLiteral("top_logprobs"), alternatives);
        kept.append(*entry);
    }
    return kept;
}

void TokenLogprobs::addTo(QJsonObject* details, const QJsonValue& entries, const QString& path)
{
    QString problem;
    const QJsonArray kept = read(entries, path, &problem);
    if (!problem.isEmpty())
        details->insert(QStringLiteral("logprobs_problem"), problem);
    else if (!kept.isEmpty())
        details->insert(QStringLiteral("logprobs"), kept);
}

} // namespace pb
