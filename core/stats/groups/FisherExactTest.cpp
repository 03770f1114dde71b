#include "stats/groups/FisherExactTest.h"

#include "stats/groups/ReproducibleShuffle.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

namespace pb::groups {

namespace {

constexpr double kRelativeTolerance = 1e-7;               // R's fisher.test: relErr <- 1 + 10^(-7)
constexpr long long kMaxCountsForEnumeration = 1'000'000; // keeps the log-factorial table small

// Everything both methods need about a table: its margins and log factorials up to n.
struct Margins
{
    std::vector<long long> rows;
    std::vector<long long> columns;
    long long n = 0;
    std::vector<double> logFactorial; // logFactorial[k] = ln k!

    explicit Margins(const ContingencyTable& table)
    {
        for (int r = 0; r < table.rows(); ++r)
            rows.push_back(table.rowTotal(r));
        for (int c = 0; c < table.columns(); ++c)
            columns.push_back(table.columnTotal(c));
        n = table.total();
        logFactorial.resize(static_cast<std::size_t>(n) + 1);
        for (long long k = 0; k <= n; ++k)
            logFactorial[static_cast<std::size_t>(k)] = std::lgamma(static_cast<double>(k) + 1.0);
    }

    double lf(long long k) const { return logFactorial[static_cast<std::size_t>(k)]; }

    // ln P(table) = sum ln r_i! + sum ln c_j! - ln n! - sum ln x_ij!
    double logConstant() const
    {
        double sum = -lf(n);
        for (long long r : rows)
            sum += lf(r);
        for (long long c : columns)
            sum += lf(c);
        return sum;
    }
};

double sumLogFactorialCells(const ContingencyTable& table, const Margins& margins)
{
    double sum = 0.0;
    for (const auto& row : table.counts()) {
        for (long long cell : row)
            sum += margins.lf(cell);
    }
    return sum;
}

// Visits every table with the given margins, column by column, row by row. A table's tail
// membership is decided by its sum of ln x! (the only part of ln P that varies).
class TableEnumeration
{
public:
    TableEnumeration(const Margins& margins, double threshold, double observedSum,
                     long long maxTables)
        : m_margins(margins), m_threshold(threshold), m_observedSum(observedSum),
          m_maxTables(maxTables), m_rowLeft(margins.rows)
    {
    }

    // nullopt when more than maxTables tables exist.
    std::optional<double> scaledTail()
    {
        m_columnLeft = m_margins.columns.empty() ? 0 : m_margins.columns[0];
        if (!visit(0, 0, 0.0))
            return std::nullopt;
        return m_tail;
    }
    long long tables() const { return m_tables; }

private:
    bool visit(std::size_t column, std::size_t row, double partialSum)
    {
        const std::size_t rows = m_rowLeft.size();
        const std::size_t columns = m_margins.columns.size();
        if (column + 1 == columns) {
            // The last column is what each row still needs.
            double sum = partialSum;
            for (long long left : m_rowLeft)
                sum += m_margins.lf(left);
            if (++m_tables > m_maxTables)
                return false;
            // Sums of ln x! are large and near-equal: compare the difference, R's tolerance
            // being relative to P (so additive on ln P).
            if (sum >= m_threshold)
                m_tail += std::exp(m_observedSum - sum);
            return true;
        }
        if (row + 1 == rows) {
            // The last row takes what the column still needs (feasible by the bounds below).
            const long long x = m_columnLeft;
            m_rowLeft[row] -= x;
            const long long savedColumnLeft = m_columnLeft;
            m_columnLeft = m_margins.columns[column + 1];
            const bool ok = visit(column + 1, 0, partialSum + m_margins.lf(x));
            m_columnLeft = savedColumnLeft;
            m_rowLeft[row] += x;
            return ok;
        }
        long long below = 0; // what the rows after this one can still take
        for (std::size_t r = row + 1; r < rows; ++r)
            below += m_rowLeft[r];
        const long long high = std::min(m_rowLeft[row], m_columnLeft);
        const long long low = std::max(0LL, m_columnLeft - below);
        for (long long x = low; x <= high; ++x) {
            m_rowLeft[row] -= x;
            m_columnLeft -= x;
            const bool ok = visit(column, row + 1, partialSum + m_margins.lf(x));
            m_columnLeft += x;
            m_rowLeft[row] += x;
            if (!ok)
                return false;
        }
        return true;
    }

