#pragma once

#include "store/LoggedCall.h"
#include "store/RunRecord.h"

#include <QSet>

class QSqlQuery;
class QSqlRecord;

namespace pb {

// The one reading of a row of the store's calls and runs tables (SELECT * or with more
// columns), shared by RunStore and StoreSalvage.
class StoreRows
{
public:
    // The short texts that repeat from row to row (item ids, variants, models, flags), so a
    // read of many rows keeps one copy of each instead of one per row.
    using SharedTexts = QSet<QString>;

    // Where each of the calls table's columns is in a query's rows, found once per query
    // rather than by name in every row.
    class CallColumns
    {
    public:
        static constexpr int kColumns = 26;
        explicit CallColumns(const QSqlRecord& record);
        int position(int column) const { return m_position[column]; }

    private:
        int m_position[kColumns] = {};
    };

    static LoggedCall call(const QSqlQuery& row);
    static LoggedCall call(const QSqlQuery& row, const CallColumns& columns, SharedTexts* shared);
    static RunRecord run(const QSqlQuery& row);
};

} // namespace pb
