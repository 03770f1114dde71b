#include "CliText.h"

#include "report/RunCost.h"

#include <cstdio>

namespace pb::cli {

QString helpText()
{
    return QStringLiteral(
        R"(Probe Workbench: counterfactual bias probes on language models and judges.

Usage:
  probebench                         open the workbench window
  probebench FILE...                 open .pbrun, .probe.json, .judge.json, .names.json,
                                     .grading.json and .axes.json files in it (in the
                                     window already open, if there is one)
  probebench run FILE.probe.json [options]
  probebench analyze LOG.csv [--metric NAME] [--values A,B] [--out DIR]
                     [--price-input PRICE --price-output PRICE]
  probebench models --endpoint URL [--backend ollama|openai]
  probebench check --endpoint URL --model M [--backend ollama|openai]
  probebench salvage STORE.pbrun --out DIR [--run N]
  probebench gate DIR --baseline DIR [--alpha A] [--max-air-drop X] [--max-score-gap G]
                                     [--max-agreement-drop X]
  probebench grade RUBRIC FOLDER|ZIP --out DIR [--per-criterion] [options]
  probebench grade FILE.grading.json [--revision N | --per-criterion] [options]
  probebench grade FILE.grading.json --bias padding|byline|position
                   [--countermeasure TEXT] [--out DIR] [options]
  probebench agree SHEET_A SHEET_B [grades.csv] --rubric RUBRIC [--out DIR]
                   [--revised GRADES [--revised-rubric RUBRIC]]
  probebench agree FILE.grading.json [--revision N] [--out DIR]
  probebench regress GOLDEN.golden.json [--rubric REVISED] --out DIR [options]
  probebench --help | --version

run: expands the probe into calls (items x values x seeds, plus value A again on a
shifted seed block for the same-versus-same check), sends each as a fresh context,
records every call in the run store as it completes, and writes into DIR:
  log.csv       every call: time, model, temperature, item, variant, seed, prompt,
                reply, the metric, run_id, status, flags
  report.md     the Area 4 report: design, per-item table, p values, same-versus-same,
  report.html   limits, and an honest reading of a null result
  summary.json  per-item means and gaps, average gap, sign-flip p, sign-test p,
                same-versus-same gap and p, calls made and failed
A choice probe (metric "kind": "choice" with its candidates) asks the server for the
answer token's log probabilities (Ollama and OpenAI-compatible "logprobs"), reads each
reply as a distribution over the candidates, falling back to frequencies over the seeds
when the server gives none (the report says which), and compares A with B by
Jensen-Shannon divergence against the same-versus-same noise floor; its summary.json is
probebench/choice-summary@1 and log.csv has the candidates' probabilities.
A generative probe (metric "kind": "embedding" with its embedding model) embeds every
reply (Ollama /api/embed, OpenAI-compatible /v1/embeddings) and compares A with B by
cosine distance against the same-versus-same noise floor; its summary.json is
probebench/generative-summary@1 and names the embedding model.
A name-set probe (FILE.names.json) and a judge probe (FILE.judge.json) run the same way;
docs/name-set-format.md and docs/judge-format.md say what they write.
Running the same command again resumes: calls already answered are not repeated.
One program at a time writes a store: a second run of the same store (or a workbench
window with it open) is refused before it calls a model, naming who holds it
("in use by probebench, process 4711, since 09:12"). A store SQLite finds damaged, or a
file that is not a Probe Workbench store, is refused untouched. Results are never
rewritten from fewer calls of a run than the results already in DIR. Every file in DIR
is written whole or not at all: on a full disk the previous files stay.
  --out DIR            where results go (default: <probe name>-results next to the probe)
  --store FILE         the run store (default: DIR/<probe name>.pbrun)
  --backend NAME       stand-in | ollama | openai (overrides the probe's settings)
  --endpoint URL       server base URL; repeat for several servers of the same model
                       (openai: the base URL ending in /v1)
  --model NAME         model tag, e.g. llama3.2
  --concurrency N      calls in flight per endpoint (default 1)
  --timeout SECONDS    deadline for each try of a call, from sending it to the reply's
                       last byte, however steadily the server trickles (default 120);
                       a call makes up to 3 tries
  --limit-seeds N      dry run on the first N seeds only, to check the wiring; prints
                       an estimate of the full run's tokens (and cost, when priced)
  --quiet              no progress lines
  --price-input PRICE, --price-output PRICE
                       a hosted model's price per million input and output tokens
                       (overrides price_per_million_input/_output in the settings);
                       the run's cost is then split into input and output

Judge probes (files with "format": "probebench/judge-probe@1", docs/judge-format.md) run
through the same command: each judge configuration is its own run in the store, and DIR
gets judge-log.csv (one row per judge call, per-criterion level, evidence and flags),
report.md, report.html and summary.json.
  --judge NAME         run only this judge configuration of the probe

Name-set probes (files with "format": "probebench/name-set@1", docs/name-set-format.md) run
through the same command: every name on every seed, each reply checked against the JSON
schema and asked again with the error fed back (at most 3 attempts, then left out and
listed). DIR gets log.csv (one row per attempt), report.md and summary.json. Exit 3 when
no reply could be scored: that is no result, not a null result.

Probes of several axes (files with "format": "probebench/axes@1", docs/axes-format.md) run
through the same command: one model-probe run per axis (the base against each axis's
value), then DIR gets report.md, report.html and summary.json (the per-axis vector, its max
naming the axis, verdicts at Holm-adjusted p) and axes/<n>-<axis>/ with each axis's own
results and log.csv. Exit 3 when an axis has no result: the result is then partial.

gate: compares a run's results folder with an approved baseline's (same names and groups)
and blocks the release when a group is below four fifths of the highest group's favourable
rate, a disparity is significant (p below --alpha, default 0.05), an impact ratio fell by
more than --max-air-drop, or the largest gap between group means exceeds --max-score-gap.
On a model probe's results it checks the sign-flip p and the average gap; on a choice or
generative probe's, the noise-floor test's p (at temperature 0, whether the replies differ)
and, with --max-score-gap, the standardized effect; a baseline of another mode, other
candidates, another distribution source or another embedding model is bad input. On two
`regress` folders of the same golden set it blocks when a criterion's share of golden files within
tolerance is below the golden set's minimum or fell by more than --max-agreement-drop, and
prints both runs' figures side by side. Writes gate.json and gate-junit.xml into DIR (or
--out). Exit 0 pass, 4 blocked, 2 bad input.

analyze: re-analyses a CSV log, the workbench's own or one filled by hand in a
spreadsheet with the columns run_id, time, model, temperature, seed, item, variant,
prompt, reply, steps. Variant "<A> again" rows are read as the same-versus-same check.
A choice probe's log (with a choice_source column) gets the choice report and summary.
  --metric NAME        the metric column (default: steps, or the one unknown column)
  --values A,B         which variants are A and B (default: order of first appearance)
  --out DIR            also write report.md, report.html and summary.json there
  --price-input PRICE, --price-output PRICE
                       prices per million input and output tokens, for the cost
A log with input_tokens and output_tokens columns (the workbench's own) gets the same
token totals, per-call figures and cost as the run's summary.json. A log may be at most
64 MB.

salvage: writes every call of a run that can still be read from a store, damaged or
not, to DIR/log.csv (every row flagged "salvaged"; DIR must not hold a log.csv yet),
with SALVAGED.txt beside it saying what SQLite found and what could not be read. The
store is only read. Exit 0 when the store was whole, 3 when damage may have taken rows.
  --run N              the run to salvage (default: the latest)

grade: grades every .txt and .md file directly in FOLDER, or at the top of ZIP (or of its
one top folder; read in memory, at most 64 MiB in all; names outside the archive, links
and encrypted entries refused), sorted by name, at most 1 MiB each, UTF-8, against a
four-level rubric, one judge call per submission through a run
store (running again resumes), and writes into DIR (docs/grading.md):
  grades.csv         filename, weighted_total, flags, then <id>_level and <id>_evidence
                     per criterion; flags EMPTY_FILE (no call), REVIEW_NEEDED (no valid
                     reply: no level), HALLUCINATED_EVIDENCE:<id> (quote not in the file)
  grading.md         counts, the hallucinated-evidence rate and every invented quote
  review-needed.txt  the raw replies of the REVIEW_NEEDED submissions
  summary.json       the same figures for scripts
Takes run's --store, --backend (stand-in-judge | ollama | openai), --endpoint, --model,
--concurrency, --timeout and --quiet, and:
  --settings FILE      a probebench/grading-settings@1 file: "judges" (one judge, as
                       in a judge probe) and "evidence"; the options here override it
  --temperature T      sampling temperature (default 0)
  --seed N             the judge's seed (default 42)
  --fuzzy-threshold P  similarity in percent a quote that is not exact needs (default 90)
  --limit-files N      dry run on the first N submissions with text only, written like a
                       full grading (a run of its own in the store); prints an estimate
                       of the whole folder's tokens (and cost, when priced)
A grading project (FILE.grading.json, docs/grading.md) names its rubric, submissions,
judge, calibration files, blind sheets and rubric revisions; its results go into
FILE-results beside it, where the window looks. --revision N grades the calibration files
on the project's revision N of the rubric, into FILE-results/revision-N, as a run of its
own in the project's store.
--per-criterion grades each submission with one call per criterion (a one-criterion
rubric each, the same prompt, checks and store otherwise) into per-criterion inside the
results (FILE-results/per-criterion, or DIR/per-criterion), a run per criterion in the
same store. It writes grade's files there plus per-criterion.md and per-criterion.json:
the cost multiplier (calls, input and output tokens, cost at the prices; per criterion /
all at once) beside its effect (levels changed, mean change per criterion and, with two
or more finished blind sheets, kappa with each person before and after). It compares
with the all-criteria grading in the store; without one it says to run grade without
--per-criterion first (both resume, so nothing is called twice).
With --bias it measures the grader instead: its submissions become matched pairs
(padded, under bylines, or A/B in both orders; at least 4), run as a judge probe with
two judges, the grader as is and with --countermeasure (default: one instruction per
bias) added to its prompt; DIR (default FILE-BIAS-bias beside it) gets the judge run's
files and bias.md / bias.json (average score control and treatment, the delta, the delta
after the countermeasure, the residual risk).

agree: compares two raters' score sheets (CSV: filename, one column per criterion, <id>_why;
or a blind sheet .blind.json marked complete)
with each other and, given grades.csv, with the judge on the files they scored: per
criterion percent agreement, Cohen's kappa unweighted, linear and quadratic with SE,
95% interval and Landis-Koch band, the confusion matrix, Krippendorff's ordinal alpha
with three raters, and the worst human-judge criterion. --out writes agreement.md and
agreement.json. --revised GRADES (with --revised-rubric RUBRIC when the levels changed)
adds the judge's grades on a revised rubric: each person against the judge before and
after, per criterion, in revision.md and agreement.json's "revision".
Given a grading project, agree takes its blind sheets marked complete, the judge's levels
from its store and, when one has been graded, the latest revision (or --revision N), and
writes into FILE-results unless --out says where.

regress: grades a golden set's submissions (docs/grading.md) with its rubric, or with
--rubric REVISED, and the grade options, and compares the levels with the golden set's
expected ones per criterion: within tolerance, exact, no level, quadratic kappa, mean
difference. Writes grade's files plus regression.md, and summary.json's "regression"
section, which `gate` reads.

Exit codes: 0 done; 2 bad input (the message names the file and field: a probe, CSV,
folder or store that cannot be used); 3 run incomplete (failed or cancelled calls; rerun
to resume), or no result (no item has a scored reply for both values, as when the
metric reads none of the replies: nothing was measured, which is not a null result);
1 anything else: the store is in use by another program, the disk is full or the system
refused a write (the message names the file and the system's reason), or the results in
DIR hold more calls than the store now gives; 4 (gate only) the release is blocked.
)");
}

QString noResultMessage(const QString& command)
{
    return command + QStringLiteral(": no result: no item has a scored reply for both values; "
                                    "the replies are in log.csv and report.md\n");
}

QString estimateLine(const TokenTotals& dryRun, qsizetype plannedCalls,
                     const std::optional<TokenPrices>& prices)
{
    const std::optional<CostEstimate> estimate =
        CostEstimate::from(dryRun, qint64(plannedCalls), prices);
    if (!estimate)
        return QStringLiteral("no estimate for the full run: no call of the dry run came back "
                              "with token counts from the server\n");
    return estimate->text() + QLatin1Char('\n');
}

void printOut(const QString& text)
{
    std::fputs(text.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    std::fputs(text.toUtf8().constData(), stderr);
    std::fflush(stderr);
}

} // namespace pb::cli
