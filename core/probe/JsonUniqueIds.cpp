#include "probe/JsonUniqueIds.h"

#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"

namespace pb {

void JsonUniqueIds::claim(JsonFieldReader& element, const QString& key, const QString& id,
                          qsizetype index)
{
    if (id.isEmpty()) {
        return;
    }
    if (m_firstUse.contains(id)) {
        element.error(key, QStringLiteral("repeats the %1 \"%2\" of %3")
                               .arg(key, id, JsonPath::element(m_listPath, m_firstUse.value(id))));
    } else {
        m_firstUse.insert(id, index);
    }
}

} // namespace pb
