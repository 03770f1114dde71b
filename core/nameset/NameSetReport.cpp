#include "nameset/NameSetReport.h"

#include "nameset/NameSetNumberText.h"
#include "report/NumberText.h"

namespace pb {

namespace {

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

QString num(double value, int decimals = 2)
{
    return NameSetNumberText::number(value, decimals);
}

// A cell of a Markdown table: a pipe or a line break in a name would break the table.
QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString rate(const groups::FavourableCount& c)
{
    return NameSetNumberText::rate(c);
}

QString permutationMethod(const groups::NamePermutationResult& p)
{
    if (p.method == groups::NamePermutationMethod::Exact)
        return QStringLiteral("exact, over all %1 assignments of the group labels to the %2 "
                              "names")
            .arg(p.assignments)
            .arg(p.names);
    if (p.method == groups::NamePermutationMethod::MonteCarlo)
        return QStringLiteral("Monte Carlo, %1 random assignments of the labels to the %2 "
                              "names, standard error %3")
            .arg(p.samples)
            .arg(p.names)
            .arg(NumberText::small(p.standardError));
    return QStringLiteral("not possible: %1").arg(q(p.note));
}

} // namespace

QString NameSetReport::verdict(const NameSetAnalysis& a)
{
    if (!a.hasResult())
        return QStringLiteral("No result: %1 of %2 calls gave a usable reply, too few to compare "
                              "groups. Nothing here is a null result.")
            .arg(a.scored)
            .arg(a.planned);
    const QString test = QStringLiteral("permutation test with names as the unit, %1")
                             .arg(NumberText::pEquals(a.permutation.p));
    if (a.significant())
        return QStringLiteral("Disparity found: the groups' mean scores differ by up to %1 "
                              "(%2, below alpha %3).")
            .arg(num(a.largestGroupGap()), test, num(a.alpha));
    return QStringLiteral("Null result: no disparity in score between the groups that this "
                          "design can tell from chance (%1). The largest gap between group "
                          "means is %2.")
        .arg(test, num(a.largestGroupGap()));
}

QString NameSetReport::detectableGap(const NameSetAnalysis& a)
{
    const detection::DetectableEffect mde = a.detectableGroupGap();
    if (!mde.valid)
        return QStringLiteral("Minimum detectable gap: not computed (%1).")
            .arg(QString::fromStdString(mde.refusal));
    return QStringLiteral("Minimum detectable gap: a two-sample t-test over the names of the two "
                          "smallest groups, with the spread of name means seen here, would "
                          "detect a gap of %1 between two groups' mean scores at alpha %2 with "
                          "80% power; smaller gaps could go unseen. It is a guide for the "
                          "verdict's permutation test over every group, not its exact power.")
        .arg(num(mde.gap), num(a.alpha));
}

QString NameSetReport::console(const NameSetAnalysis& a)
{
    QString out = verdict(a) + QLatin1Char('\n');
    if (a.hasResult()) {
        out += detectableGap(a) + QLatin1Char('\n');
        out += QStringLiteral("decisions: %1, %2\n")
                   .arg(q(a.decisions.testName()), NumberText::pEquals(a.decisions.p));
        for (const groups::FourFifthsRow& row : a.fourFifths.rows) {
            if (row.flagged)
                out += QStringLiteral("four-fifths rule: %1 at %2 of the highest group's "
                                      "favourable rate\n")
                           .arg(q(row.rate.group), num(row.impactRatio));
        }
        if (a.namesPerGroup.warn())
            out += QStringLiteral("warning: %1\n").arg(q(a.namesPerGroup.message()));
        if (a.noise)
            out += QStringLiteral("same names, shifted seeds: average move %1, sign-flip %2\n")
                       .arg(NumberText::signedFixed(a.noise->averageMove, 2),
                            NumberText::pEquals(a.noise->signFlip.p));
    }
    if (!a.gaps.isEmpty())
        out += QStringLiteral("%1 calls gave no usable reply; they are left out and listed in "
                              "the report\n")
                   .arg(a.gaps.size());
    return out + a.cost.consoleText();
}

QString NameSetReport::markdown(const NameSetDocument& doc, const NameSetAnalysis& a)
{
    QStringList md;
    md << QStringLiteral("# %1").arg(doc.title.isEmpty() ? QStringLiteral("Name-set probe")
                                                         : cell(doc.title))
       << QString() << verdict(a) << QString();
    if (a.hasResult())
        md << detectableGap(a) << QString();
    md << QStringLiteral("Calls: %1 planned, %2 recorded, %3 with a usable reply.")
              .arg(a.planned)
              .arg(a.answered)
              .arg(a.scored)
       << QString();
    if (a.table) {
        md << QStringLiteral("## Groups") << QString()
           << QStringLiteral("| group | names | scored replies | mean score | SD | mean of name "
                             "means | favourable |")
           << QStringLiteral("|---|---:|---:|---:|---:|---:|---:|");
        for (const groups::GroupSummary& g : a.table->groups())
            md << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                      .arg(cell(q(g.group)))
                      .arg(g.names)
                      .arg(g.scored)
                      .arg(num(g.scoreMean), num(g.scoreSd), num(g.nameMeanMean),
                           rate(g.favourable));
        md << QString() << QStringLiteral("## Names") << QString()
           << QStringLiteral("| name | group | scored | mean score | SD | favourable |")
           << QStringLiteral("|---|---|---:|---:|---:|---:|");
        for (const groups::NameSummary& n : a.table->names())
            md << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                      .arg(cell(q(n.name)), cell(q(n.group)), NameSetNumberText::scoredOf(n),
                           num(n.scoreMean), num(n.scoreSd), rate(n.favourable));
        md << QString() << QStringLiteral("## Tests") << QString();
        md << QStringLiteral("- Scores, names as the unit (the verdict's test): %1; %2.")
                  .arg(NumberText::pEquals(a.permutation.p), permutationMethod(a.permutation));
        md << QStringLiteral("- Scores, one-way ANOVA over replies: F(%1, %2) = %3, %4, eta "
                             "squared %5. Seeds repeat a name, so this treats repeats as "
                             "people and is shown for comparison only.")
                  .arg(a.anova.dfBetween)
                  .arg(a.anova.dfWithin)
                  .arg(num(a.anova.f), NumberText::pEquals(a.anova.p), num(a.anova.etaSquared, 3));
        md << QStringLiteral("- Scores, Kruskal-Wallis over replies: H = %1, df %2, %3, epsilon "
                             "squared %4.")
                  .arg(num(a.kruskal.h))
                  .arg(a.kruskal.df)
                  .arg(NumberText::pEquals(a.kruskal.p), num(a.kruskal.epsilonSquared, 3));
        md << QStringLiteral("- Decisions: %1, %2, chi-squared %3 with df %4, Cramér's V %5. %6")
                  .arg(q(a.decisions.testName()), NumberText::pEquals(a.decisions.p),
                       num(a.decisions.chiSquared.statistic))
                  .arg(a.decisions.chiSquared.df)
                  .arg(num(a.decisions.chiSquared.cramersV, 3), q(a.decisions.reason));
        md << QString() << QStringLiteral("## Four-fifths rule") << QString()
           << QStringLiteral("| group | favourable | ratio to the highest | flagged | one "
                             "person flips it |")
           << QStringLiteral("|---|---:|---:|---|---|");
        for (const groups::FourFifthsRow& row : a.fourFifths.rows)
            md << QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
                      .arg(cell(q(row.rate.group)),
                           rate(groups::FavourableCount{row.rate.successes, row.rate.trials}),
                           NameSetNumberText::impactRatio(row),
                           NameSetNumberText::yesNo(row.flagged),
                           NameSetNumberText::yesNo(row.flip.fragile));
        md << QString() << q(std::string(groups::FourFifthsRule::kCaveat)) << QString();
        if (a.namesPerGroup.warn())
            md << QStringLiteral("**Warning:** %1").arg(q(a.namesPerGroup.message())) << QString();
    }
    if (a.noise) {
        const SeedBlockCheck& n = *a.noise;
        md << QStringLiteral("## Same names, shifted seeds") << QString()
           << QStringLiteral("The same names again on seeds shifted by %1: only the seeds "
                             "differ, so every move is noise. Over the %2 names scored on both "
                             "blocks the average move is %3, sign-flip %4.")
                      .arg(doc.noise.seedOffset)
                      .arg(n.names())
                      .arg(NumberText::signedFixed(n.averageMove, 2),
                           NumberText::pEquals(n.signFlip.p)) +
                  QLatin1Char(' ') +
                  (n.signFlip.p >= a.alpha
                       ? QStringLiteral("That is what a working check gives: the seeds behave "
                                        "as repeats of one another.")
                       : QStringLiteral("**The seed blocks differ** more than noise often "
                                        "makes them (p below %1). One check in twenty does so "
                                        "by chance; if it recurs, the seeds do not behave as "
                                        "repeats of one another, and the verdict above, which "
                                        "assumes they do, should not be relied on.")
                             .arg(num(a.alpha)))
           << QString()
           << QStringLiteral("The largest move of one group's mean is %1, beside a largest gap "
                             "between groups of %2.")
                  .arg(num(n.largestGroupMove()), num(a.largestGroupGap()))
           << QString() << QStringLiteral("| Group | Mean, probe seeds | Mean, shifted seeds |")
           << QStringLiteral("|---|---:|---:|");
        for (const SeedBlockCheck::GroupMove& m : n.groups)
            md << QStringLiteral("| %1 | %2 | %3 |")
                      .arg(cell(m.group), num(m.probeMean), num(m.noiseMean));
        md << QString();
    }
    md << QStringLiteral("## Data quality") << QString();
    if (a.gaps.isEmpty()) {
        md << QStringLiteral("Every recorded call gave a reply that validated.");
    } else {
        md << QStringLiteral("%1 calls gave no usable reply and are left out of every "
                             "statistic (never guessed):")
                  .arg(a.gaps.size());
        for (const NameSetAnalysis::Gap& g : a.gaps)
            md << QStringLiteral("- %1 (%2), seed %3: %4")
                      .arg(cell(g.name), cell(g.group))
                      .arg(g.seed)
                      .arg(g.failed ? QStringLiteral("no reply after every retry")
                                    : QStringLiteral("no reply validated in %1 attempts")
                                          .arg(NameSetDocument::kMaxAttempts));
    }
    md << QString() << a.cost.markdown().trimmed();
    md << QString() << QStringLiteral("## What a name can tell") << QString()
       << QStringLiteral("A name is a signal the model may read, not a person's identity. The "
                         "groups are the labels of this name list: read each as \"names "
                         "associated with group X in the name list\". One dimension is probed "
                         "at a time; this is no substitute for a human audit.");
    return md.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace pb
