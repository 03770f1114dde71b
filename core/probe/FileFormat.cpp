#include "probe/FileFormat.h"

#include "probe/BoundedFile.h"
#include "probe/StrictJson.h"

#include <QRegularExpression>

namespace pb {

namespace {

QString quoted(const QString& text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

} // namespace

std::optional<FileFormat::Tag> FileFormat::parse(const QString& text)
{
    static thread_local const QRegularExpression tag(
        QStringLiteral("^probebench/([a-z][a-z-]*)@(\\d{1,6})$"));
    const QRegularExpressionMatch match = tag.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    return Tag{match.captured(1), match.captured(2).toInt()};
}

QString FileFormat::text(const QString& kind, int version)
{
    return QStringLiteral("probebench/%1@%2").arg(kind).arg(version);
}

bool FileFormat::check(JsonFieldReader& top, const QString& kind, int version, const QString& noun)
{
    const QString expected = text(kind, version);
    if (!top.find("format")) {
        top.error(QStringLiteral("format"), QStringLiteral("missing: a %1 starts with \"format\": "
                                                           "\"%2\"")
                                                .arg(noun, expected));
        return true;
    }
    const std::optional<QString> format = top.string("format", JsonFieldReader::Need::Required);
    if (!format || *format == expected)
        return true;
    const std::optional<Tag> tag = parse(*format);
    if (!tag) {
        top.error(QStringLiteral("format"), QStringLiteral("must be %1").arg(quoted(expected)));
        return true;
    }
    if (tag->kind != kind) {
        top.error(QStringLiteral("format"), QStringLiteral("this is a %1 file, not a %2 (%3)")
                                                .arg(quoted(*format), noun, quoted(expected)));
    } else if (tag->version > version) {
        top.error(QStringLiteral("format"),
                  QStringLiteral("this file was made by a newer Probe Workbench (%1); this "
                                 "version reads %2. Update Probe Workbench to open it.")
                      .arg(quoted(*format), quoted(expected)));
    } else {
        top.error(QStringLiteral("format"), QStringLiteral("%1 is not supported; this version "
                                                           "reads %2")
                                                .arg(quoted(*format), quoted(expected)));
    }
    return false;
}

QString FileFormat::kindOfFile(const QString& path)
{
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("file"), &problem);
    if (!bytes)
        return {};
    const StrictJson::Outcome outcome = StrictJson::parse(*bytes);
    if (!outcome.value || !outcome.value->is_object())
        return {};
    const auto it = outcome.value->find("format");
    if (it == outcome.value->end() || !it->is_string())
        return {};
    const std::optional<Tag> tag = parse(QString::fromStdString(it->get<std::string>()));
    return tag ? tag->kind : QString();
}

} // namespace pb
