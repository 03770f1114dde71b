#include "grading/SheetHeader.h"

#include "judge/Rubric.h"
#include "probe/BoundedFile.h"

#include <QFileInfo>

namespace pb {

std::optional<SheetHeader> SheetHeader::read(const CsvRecord& header, const QString& sourceName,
                                             const QStringList& required,
                                             const std::function<bool(const QString&)>& known,
                                             const QString& knownText, QString* error)
{
    SheetHeader h;
    h.m_source = sourceName;
    h.m_width = header.fields.size();
    for (qsizetype i = 0; i < header.fields.size(); ++i) {
        const QString name = header.fields.at(i).trimmed();
        if (h.m_columns.contains(name)) {
            *error = h.located(header.line, name, QStringLiteral("appears twice"));
            return std::nullopt;
        }
        if (!known(name)) {
            *error = h.located(header.line, name,
                               QStringLiteral("is not a column of this sheet (%1)").arg(knownText));
            return std::nullopt;
        }
        h.m_columns.insert(name, i);
    }
    QStringList missing;
    for (const QString& name : required) {
        if (!h.m_columns.contains(name))
            missing << QLatin1Char('"') + name + QLatin1Char('"');
    }
    if (!missing.isEmpty()) {
        *error = h.located(header.line, QString(),
                           QStringLiteral("no column %1").arg(missing.join(QStringLiteral(", "))));
        return std::nullopt;
    }
    return h;
}

QString SheetHeader::cell(const CsvRecord& record, const QString& name) const
{
    const qsizetype i = m_columns.value(name, -1);
    return i >= 0 && i < record.fields.size() ? CsvTable::readTextCell(record.fields.at(i))
                                              : QString();
}

bool SheetHeader::level(const CsvRecord& record, const QString& name, std::optional<int>* level,
                        QString* error) const
{
    const QString text = cell(record, name).trimmed();
    level->reset();
    if (text.isEmpty())
        return true;
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < Rubric::kLowestLevel || value > Rubric::kHighestLevel) {
        *error = located(record.line, name,
                         QStringLiteral("\"%1\" is not a level (%2 to %3)")
                             .arg(text.left(40))
                             .arg(Rubric::kLowestLevel)
                             .arg(Rubric::kHighestLevel));
        return false;
    }
    *level = value;
    return true;
}

bool SheetHeader::fits(const CsvRecord& record, QString* error) const
{
    if (record.fields.size() <= m_width)
        return true;
    *error = located(
        record.line, QString(),
        QStringLiteral("%1 fields, but the header has %2").arg(record.fields.size()).arg(m_width));
    return false;
}

QString SheetHeader::located(int line, const QString& column, const QString& message) const
{
    if (column.isEmpty())
        return QStringLiteral("%1: line %2: %3").arg(m_source).arg(line).arg(message);
    return QStringLiteral("%1: line %2, column \"%3\": %4")
        .arg(m_source)
        .arg(line)
        .arg(column, message);
}

std::optional<QString> SheetHeader::filename(const CsvRecord& record, const QString& column,
                                             const QString& verb, QHash<QString, int>* firstLine,
                                             QString* error) const
{
    const QString name = cell(record, column).trimmed();
    if (name.isEmpty()) {
        *error = located(record.line, column, QStringLiteral("is empty"));
        return std::nullopt;
    }
    if (firstLine->contains(name)) {
        *error = located(record.line, column,
                         QStringLiteral("\"%1\" is already %2 on line %3")
                             .arg(name, verb)
                             .arg(firstLine->value(name)));
        return std::nullopt;
    }
    firstLine->insert(name, record.line);
    return name;
}

std::optional<QByteArray> SheetHeader::fileBytes(const QString& path, qint64 maxBytes,
                                                 const QString& noun, QString* error)
{
    ProbeProblem problem;
    std::optional<QByteArray> bytes = BoundedFile::read(path, maxBytes, noun, &problem);
    if (!bytes)
        *error = QFileInfo(path).fileName() + QStringLiteral(": ") + problem.message;
    return bytes;
}

std::optional<QList<CsvRecord>> SheetHeader::records(const QByteArray& utf8,
                                                     const QString& sourceName, QString* error)
{
    QList<CsvRecord> records;
    QString csvError;
    if (!CsvTable::parse(utf8, &records, &csvError)) {
        *error = sourceName + QStringLiteral(": ") + csvError;
        return std::nullopt;
    }
    if (records.isEmpty()) {
        *error = sourceName + QStringLiteral(": the file is empty; expected a header row");
        return std::nullopt;
    }
    return records;
}

} // namespace pb