    const Margins& m_margins;
    double m_threshold;
    double m_observedSum;
    long long m_maxTables;
    std::vector<long long> m_rowLeft;
    long long m_columnLeft = 0;
    long long m_tables = 0;
    double m_tail = 0.0;
};

// ln P <= ln P_obs + ln(1 + tol)  <=>  sum ln x! >= observedSum - ln(1 + tol).
double tailThreshold(double observedSum)
{
    return observedSum - std::log1p(kRelativeTolerance);
}

FisherResult untested(const ContingencyTable& tested, std::string note)
{
    FisherResult result;
    result.p = std::nan("");
    result.rows = tested.rows();
    result.columns = tested.columns();
    result.note = std::move(note);
    return result;
}

std::optional<FisherResult> checkShape(const ContingencyTable& tested)
{
    if (tested.rows() < 2 || tested.columns() < 2)
        return untested(tested, "fewer than two groups or decisions occur: no test");
    return std::nullopt;
}

} // namespace

FisherResult FisherExactTest::run(const ContingencyTable& table, const FisherOptions& options)
{
    const ContingencyTable tested = table.withoutEmptyLines();
    if (auto early = checkShape(tested))
        return *early;
    if (tested.total() > kMaxCountsForEnumeration)
        return monteCarlo(table, options);
    const Margins margins(tested);
    const double observedSum = sumLogFactorialCells(tested, margins);
    TableEnumeration enumeration(margins, tailThreshold(observedSum), observedSum,
                                 options.maxTables);
    const std::optional<double> scaled = enumeration.scaledTail();
    if (!scaled) {
        FisherResult result = monteCarlo(table, options);
        result.note = "more than " + std::to_string(options.maxTables) +
                      " tables share these margins: " + result.note;
        return result;
    }
    FisherResult result;
    result.rows = tested.rows();
    result.columns = tested.columns();
    result.tables = enumeration.tables();
    result.method = (tested.rows() == 2 && tested.columns() == 2)
                        ? FisherMethod::Exact2x2
                        : FisherMethod::FreemanHaltonExact;
    // The tail was summed relative to the observed table's probability (every term <= 1 +
    // tol, so nothing overflows); scaling back by P_obs underflows only when p itself does.
    const double logObserved = margins.logConstant() - observedSum;
    result.p = std::min(1.0, *scaled * std::exp(logObserved));
    if (tested.rows() != table.rows() || tested.columns() != table.columns())
        result.note = "empty rows or columns dropped";
    return result;
}

FisherResult FisherExactTest::monteCarlo(const ContingencyTable& table,
                                         const FisherOptions& options)
{
    const ContingencyTable tested = table.withoutEmptyLines();
    if (auto early = checkShape(tested))
        return *early;
    const long long n = tested.total();
    const long long samples =
        std::min(options.monteCarloSamples, options.maxMonteCarloWork / std::max(1LL, n));
    if (samples < options.minMonteCarloSamples || n > (1LL << 31)) {
        return untested(tested, "too many counts (" + std::to_string(n) +
                                    ") for Fisher's test within the work bound");
    }
    const Margins margins(tested);
    const double threshold = tailThreshold(sumLogFactorialCells(tested, margins));
    // One label per count for each column; shuffling the labels and cutting them into runs of
    // the row totals draws a table with these margins with exactly its conditional probability.
    std::vector<int> columnOfCount;
    columnOfCount.reserve(static_cast<std::size_t>(n));
    for (std::size_t c = 0; c < margins.columns.size(); ++c)
        columnOfCount.insert(columnOfCount.end(), static_cast<std::size_t>(margins.columns[c]),
                             static_cast<int>(c));
    std::mt19937_64 engine(options.seed);
    std::vector<long long> cells(margins.rows.size() * margins.columns.size());
    long long hits = 0;
    for (long long s = 0; s < samples; ++s) {
        ReproducibleShuffle::shuffle(columnOfCount, engine);
        std::fill(cells.begin(), cells.end(), 0);
        std::size_t next = 0;
        for (std::size_t r = 0; r < margins.rows.size(); ++r) {
            for (long long k = 0; k < margins.rows[r]; ++k)
                ++cells[r * margins.columns.size() +
                        static_cast<std::size_t>(columnOfCount[next++])];
        }
        double sum = 0.0;
        for (long long cell : cells)
            sum += margins.lf(cell);
        if (sum >= threshold)
            ++hits;
    }
    FisherResult result;
    result.method = FisherMethod::FreemanHaltonMonteCarlo;
    result.rows = tested.rows();
    result.columns = tested.columns();
    result.samples = samples;
    result.hits = hits;
    result.p = static_cast<double>(hits + 1) / static_cast<double>(samples + 1);
    result.standardError = std::sqrt(result.p * (1.0 - result.p) / static_cast<double>(samples));
    result.note = "Monte Carlo estimate from " + std::to_string(samples) +
                  " random tables with the observed margins (seed " + std::to_string(options.seed) +
                  ")";
    return result;
}

std::string FisherExactTest::methodName(FisherMethod method)
{
    switch (method) {
    case FisherMethod::Exact2x2:
        return "fisher-exact";
    case FisherMethod::FreemanHaltonExact:
        return "freeman-halton-exact";
    case FisherMethod::FreemanHaltonMonteCarlo:
        return "freeman-halton-monte-carlo";
    case FisherMethod::None:
        break;
    }
    return "none";
}

} // namespace pb::groups
