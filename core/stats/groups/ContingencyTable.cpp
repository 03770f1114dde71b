#include "stats/groups/ContingencyTable.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace pb::groups {

ContingencyTable::ContingencyTable(std::vector<std::string> rowLabels,
                                   std::vector<std::string> columnLabels,
                                   std::vector<std::vector<long long>> counts)
    : m_rowLabels(std::move(rowLabels)), m_columnLabels(std::move(columnLabels)),
      m_counts(std::move(counts))
{
    if (m_rowLabels.size() != m_counts.size())
        throw std::invalid_argument("contingency table: row labels do not match the rows");
    long long sum = 0;
    for (const auto& row : m_counts) {
        if (row.size() != m_columnLabels.size())
            throw std::invalid_argument("contingency table: a row has the wrong number of cells");
        for (long long cell : row) {
            if (cell < 0)
                throw std::invalid_argument("contingency table: a count is negative");
            sum += cell;
            if (sum > (1LL << 40))
                throw std::invalid_argument("contingency table: more than 2^40 counts");
        }
    }
}

long long ContingencyTable::rowTotal(int row) const
{
    long long sum = 0;
    for (long long cell : m_counts[row])
        sum += cell;
    return sum;
}

long long ContingencyTable::columnTotal(int column) const
{
    long long sum = 0;
    for (const auto& row : m_counts)
        sum += row[column];
    return sum;
}

long long ContingencyTable::total() const
{
    long long sum = 0;
    for (int r = 0; r < rows(); ++r)
        sum += rowTotal(r);
    return sum;
}

double ContingencyTable::expected(int row, int column) const
{
    const long long n = total();
    if (n == 0)
        return 0.0;
    // Margins reach 2^40, so their product is formed in double, as scipy's expected_freq does.
    return static_cast<double>(rowTotal(row)) * static_cast<double>(columnTotal(column)) /
           static_cast<double>(n);
}

double ContingencyTable::smallestExpected() const
{
    double smallest = std::numeric_limits<double>::infinity();
    for (int r = 0; r < rows(); ++r) {
        for (int c = 0; c < columns(); ++c)
            smallest = std::min(smallest, expected(r, c));
    }
    return smallest;
}

ContingencyTable ContingencyTable::withoutEmptyLines() const
{
    std::vector<int> keptColumns;
    for (int c = 0; c < columns(); ++c) {
        if (columnTotal(c) > 0)
            keptColumns.push_back(c);
    }
    std::vector<std::string> rowLabels;
    std::vector<std::string> columnLabels;
    std::vector<std::vector<long long>> counts;
    for (int c : keptColumns)
        columnLabels.push_back(m_columnLabels[c]);
    for (int r = 0; r < rows(); ++r) {
        if (rowTotal(r) == 0)
            continue;
        rowLabels.push_back(m_rowLabels[r]);
        std::vector<long long> row;
        for (int c : keptColumns)
            row.push_back(m_counts[r][c]);
        counts.push_back(std::move(row));
    }
    return ContingencyTable(std::move(rowLabels), std::move(columnLabels), std::move(counts));
}

} // namespace pb::groups
