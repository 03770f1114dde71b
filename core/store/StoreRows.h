#pragma once

#include "store/LoggedCall.h"
#include "store/RunRecord.h"

class QSqlQuery;

namespace pb {

// The one reading of a row of the store's calls and runs tables (SELECT * or with more
// columns), shared by RunStore and StoreSalvage.
class StoreRows
{
public:
    static LoggedCall call(const QSqlQuery& row);
    static RunRecord run(const QSqlQuery& row);
};

} // namespace pb
