#include "probe/ProbeSettingsReader.h"

#include "probe/BackendSettingsReader.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"
#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"

#include <QRegularExpression>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

const QString kPath = QStringLiteral("settings");

// The seeds may be one string ("1-20, 31") or a list of numbers and range strings.
void readSeeds(JsonFieldReader& reader, ProbeSettings* out, QList<ProbeProblem>* problems)
{
    const json* value = reader.find("seeds");
    const QString path = reader.pathOf(QStringLiteral("seeds"));
    if (!value || value->is_null()) {
        problems->append(ProbeProblem::error(
            path,
            QStringLiteral("missing: list the seeds every variant runs with, e.g. \"1-20\"")));
        return;
    }
    QString text;
    bool elementsOk = true;
    if (value->is_string()) {
        text = JsonFieldReader::toQString(value->get_ref<const std::string&>());
    } else if (value->is_number_integer()) {
        if (const auto seed = JsonFieldReader::asInteger(*value, path, problems)) {
            text = QString::number(*seed);
        } else {
            return;
        }
    } else if (value->is_array()) {
        QStringList entries;
        for (std::size_t i = 0; i < value->size(); ++i) {
            const json& element = (*value)[i];
            const QString elementPath = JsonPath::element(path, qsizetype(i));
            if (element.is_string()) {
                const QString entry =
                    JsonFieldReader::toQString(element.get_ref<const std::string&>()).trimmed();
                if (entry.isEmpty()) {
                    problems->append(ProbeProblem::error(elementPath, QStringLiteral("is empty")));
                    elementsOk = false;
                } else {
                    entries << entry;
                }
            } else if (element.is_number_integer()) {
                if (const auto seed = JsonFieldReader::asInteger(element, elementPath, problems)) {
                    entries << QString::number(*seed);
                } else {
                    elementsOk = false;
                }
            } else {
                problems->append(ProbeProblem::error(
                    elementPath, QStringLiteral("must be a whole number or a range like \"1-20\", "
                                                "not %1")
                                     .arg(JsonFieldReader::typeName(element))));
                elementsOk = false;
            }
        }
        if (entries.isEmpty() && elementsOk) {
            problems->append(ProbeProblem::error(path, QStringLiteral("is an empty list: give at "
                                                                      "least one seed")));
            return;
        }
        text = entries.join(QStringLiteral(", "));
    } else {
        problems->append(ProbeProblem::error(
            path, QStringLiteral("must be text like \"1-20, 31\" or a list of seeds, not %1")
                      .arg(JsonFieldReader::typeName(*value))));
        return;
    }
    if (text.trimmed().isEmpty() && !elementsOk) {
        return;
    }
    const SeedList::Parsed parsed = SeedList::parse(text);
    for (const QString& error : parsed.errors) {
        problems->append(ProbeProblem::error(path, error));
    }
    if (parsed.ok() && elementsOk) {
        out->seeds = parsed.seeds;
        out->seedsText = text;
    }
}

} // namespace

QStringList ProbeSettingsReader::backendNames()
{
    return {QStringLiteral("stand-in"), QStringLiteral("ollama"), QStringLiteral("openai")};
}

QStringList ProbeSettingsReader::settingsKeys()
{
    return BackendSettingsReader::keys()
           << QStringLiteral("seeds") << QStringLiteral("system")
           << QStringLiteral("system_placement") << QStringLiteral("separator")
           << QStringLiteral("planted_gap") << QStringLiteral("stream");
}

void ProbeSettingsReader::read(const json* settings, ProbeSettings* out,
                               QList<ProbeProblem>* problems)
{
    if (!settings) {
        return;
    }
    JsonFieldReader reader(*settings, kPath, problems);
    static const QStringList topLevel = {QStringLiteral("metric"),    QStringLiteral("noise_check"),
                                         QStringLiteral("title"),     QStringLiteral("description"),
                                         QStringLiteral("attribute"), QStringLiteral("items"),
                                         QStringLiteral("format")};
    QHash<QString, QString> misplaced;
    for (const QString& key : topLevel) {
        misplaced.insert(key, QStringLiteral("belongs at the top level of the file, next to "
                                             "\"settings\", not inside it"));
    }
    reader.checkKeys(settingsKeys(), misplaced);

    BackendSettingsReader::read(reader, backendNames(), Need::Optional, out);
    const bool standIn = out->backend == QLatin1String("stand-in");
    readSeeds(reader, out, problems);

    if (const auto system = reader.string("system", Need::Optional)) {
        out->system = *system;
    }
    if (const auto placement = reader.string("system_placement", Need::Optional)) {
        if (const auto parsed = ProbePrompt::placementFromName(*placement)) {
            out->placement = *parsed;
        } else {
            reader.error(QStringLiteral("system_placement"),
                         QStringLiteral("must be one of %1")
                             .arg(ProbePrompt::placementNames().join(QStringLiteral(", "))));
        }
    }
    if (out->placement == SystemPlacement::None && !out->system.isEmpty()) {
        reader.warning(QStringLiteral("system"),
                       QStringLiteral("is not sent, because system_placement is \"none\""));
    }
    if (const auto separator = reader.string("separator", Need::Optional)) {
        out->separator = *separator;
    }
    if (const auto gap = reader.number("planted_gap", Need::Optional)) {
        out->plantedGap = *gap;
        if (!standIn) {
            reader.warning(QStringLiteral("planted_gap"),
                           QStringLiteral("only the stand-in backend uses it"));
        }
    }
    if (const auto stream = reader.boolean("stream", Need::Optional)) {
        out->stream = *stream;
    }
}

} // namespace pb
