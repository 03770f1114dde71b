#include "gate/ReleaseGate.h"

#include "gate/JudgeRegressionGate.h"
#include "report/NumberText.h"
#include "report/StatisticJson.h"

#include <QJsonArray>
#include <QXmlStreamWriter>
#include <cmath>

namespace pb {

namespace {

QString num(double v)
{
    return NumberText::fixed(v, 3);
}

double number(const QJsonValue& value)
{
    return value.isDouble() ? value.toDouble() : NAN;
}

// "group -> members" of a name-set summary, to tell that two runs probed the same names.
QStringList roster(const QJsonObject& summary)
{
    QStringList out;
    for (const QJsonValue& v : summary.value(QLatin1String("names")).toArray()) {
        const QJsonObject n = v.toObject();
        out << n.value(QLatin1String("group")).toString() + QLatin1Char('/') +
                   n.value(QLatin1String("name")).toString();
    }
    out.sort();
    return out;
}

void significance(double p, double alpha, const QString& what, ReleaseGate::Outcome* out)
{
    GateCheck c{QStringLiteral("disparity significance"), true, {}};
    if (!std::isfinite(p)) {
        c.passed = false;
        c.detail = QStringLiteral("the run has no %1 p: no result cannot pass a gate").arg(what);
    } else {
        c.passed = p >= alpha;
        c.detail = QStringLiteral("%1 %2 %3 alpha %4")
                       .arg(what, NumberText::pEquals(p),
                            c.passed ? QStringLiteral("is not below") : QStringLiteral("is below"),
                            num(alpha));
    }
    out->checks << c;
}

void scoreGap(double gap, const GateThresholds& t, const QString& what, ReleaseGate::Outcome* out)
{
    if (!t.maxScoreGap)
        return;
    const bool ok = std::isfinite(gap) && std::abs(gap) <= *t.maxScoreGap;
    out->checks << GateCheck{QStringLiteral("score gap"), ok,
                             QStringLiteral("%1 %2 %3 %4")
                                 .arg(what, num(gap),
                                      ok ? QStringLiteral("is within") : QStringLiteral("exceeds"),
                                      num(*t.maxScoreGap))};
}

void nameSetChecks(const QJsonObject& cur, const QJsonObject& base, const GateThresholds& t,
                   ReleaseGate::Outcome* out)
{
    if (roster(cur) != roster(base)) {
        out->inputError = QStringLiteral("the two runs did not probe the same names in the same "
                                         "groups; a gate compares a run with its own baseline");
        return;
    }
    const QJsonObject fifths = cur.value(QLatin1String("four_fifths")).toObject();
    QStringList flagged;
    QHash<QString, double> before;
    for (const QJsonValue& v : base.value(QLatin1String("four_fifths"))
                                   .toObject()
                                   .value(QLatin1String("groups"))
                                   .toArray())
        before.insert(v[QLatin1String("group")].toString(),
                      number(v[QLatin1String("impact_ratio")]));
    QStringList dropped;
    for (const QJsonValue& v : fifths.value(QLatin1String("groups")).toArray()) {
        const QString group = v[QLatin1String("group")].toString();
        const double ratio = number(v[QLatin1String("impact_ratio")]);
        // A flag one person's outcome would flip still blocks (the rule is the rule), but the
        // reviewer is told, since it may be noise as much as disparity.
        if (v[QLatin1String("flagged")].toBool())
            flagged << (v[QLatin1String("one_person_flips")].toBool()
                            ? QStringLiteral("%1 (%2; one person's outcome would flip it)")
                                  .arg(group, num(ratio))
                            : QStringLiteral("%1 (%2)").arg(group, num(ratio)));
        if (t.maxRatioDrop && before.contains(group) &&
            !(before.value(group) - ratio <= *t.maxRatioDrop))
            dropped
                << QStringLiteral("%1 (%2 -> %3)").arg(group, num(before.value(group)), num(ratio));
    }
    out->checks << GateCheck{
        QStringLiteral("four-fifths rule"), flagged.isEmpty(),
        flagged.isEmpty()
            ? QStringLiteral("no group is below four fifths of the highest "
                             "group's favourable rate")
            : QStringLiteral("below four fifths: %1").arg(flagged.join(QStringLiteral(", ")))};
    if (t.maxRatioDrop)
        out->checks << GateCheck{
            QStringLiteral("impact ratio drop"), dropped.isEmpty(),
            dropped.isEmpty() ? QStringLiteral("no group's impact ratio fell by more than "
                                               "%1 against the baseline")
                                    .arg(num(*t.maxRatioDrop))
                              : QStringLiteral("fell by more than %1: %2")
                                    .arg(num(*t.maxRatioDrop), dropped.join(QStringLiteral(", ")))};
    const QJsonObject tests = cur.value(QLatin1String("tests")).toObject();
    significance(number(tests.value(QLatin1String("names_permutation"))[QLatin1String("p")]),
                 t.alpha, QStringLiteral("the names permutation test's"), out);
    const QJsonValue decisions = tests.value(QLatin1String("decisions"));
    significance(number(decisions[QLatin1String("p")]), t.alpha,
                 QStringLiteral("the decisions test's"), out);
    out->checks.last().name = QStringLiteral("decision significance");
    scoreGap(number(cur.value(QLatin1String("largest_group_gap"))), t,
             QStringLiteral("the largest gap between group means,"), out);
}

// A choice or generative probe's summary: its distances against the noise floor. The two runs
// must make the same comparison with the same estimator (the mode; for choice the candidates
// and distributions from the same source, a logprob distribution and sampled frequencies being
// different estimators; for generative the embedding model, the cosine distances of two
// embedding models being two rulers): otherwise their scores are never compared.
void distributionChecks(const QJsonObject& cur, const QJsonObject& base, const GateThresholds& t,
                        ReleaseGate::Outcome* out)
{
    for (const char* key :
         {"mode", "estimator", "distribution_source", "candidates", "embedding_model"}) {
        const QJsonValue now = cur.value(QLatin1String(key));
        const QJsonValue before = base.value(QLatin1String(key));
        if (now != before) {
            const auto shown = [](const QJsonValue& v) {
                return v.isArray() ? QStringLiteral("[%1]").arg(
                                         v.toVariant().toStringList().join(QStringLiteral(", ")))
                                   : v.toString();
            };
            out->inputError =
                QStringLiteral("the run's %1 is \"%2\" and the baseline's \"%3\": scores of "
                               "different estimators are not compared")
                    .arg(QLatin1String(key), shown(now), shown(before));
            return;
        }
    }
    const QJsonObject effect = cur.value(QLatin1String("effect")).toObject();
    if (effect.value(QLatin1String("path")).toString() == QLatin1String("deterministic")) {
        GateCheck c{QStringLiteral("deterministic difference"), false, {}};
        if (!effect.value(QLatin1String("stable")).toBool())
            c.detail = QStringLiteral("no result: the backend was not stable at temperature 0 "
                                      "(or nothing was compared), which cannot pass a gate");
        else if (effect.value(QLatin1String("differs")).toBool())
            c.detail = QStringLiteral("at temperature 0 the replies of A and B differ");
        else {
            c.passed = true;
            c.detail = QStringLiteral("at temperature 0 the replies of A and B are the same");
        }
        out->checks << c;
        return;
    }
    // The verdict's p is one-sided: absent when the distances do not sit above the noise (it
    // is then at least 1/2), which is a result that passes, not a missing one.
    if (effect.value(QLatin1String("p")).isNull() &&
        std::isfinite(number(effect.value(QLatin1String("p_two_sided")))) &&
        number(effect.value(QLatin1String("mean_difference"))) <= 0.0)
        out->checks << GateCheck{QStringLiteral("disparity significance"), true,
                                 QStringLiteral("the distances do not sit above the noise floor "
                                                "(one-sided p \u2265 0.5)")};
    else
        significance(number(effect.value(QLatin1String("p"))), t.alpha,
                     QStringLiteral("the noise-floor test's"), out);
    out->checks.last().name = QStringLiteral("distribution shift significance");
    scoreGap(number(effect.value(QLatin1String("effect"))), t,
             QStringLiteral("the standardized effect against the noise floor"), out);
}

} // namespace

bool ReleaseGate::Outcome::blocked() const
{
    for (const GateCheck& c : checks) {
        if (!c.passed)
            return true;
    }
    return false;
}

ReleaseGate::Outcome ReleaseGate::evaluate(const QJsonObject& current, const QJsonObject& baseline,
                                           const GateThresholds& t)
{
    Outcome out;
    const QString format = current.value(QLatin1String("format")).toString();
    if (format != baseline.value(QLatin1String("format")).toString()) {
        out.inputError = QStringLiteral("the run is a %1 summary and the baseline a %2 one")
                             .arg(format, baseline.value(QLatin1String("format")).toString());
        return out;
    }
    if (format == QLatin1String("probebench/name-set-summary@1")) {
        out.kind = QStringLiteral("name-set");
        nameSetChecks(current, baseline, t, &out);
    } else if (format == QLatin1String("probebench/grading-summary@1")) {
        out.kind = QStringLiteral("judge regression");
        JudgeRegressionGate::checks(current, baseline, t, &out);
    } else if (format == QLatin1String("probebench/generative-summary@1")) {
        out.kind = QStringLiteral("generative probe");
        distributionChecks(current, baseline, t, &out);
    } else if (format == QLatin1String("probebench/summary@1")) {
        out.kind = QStringLiteral("probe");
        significance(number(current.value(QLatin1String("sign_flip_p"))), t.alpha,
                     QStringLiteral("the sign-flip test's"), &out);
        scoreGap(number(current.value(QLatin1String("average_gap"))), t,
                 QStringLiteral("the average gap"), &out);
    } else if (format == QLatin1String("probebench/choice-summary@1")) {
        out.kind = QStringLiteral("choice probe");
        distributionChecks(current, baseline, t, &out);
    } else {
        out.inputError = QStringLiteral("\"%1\" is not a summary the gate reads (a name-set's, a "
                                        "model probe's, a choice or generative probe's or a "
                                        "judge regression's summary.json)")
                             .arg(format);
    }
    return out;
}

QJsonObject ReleaseGate::toJson(const Outcome& outcome, const GateThresholds& t)
{
    QJsonArray sideBySide;
    for (const GateComparison& c : outcome.sideBySide)
        sideBySide.append(QJsonObject{{QStringLiteral("what"), c.what},
                                      {QStringLiteral("baseline"), c.baseline},
                                      {QStringLiteral("current"), c.current}});
    QJsonArray checks;
    for (const GateCheck& c : outcome.checks)
        checks.append(QJsonObject{{QStringLiteral("name"), c.name},
                                  {QStringLiteral("passed"), c.passed},
                                  {QStringLiteral("detail"), c.detail}});
    return {{QStringLiteral("format"), QStringLiteral("probebench/gate@1")},
            {QStringLiteral("kind"), outcome.kind},
            {QStringLiteral("decision"),
             outcome.blocked() ? QStringLiteral("blocked") : QStringLiteral("pass")},
            {QStringLiteral("thresholds"),
             QJsonObject{{QStringLiteral("alpha"), t.alpha},
                         {QStringLiteral("max_ratio_drop"),
                          t.maxRatioDrop ? QJsonValue(*t.maxRatioDrop) : QJsonValue()},
                         {QStringLiteral("max_score_gap"),
                          t.maxScoreGap ? QJsonValue(*t.maxScoreGap) : QJsonValue()},
                         {QStringLiteral("max_agreement_drop"),
                          t.maxAgreementDrop ? QJsonValue(*t.maxAgreementDrop) : QJsonValue()}}},
            {QStringLiteral("checks"), checks},
            {QStringLiteral("side_by_side"), sideBySide}};
}

QByteArray ReleaseGate::toJUnit(const Outcome& outcome)
{
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    int failures = 0;
    for (const GateCheck& c : outcome.checks)
        failures += c.passed ? 0 : 1;
    w.writeStartElement(QStringLiteral("testsuite"));
    w.writeAttribute(QStringLiteral("name"),
                     QStringLiteral("probebench gate (%1)").arg(outcome.kind));
    w.writeAttribute(QStringLiteral("tests"), QString::number(outcome.checks.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    for (const GateCheck& c : outcome.checks) {
        w.writeStartElement(QStringLiteral("testcase"));
        w.writeAttribute(QStringLiteral("classname"), QStringLiteral("probebench.gate"));
        w.writeAttribute(QStringLiteral("name"), c.name);
        if (!c.passed) {
            w.writeStartElement(QStringLiteral("failure"));
            w.writeAttribute(QStringLiteral("message"), c.detail);
            w.writeCharacters(c.detail);
            w.writeEndElement();
        } else {
            w.writeTextElement(QStringLiteral("system-out"), c.detail);
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

} // namespace pb
