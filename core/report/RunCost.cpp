#include "report/RunCost.h"

#include "report/NumberText.h"
#include "report/ReportDocument.h"

#include <QJsonArray>
#include <algorithm>

namespace pb {

namespace {

QJsonValue number(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonObject costJson(const TokenCost& cost, bool withPrices)
{
    QJsonObject out{{QStringLiteral("input"), cost.input},
                    {QStringLiteral("output"), cost.output},
                    {QStringLiteral("total"), cost.total()},
                    {QStringLiteral("input_share"), number(cost.inputShare())}};
    if (withPrices) {
        out.insert(QStringLiteral("price_per_million_input"), cost.prices.perMillionInput);
        out.insert(QStringLiteral("price_per_million_output"), cost.prices.perMillionOutput);
    }
    return out;
}

QJsonObject totalsJson(const TokenTotals& t, const std::optional<TokenCost>& cost, bool withPrices)
{
    return {
        {QStringLiteral("calls"), t.calls},
        {QStringLiteral("calls_counted"), t.callsCounted},
        {QStringLiteral("calls_without_counts"), t.uncounted()},
        {QStringLiteral("input"), t.input},
        {QStringLiteral("output"), t.output},
        {QStringLiteral("input_per_call"), number(t.inputPerCall())},
        {QStringLiteral("output_per_call"), number(t.outputPerCall())},
        {QStringLiteral("cost"), cost ? QJsonValue(costJson(*cost, withPrices)) : QJsonValue()}};
}

// No cost without prices, nor without a single count: 0 for calls nobody counted would read
// as free.
std::optional<TokenCost> runCost(const RunCost::Run& run)
{
    if (!run.prices || (run.tokens.callsWithInput == 0 && run.tokens.callsWithOutput == 0))
        return std::nullopt;
    return run.tokens.cost(*run.prices);
}

QString perCall(const std::optional<double>& value)
{
    return value ? NumberText::fixed(*value, 1) : QStringLiteral("n/a");
}

// Costs are small sums in the user's own currency: four decimals below 1, two above.
QString money(double value)
{
    return NumberText::fixed(value, value < 1.0 ? 4 : 2);
}

QString costText(const TokenCost& cost)
{
    const std::optional<double> share = cost.inputShare();
    return QStringLiteral("%1 input + %2 output = %3%4")
        .arg(money(cost.input), money(cost.output), money(cost.total()),
             share ? QStringLiteral(" (input %1% of it)").arg(NumberText::fixed(*share * 100, 1))
                   : QString());
}

QString pricesText(const TokenPrices& p)
{
    return QStringLiteral("%1 per million input and %2 per million output tokens")
        .arg(money(p.perMillionInput), money(p.perMillionOutput));
}

QString countedText(const TokenTotals& t)
{
    if (t.uncounted() == 0)
        return QStringLiteral("%1 calls").arg(t.calls);
    return QStringLiteral("%1 of %2 calls (%3 without counts from the server, left out)")
        .arg(t.callsCounted)
        .arg(t.calls)
        .arg(t.uncounted());
}

QString lineOf(const QString& label, const TokenTotals& t, const std::optional<TokenCost>& cost)
{
    QString line =
        QStringLiteral("%1tokens: %2 input (%3 per call), %4 output (%5 per call) over %6")
            .arg(label.isEmpty() ? QString() : label + QStringLiteral(": "))
            .arg(t.input)
            .arg(perCall(t.inputPerCall()))
            .arg(t.output)
            .arg(perCall(t.outputPerCall()))
            .arg(countedText(t));
    if (cost)
        line += QStringLiteral("; cost ") + costText(*cost);
    return line;
}

} // namespace

RunCost RunCost::single(qint64 runId, const TokenTotals& tokens,
                        const std::optional<TokenPrices>& prices)
{
    return RunCost{{Run{runId, QString(), tokens, prices}}};
}

TokenTotals RunCost::total() const
{
    TokenTotals sum;
    for (const Run& r : runs)
        sum = sum.plus(r.tokens);
    return sum;
}

std::optional<TokenCost> RunCost::cost() const
{
    if (runs.isEmpty())
        return std::nullopt;
    TokenCost sum;
    for (const Run& r : runs) {
        const std::optional<TokenCost> c = runCost(r);
        if (!c)
            return std::nullopt;
        sum.input += c->input;
        sum.output += c->output;
    }
    if (runs.size() == 1)
        sum.prices = *runs.first().prices;
    return sum;
}

QJsonObject RunCost::toJson() const
{
    QJsonObject out = totalsJson(total(), cost(), runs.size() == 1);
    if (runs.size() > 1) {
        QJsonArray list;
        for (const Run& r : runs) {
            QJsonObject o = totalsJson(r.tokens, runCost(r), true);
            o.insert(QStringLiteral("run_id"), r.runId);
            o.insert(QStringLiteral("label"), r.label);
            list.append(o);
        }
        out.insert(QStringLiteral("runs"), list);
    }
    return out;
}

QStringList RunCost::tableHeader()
{
    return {QStringLiteral("run"),
            QStringLiteral("calls"),
            QStringLiteral("counted"),
            QStringLiteral("input tokens"),
            QStringLiteral("output tokens"),
            QStringLiteral("input per call"),
            QStringLiteral("output per call"),
            QStringLiteral("input cost"),
            QStringLiteral("output cost")};
}

TokenTotals RunCost::tokensOfRow(int i) const
{
    return i < runs.size() ? runs.at(i).tokens : total();
}

std::optional<TokenCost> RunCost::costOfRow(int i) const
{
    return i < runs.size() ? runCost(runs.at(i)) : cost();
}

QList<QStringList> RunCost::tableRows() const
{
    QList<QStringList> rows;
    for (int i = 0; i < rowCount(); ++i) {
        const TokenTotals t = tokensOfRow(i);
        const std::optional<TokenCost> c = costOfRow(i);
        QString name = QStringLiteral("all");
        if (i < runs.size()) {
            const Run& r = runs.at(i);
            name = !r.label.isEmpty() ? ReportDocument::literal(r.label)
                   : r.runId > 0      ? QStringLiteral("run %1").arg(r.runId)
                                      : QStringLiteral("this run");
        }
        rows << QStringList{name,
                            QString::number(t.calls),
                            QString::number(t.callsCounted),
                            QString::number(t.input),
                            QString::number(t.output),
                            perCall(t.inputPerCall()),
                            perCall(t.outputPerCall()),
                            c ? money(c->input) : QStringLiteral("—"),
                            c ? money(c->output) : QStringLiteral("—")};
    }
    return rows;
}

QStringList RunCost::notes() const
{
    const TokenTotals t = total();
    QStringList notes;
    if (t.uncounted() > 0)
        notes << QStringLiteral("%1 of %2 calls came back without token counts from the server "
                                "(a failed call, a stand-in model, or a server that does not "
                                "report them); they are left out of the totals, never guessed.")
                     .arg(t.uncounted())
                     .arg(t.calls);
    if (const std::optional<TokenCost> c = cost()) {
        notes << (runs.size() == 1
                      ? QStringLiteral("At %1: %2.").arg(pricesText(c->prices), costText(*c))
                      : QStringLiteral("Cost in all: %1.").arg(costText(*c)));
    } else if (t.callsWithInput == 0 && t.callsWithOutput == 0) {
        notes << QStringLiteral("No cost: no call came back with token counts.");
    } else if (std::any_of(runs.cbegin(), runs.cend(),
                           [](const Run& r) { return runCost(r).has_value(); })) {
        notes << QStringLiteral("No cost in all: not every run is priced and counted; each "
                                "priced run's cost is in its row.");
    } else {
        notes << QStringLiteral("No cost: for a hosted model, give price_per_million_input and "
                                "price_per_million_output in its settings (or --price-input "
                                "and --price-output).");
    }
    return notes;
}

void RunCost::addTo(ReportDocument* report, int level) const
{
    report->heading(QStringLiteral("Tokens and cost"), level);
    report->table(tableHeader(), tableRows(), runs.size() > 1);
    report->bullets(notes());
}

RunCost RunCost::atPrices(const std::optional<TokenPrices>& prices) const
{
    RunCost out = *this;
    for (Run& r : out.runs)
        r.prices = prices;
    return out;
}

RunCost RunCost::atPrices(const QHash<QString, std::optional<TokenPrices>>& byLabel) const
{
    RunCost out = *this;
    for (Run& r : out.runs) {
        const auto it = byLabel.constFind(r.label);
        if (it != byLabel.constEnd())
            r.prices = *it;
    }
    return out;
}

QString RunCost::markdown(int level) const
{
    ReportDocument section;
    addTo(&section, level);
    return section.toMarkdown();
}

QString RunCost::consoleText() const
{
    QString out;
    for (const Run& r : runs)
        out += lineOf(r.label, r.tokens, runCost(r)) + QLatin1Char('\n');
    if (runs.size() > 1)
        out += lineOf(QStringLiteral("all"), total(), cost()) + QLatin1Char('\n');
    return out;
}

std::optional<CostEstimate> CostEstimate::from(const TokenTotals& dryRun, qint64 plannedCalls,
                                               const std::optional<TokenPrices>& prices)
{
    const std::optional<double> input = dryRun.inputPerCall();
    const std::optional<double> output = dryRun.outputPerCall();
    if (!input || !output)
        return std::nullopt;
    CostEstimate e;
    e.plannedCalls = plannedCalls;
    e.sampledCalls = dryRun.callsCounted;
    e.input = *input * double(plannedCalls);
    e.output = *output * double(plannedCalls);
    if (prices)
        e.cost = TokenCost{*prices, e.input * prices->perMillionInput / 1e6,
                           e.output * prices->perMillionOutput / 1e6};
    return e;
}

QString CostEstimate::text() const
{
    QString line = QStringLiteral("estimate for the full run: %1 calls × the dry run's tokens per "
                                  "call (from %2 calls) = about %3 input and %4 output tokens")
                       .arg(plannedCalls)
                       .arg(sampledCalls)
                       .arg(NumberText::fixed(input, 0), NumberText::fixed(output, 0));
    if (cost)
        line += QStringLiteral("; cost about ") + costText(*cost);
    return line;
}

} // namespace pb
