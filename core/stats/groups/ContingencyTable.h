#pragma once

#include <string>
#include <vector>

namespace pb::groups {

// An r x c table of non-negative integer counts (groups x decisions) with its labels. It
// promises exact integer margins; expected counts are the only doubles it computes.
class ContingencyTable
{
public:
    ContingencyTable() = default;
    // counts[row][column]; every row as long as columnLabels. Throws std::invalid_argument on
    // ragged rows, negative counts, label counts that do not match, or a total above 2^40
    // (so every product of two margins stays exact in 64 bits).
    ContingencyTable(std::vector<std::string> rowLabels, std::vector<std::string> columnLabels,
                     std::vector<std::vector<long long>> counts);

    int rows() const { return static_cast<int>(m_counts.size()); }
    int columns() const { return static_cast<int>(m_columnLabels.size()); }
    long long count(int row, int column) const { return m_counts[row][column]; }
    const std::vector<std::vector<long long>>& counts() const { return m_counts; }
    const std::vector<std::string>& rowLabels() const { return m_rowLabels; }
    const std::vector<std::string>& columnLabels() const { return m_columnLabels; }

    long long rowTotal(int row) const;
    long long columnTotal(int column) const;
    long long total() const;
    // rowTotal * columnTotal / total under independence; 0 for an empty table.
    double expected(int row, int column) const;
    double smallestExpected() const;

    // The same table without rows and columns whose total is zero: a decision nobody got, or
    // a group with no usable reply, has no expected count to compare against.
    ContingencyTable withoutEmptyLines() const;

private:
    std::vector<std::string> m_rowLabels;
    std::vector<std::string> m_columnLabels;
    std::vector<std::vector<long long>> m_counts;
};

} // namespace pb::groups
