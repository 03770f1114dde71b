#pragma once

#include <QString>

class QAbstractItemModel;
class QTableView;

namespace pb {

// How every per-item results table behaves: sortable by its model's sort role (unsorted, in the
// probe's order, until a header is clicked), whole rows selected one at a time, no row numbers,
// and columns sized from the first rows only, so a live refresh of hundreds of items does not
// measure every cell again.
namespace ResultsTableView {

void configure(QTableView* table, QAbstractItemModel* sorted, const QString& accessibleName);

} // namespace ResultsTableView

} // namespace pb
