#pragma once

#include <QHash>
#include <QString>

namespace pb {

class JsonFieldReader;

// The ids given by the elements of one JSON list, which must differ. A repeat is an error on
// the repeating element's field, naming the element that gave the id first:
// "items[4].id: repeats the id "q3" of items[1]".
class JsonUniqueIds
{
public:
    // listPath names the list: "items", "rubric.criteria".
    explicit JsonUniqueIds(QString listPath) : m_listPath(std::move(listPath)) {}

    // Claims id for the element at index, whose reader reports a repeat under key ("id",
    // "name"). An empty id (missing or unreadable, already reported) is passed over.
    void claim(JsonFieldReader& element, const QString& key, const QString& id, qsizetype index);

private:
    QString m_listPath;
    QHash<QString, qsizetype> m_firstUse;
};

} // namespace pb
