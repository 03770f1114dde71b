#include "judge/VariantGenerator.h"

#include <QSet>

namespace pb {

namespace {

JudgeVariant derived(const JudgeVariant& base, const QString& property)
{
    JudgeVariant v;
    v.property = property;
    v.shape = PairShape::Same;
    v.question = base.question;
    v.deserved = base.deserved;
    return v;
}

QString attach(const QString& answer, const QString& extra, const QString& separator, bool atStart)
{
    return atStart ? extra + separator + answer : answer + separator + extra;
}

} // namespace

QList<JudgeVariant> VariantGenerator::padding(const JudgeVariant& base, const Padding& spec)
{
    QList<JudgeVariant> out;
    for (qsizetype i = 0; i < spec.pads.size(); ++i) {
        JudgeVariant v = derived(base, QStringLiteral("padding"));
        v.id = spec.pads.size() == 1 ? QStringLiteral("padded")
                                     : QStringLiteral("padded-%1").arg(i + 1);
        v.answer = attach(base.answer, spec.pads.at(i), spec.separator, spec.atStart);
        v.generatedFrom = QStringLiteral("pad %1").arg(i + 1);
        out << v;
    }
    return out;
}

QList<JudgeVariant> VariantGenerator::byline(const JudgeVariant& base, const Byline& spec)
{
    QList<JudgeVariant> out;
    QSet<QString> used;
    for (const QString& name : spec.names) {
        JudgeVariant v = derived(base, QStringLiteral("byline"));
        QString id = QStringLiteral("byline-") + slug(name);
        for (int k = 2; used.contains(id); ++k)
            id = QStringLiteral("byline-%1-%2").arg(slug(name)).arg(k);
        used.insert(id);
        v.id = id;
        QString line = spec.pattern;
        line.replace(QStringLiteral("{name}"), name);
        v.answer = attach(base.answer, line, spec.separator, spec.atStart);
        v.generatedFrom = QStringLiteral("name: ") + name;
        out << v;
    }
    return out;
}

QString VariantGenerator::slug(const QString& text)
{
    QString out;
    bool dash = false;
    for (const QChar c : text.toLower()) {
        if (c.isLetterOrNumber()) {
            out += c;
            dash = false;
        } else if (!dash && !out.isEmpty()) {
            out += QLatin1Char('-');
            dash = true;
        }
    }
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return out.isEmpty() ? QStringLiteral("anonymous") : out;
}

} // namespace pb
