#pragma once

#include <QDateTime>
#include <QString>

namespace pb {

// Something that happened to a run as a whole, kept with its calls in the store.
struct RunEvent
{
    QDateTime time; // UTC
    QString kind;   // "stopped", "cancelled"
    QString message;
};

} // namespace pb
