#pragma once

#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace pb::test {

// Tables and samples written as rows separated by ';' and cells by ',' ("3,1;1,3"), so a
// data row reads like the published example it copies.
inline std::vector<std::vector<double>> doubleRows(const QString& text)
{
    std::vector<std::vector<double>> rows;
    for (const QString& row : text.split(u';')) {
        std::vector<double> cells;
        for (const QString& cell : row.split(u',', Qt::SkipEmptyParts))
            cells.push_back(cell.trimmed().toDouble());
        rows.push_back(std::move(cells));
    }
    return rows;
}

inline std::vector<std::vector<long long>> countRows(const QString& text)
{
    std::vector<std::vector<long long>> rows;
    for (const auto& row : doubleRows(text)) {
        std::vector<long long> cells;
        for (double cell : row)
            cells.push_back(static_cast<long long>(cell));
        rows.push_back(std::move(cells));
    }
    return rows;
}

inline std::vector<std::string> labels(const char* prefix, std::size_t count)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(prefix + std::to_string(i + 1));
    return out;
}

} // namespace pb::test
