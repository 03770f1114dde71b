#include "nameset/NameSetDocument.h"

namespace pb {

QStringList NameSetDocument::groups() const
{
    QStringList out;
    for (const NameEntry& entry : names) {
        if (!out.contains(entry.group))
            out << entry.group;
    }
    return out;
}

const NameEntry* NameSetDocument::entry(const QString& name) const
{
    for (const NameEntry& e : names) {
        if (e.name == name)
            return &e;
    }
    return nullptr;
}

} // namespace pb
