#include "report/ResultsPlace.h"

#include <QDir>
#include <QFileInfo>

namespace pb::ResultsPlace {

QString baseName(const QString& probePath, const QString& suffix)
{
    QString name = QFileInfo(probePath).fileName();
    for (const QString& s : {suffix, QStringLiteral(".json")}) {
        if (!s.isEmpty() && name.endsWith(s)) {
            name.chop(s.size());
            break;
        }
    }
    return name;
}

QString folder(const QString& probePath, const QString& suffix)
{
    if (probePath.isEmpty())
        return QString();
    return QFileInfo(probePath).absoluteDir().filePath(baseName(probePath, suffix) +
                                                       QStringLiteral("-results"));
}

QString store(const QString& probePath, const QString& suffix)
{
    if (probePath.isEmpty())
        return QString();
    return QDir(folder(probePath, suffix))
        .filePath(baseName(probePath, suffix) + QStringLiteral(".pbrun"));
}

} // namespace pb::ResultsPlace
