#pragma once

#include <QTableView>

namespace pb {

// A read-only table of calls as they are recorded: whole rows, one at a time, no row
// numbers, no word wrap, and fixed row heights so a batch of new rows costs no measuring.
class CallLogView : public QTableView
{
    Q_OBJECT
public:
    explicit CallLogView(QWidget* parent = nullptr);

    // Makes column wide enough for about that many digits of the view's font.
    void setColumnDigits(int column, int digits);
};

} // namespace pb
