#include "grading/AgreementText.h"

#include "report/NumberText.h"
#include "stats/agreement/LandisKoch.h"

#include <QStringList>
#include <algorithm>

namespace pb {

namespace {

using Table = QList<QStringList>;

QString number(double v)
{
    return NumberText::fixed(v, 3);
}

QString percent(const std::optional<double>& p)
{
    return p ? NumberText::fixed(*p, 1) + QLatin1Char('%') : QStringLiteral("n/a");
}

// One row per criterion and weighting: the figures the lab asks for.
Table kappaTable(const AgreementPair& pair)
{
    Table t{{QStringLiteral("criterion"), QStringLiteral("weights"), QStringLiteral("n"),
             QStringLiteral("excluded"), QStringLiteral("agreement"), QStringLiteral("kappa"),
             QStringLiteral("SE"), QStringLiteral("95% interval"), QStringLiteral("band")}};
    for (const CriterionAgreement& a : pair.criteria) {
        bool firstRow = true;
        for (const KappaWeights w :
             {KappaWeights::Unweighted, KappaWeights::Linear, KappaWeights::Quadratic}) {
            const KappaEstimate& k = a.kappa(w);
            QStringList row{firstRow ? a.criterionId : QString(), CohenKappa::weightsName(w),
                            firstRow ? QString::number(a.matrix.total()) : QString(),
                            firstRow ? QString::number(a.matrix.excluded()) : QString(),
                            firstRow ? percent(a.percentAgreement) : QString()};
            if (k.defined) {
                row << number(k.kappa) << number(k.standardError)
                    << QStringLiteral("[%1, %2]").arg(number(k.lower), number(k.upper)) << k.band();
            } else {
                row << QStringLiteral("n/a") << QString() << QString() << QString();
            }
            t << row;
            firstRow = false;
        }
    }
    return t;
}

Table matrixTable(const CriterionAgreement& a, const QString& rows, const QString& columns)
{
    QStringList head{QStringLiteral("%1 \\ %2").arg(rows, columns)};
    for (const int level : a.matrix.levels())
        head << QString::number(level);
    Table t{head};
    for (qsizetype r = 0; r < a.matrix.size(); ++r) {
        QStringList row{QString::number(a.matrix.levels().at(r))};
        for (qsizetype c = 0; c < a.matrix.size(); ++c)
            row << QString::number(a.matrix.count(r, c));
        t << row;
    }
    return t;
}

QString padded(const Table& t, const QString& indent)
{
    QList<qsizetype> widths;
    for (const QStringList& row : t) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths << 0;
            widths[c] = std::max(widths[c], row.at(c).size());
        }
    }
    QString out;
    for (const QStringList& row : t) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += row.at(c).leftJustified(widths[c] + 2);
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += indent + line + QLatin1Char('\n');
    }
    return out;
}

QString markdownTable(const Table& t)
{
    QString out;
    for (qsizetype r = 0; r < t.size(); ++r) {
        QStringList cells = t.at(r);
        for (QString& c : cells)
            c.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        if (r == 0)
            out += QStringLiteral("|") + QStringLiteral(" --- |").repeated(cells.size()) +
                   QLatin1Char('\n');
    }
    return out;
}

QString pairTitle(const AgreementPair& p)
{
    return QStringLiteral("%1 x %2 (%3)")
        .arg(p.firstRater, p.secondRater,
             p.humanJudge ? QStringLiteral("human-judge") : QStringLiteral("human-human"));
}

QString raterLine(const AgreementReport& report)
{
    QStringList raters;
    for (const RaterSheet& r : report.raters)
        raters << QStringLiteral("%1 (%2, %3 rows)")
                      .arg(r.rater, r.sheet.sourceName)
                      .arg(r.sheet.rows.size());
    return raters.join(QStringLiteral(", "));
}

QStringList alphaLines(const AgreementReport& report)
{
    QStringList lines;
    for (qsizetype i = 0; i < report.alpha.size() && i < report.rubric.criteria.size(); ++i) {
        const AlphaEstimate& a = report.alpha.at(i);
        lines << QStringLiteral("%1: %2 (%3 values in %4 files)")
                     .arg(report.rubric.criteria.at(i).id,
                          a.defined ? number(a.alpha) : QStringLiteral("n/a"))
                     .arg(a.pairableValues)
                     .arg(a.pairableUnits);
    }
    return lines;
}

