#include "design/ItemCheck.h"

namespace pb {

QStringList ItemCheck::messages() const
{
    QStringList out;
    for (const FactFinding& f : findings) {
        out << f.message();
    }
    for (const LengthDifference& l : lengths) {
        out << l.message();
    }
    return out;
}

} // namespace pb
