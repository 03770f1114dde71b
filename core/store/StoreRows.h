#pragma once

#include "store/LoggedCall.h"
#include "store/RunRecord.h"

#include <QSet>

class QSqlQuery;

namespace pb {

// The one reading of a row of the store's calls and runs tables (SELECT * or with more
// columns), shared by RunStore and StoreSalvage.
class StoreRows
{
public:
    // The short texts that repeat from row to row (item ids, variants, models, flags), so a
    // read of many rows keeps one copy of each instead of one per row.
    using SharedTexts = QSet<QString>;

    static LoggedCall call(const QSqlQuery& row, SharedTexts* shared = nullptr);
    static RunRecord run(const QSqlQuery& row);
};

} // namespace pb
