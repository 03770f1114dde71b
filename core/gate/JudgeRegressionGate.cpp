#include "gate/JudgeRegressionGate.h"

#include "report/NumberText.h"

#include <QJsonArray>
#include <QStringList>
#include <cmath>

namespace pb {

namespace {

struct Row
{
    QString id;
    int tolerance = 0;
    int files = 0;
    int within = 0;
    double fraction = NAN;
    double kappa = NAN;
    double meanDifference = NAN;
};

double number(const QJsonValue& v)
{
    return v.isDouble() ? v.toDouble() : NAN;
}

QList<Row> rows(const QJsonObject& regression)
{
    QList<Row> out;
    for (const QJsonValue& v : regression.value(QLatin1String("criteria")).toArray()) {
        const QJsonObject o = v.toObject();
        out << Row{o.value(QLatin1String("id")).toString(),
                   o.value(QLatin1String("tolerance")).toInt(),
                   o.value(QLatin1String("files")).toInt(),
                   o.value(QLatin1String("within_tolerance")).toInt(),
                   number(o.value(QLatin1String("fraction_within"))),
                   number(o.value(QLatin1String("quadratic_kappa"))),
                   number(o.value(QLatin1String("mean_difference")))};
    }
    return out;
}

QStringList ids(const QList<Row>& rows)
{
    QStringList out;
    for (const Row& r : rows)
        out << r.id;
    return out;
}

QString shown(double v, int decimals, bool asPercent = false)
{
    if (!std::isfinite(v))
        return QStringLiteral("-");
    return asPercent ? NumberText::fixed(100 * v, 1) + QLatin1Char('%')
                     : NumberText::fixed(v, decimals);
}

} // namespace

namespace JudgeRegressionGate {

void checks(const QJsonObject& current, const QJsonObject& baseline, const GateThresholds& t,
            ReleaseGate::Outcome* out)
{
    const QJsonObject cur = current.value(QLatin1String("regression")).toObject();
    const QJsonObject base = baseline.value(QLatin1String("regression")).toObject();
    if (cur.isEmpty() || base.isEmpty()) {
        out->inputError = QStringLiteral("a grading summary without a golden-set comparison; "
                                         "gate the folders `probebench regress` writes");
        return;
    }
    const auto golden = [](const QJsonObject& r) {
        return QStringLiteral("%1 version %2")
            .arg(r.value(QLatin1String("golden_set")).toString(),
                 r.value(QLatin1String("golden_version")).toString());
    };
    if (golden(cur) != golden(base)) {
        out->inputError = QStringLiteral("the run compared with %1 and the baseline with %2; a "
                                         "gate compares results of the same golden set")
                              .arg(golden(cur), golden(base));
        return;
    }
    const QList<Row> now = rows(cur);
    const QList<Row> before = rows(base);
    if (ids(now) != ids(before)) {
        out->inputError =
            QStringLiteral("the run's rubric has the criteria %1 and the "
                           "baseline's %2; a revision that renames criteria needs "
                           "a new golden set")
                .arg(ids(now).join(QStringLiteral(", ")), ids(before).join(QStringLiteral(", ")));
        return;
    }
    const double minimum = number(cur.value(QLatin1String("min_within_tolerance")));
    QStringList below;
    QStringList dropped;
    for (qsizetype i = 0; i < now.size(); ++i) {
        const Row& r = now.at(i);
        const Row& b = before.at(i);
        if (!(r.fraction >= minimum))
            below << QStringLiteral("%1 (%2 of %3 within %4 level(s), %5)")
                         .arg(r.id)
                         .arg(r.within)
                         .arg(r.files)
                         .arg(r.tolerance)
                         .arg(shown(r.fraction, 1, true));
        if (t.maxAgreementDrop && !(b.fraction - r.fraction <= *t.maxAgreementDrop))
            dropped << QStringLiteral("%1 (%2 -> %3)")
                           .arg(r.id, shown(b.fraction, 1, true), shown(r.fraction, 1, true));
        out->sideBySide << GateComparison{r.id + QStringLiteral(": within tolerance"),
                                          shown(b.fraction, 1, true), shown(r.fraction, 1, true)}
                        << GateComparison{r.id + QStringLiteral(": quadratic kappa"),
                                          shown(b.kappa, 2), shown(r.kappa, 2)}
                        << GateComparison{r.id + QStringLiteral(": mean difference"),
                                          shown(b.meanDifference, 2), shown(r.meanDifference, 2)};
    }
    out->checks << GateCheck{
        QStringLiteral("golden-set agreement"), below.isEmpty(),
        below.isEmpty()
            ? QStringLiteral("every criterion has at least %1 of the golden files within "
                             "tolerance")
                  .arg(shown(minimum, 1, true))
            : QStringLiteral("below %1: %2")
                  .arg(shown(minimum, 1, true), below.join(QStringLiteral(", ")))};
    if (t.maxAgreementDrop)
        out->checks << GateCheck{
            QStringLiteral("agreement drop"), dropped.isEmpty(),
            dropped.isEmpty()
                ? QStringLiteral("no criterion's agreement fell by more than %1 against the "
                                 "baseline")
                      .arg(shown(*t.maxAgreementDrop, 1, true))
                : QStringLiteral("fell by more than %1: %2")
                      .arg(shown(*t.maxAgreementDrop, 1, true),
                           dropped.join(QStringLiteral(", ")))};
}

} // namespace JudgeRegressionGate

} // namespace pb