QString headline(const AgreementReport& report)
{
    return QStringLiteral("Agreement on %1 calibration files, rubric \"%2\"")
        .arg(report.files.size())
        .arg(report.rubric.title);
}

QString missingLine(const AgreementReport& report)
{
    return QStringLiteral("grades.csv has no row for %1 calibration file(s): %2")
        .arg(report.judgeMissing.size())
        .arg(report.judgeMissing.join(QStringLiteral(", ")));
}

} // namespace

QString AgreementText::worstSentence(const AgreementReport& report)
{
    if (!report.hasJudge())
        return QString();
    if (!report.worst)
        return QStringLiteral("no criterion could be ranked (no kappa is defined)");
    const WorstCriterion& w = *report.worst;
    return QStringLiteral("%1 (%2 x %3): %4 %5 (%6); most frequent disagreement %7")
        .arg(w.criterionId, w.firstRater, w.secondRater, WorstCriterion::measureName(w.measure),
             number(w.value), LandisKoch::band(w.value), w.disagreementText());
}

QString AgreementText::console(const AgreementReport& report)
{
    QString out = headline(report) + QLatin1Char('\n');
    out += QStringLiteral("raters: ") + raterLine(report) + QLatin1Char('\n');
    if (!report.judgeMissing.isEmpty())
        out += missingLine(report) + QLatin1Char('\n');
    for (const AgreementPair& p : report.pairs) {
        out += QLatin1Char('\n') + pairTitle(p) + QLatin1Char('\n');
        out += padded(kappaTable(p), QStringLiteral("  "));
        for (const CriterionAgreement& a : p.criteria) {
            out += QStringLiteral("  %1, confusion matrix:\n").arg(a.criterionId);
            out += padded(matrixTable(a, p.firstRater, p.secondRater), QStringLiteral("    "));
        }
    }
    if (!report.alpha.isEmpty()) {
        out += QStringLiteral("\nKrippendorff's alpha (ordinal, %1 raters):\n")
                   .arg(report.raters.size());
        for (const QString& line : alphaLines(report))
            out += QStringLiteral("  ") + line + QLatin1Char('\n');
    }
    if (report.hasJudge())
        out += QStringLiteral("\nWorst human-judge criterion: ") + worstSentence(report) +
               QLatin1Char('\n');
    return out;
}

QByteArray AgreementText::markdown(const AgreementReport& report)
{
    QString out = QStringLiteral("# ") + headline(report) + QStringLiteral("\n\n");
    out += QStringLiteral("Raters: ") + raterLine(report) + QStringLiteral(".\n\n");
    out += QStringLiteral("Files: ") + report.files.join(QStringLiteral(", ")) +
           QStringLiteral(".\n\n");
    if (!report.judgeMissing.isEmpty())
        out += missingLine(report) + QStringLiteral(".\n\n");
    out += QStringLiteral("n is the files both raters scored; a file either left unscored "
                          "(a blank level, REVIEW_NEEDED, HALLUCINATED_EVIDENCE) is excluded "
                          "from that pair and counted, never filled in. Kappa intervals are "
                          "kappa +/- 1.96 SE, not clipped to [-1, 1].\n");
    if (report.hasJudge())
        out += QStringLiteral("\n**Worst human-judge criterion:** ") + worstSentence(report) +
               QStringLiteral(".\n");
    for (const AgreementPair& p : report.pairs) {
        out += QStringLiteral("\n## ") + pairTitle(p) + QStringLiteral("\n\n");
        out += markdownTable(kappaTable(p));
        for (const CriterionAgreement& a : p.criteria) {
            out += QStringLiteral("\n%1, confusion matrix (rows %2, columns %3):\n\n")
                       .arg(a.criterionId, p.firstRater, p.secondRater);
            out += markdownTable(matrixTable(a, p.firstRater, p.secondRater));
        }
    }
    if (!report.alpha.isEmpty()) {
        out += QStringLiteral("\n## Krippendorff's alpha (ordinal, %1 raters)\n\n")
                   .arg(report.raters.size());
        for (const QString& line : alphaLines(report))
            out += QStringLiteral("- ") + line + QLatin1Char('\n');
    }
    return out.toUtf8();
}

} // namespace pb
