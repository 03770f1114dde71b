#include "nameset/NameSetRun.h"

#include "backends/BackendFactory.h"
#include "nameset/NameSetPrompt.h"
#include "nameset/NameSetReplies.h"
#include "nameset/NameSetWriter.h"
#include "nameset/StandInNameSetBackend.h"
#include "run/RunConfiguration.h"

#include <QJsonArray>

namespace pb {

NameSetAnalyzer::NameSetAnalyzer(const NameSetDocument& doc) : m_planned(NameSetRun::callCount(doc))
{
}

NameSetObservation NameSetAnalyzer::observe(const LoggedCall& call)
{
    NameSetObservation o;
    o.name = call.itemIndex;
    o.arm = call.arm;
    o.seed = call.seed;
    const QJsonObject details = call.details.value(QLatin1String("name_set")).toObject();
    o.failed = call.status != CallStatus::Ok;
    o.invalid = !o.failed && !call.metricValue;
    if (!o.failed && call.metricValue) {
        o.score = call.metricValue;
        o.decision = details.value(QLatin1String("decision")).toString();
        o.favourable = details.value(QLatin1String("favourable")).toBool();
    }
    return o;
}

void NameSetAnalyzer::add(int, qint64, const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls) {
        m_observations << observe(c);
        m_tokens.add(c.tokens);
    }
}

RunResultsPtr NameSetAnalyzer::results() const
{
    auto out = std::make_shared<NameSetResults>();
    out->observations = m_observations;
    out->planned = m_planned;
    out->tokens = m_tokens;
    return out;
}

namespace NameSetRun {

int callCount(const NameSetDocument& doc)
{
    return int(doc.settings.seeds.size() * doc.names.size() * (doc.noise.enabled ? 2 : 1));
}

QList<CallRequest> plan(const NameSetDocument& doc)
{
    QList<CallRequest> out;
    out.reserve(callCount(doc));
    const QJsonObject schema = doc.structuredOutput ? NameSetPrompt::schema(doc) : QJsonObject();
    QList<ProbePrompt> prompts;
    for (const NameEntry& entry : doc.names)
        prompts << NameSetPrompt::prompt(doc, entry);
    auto add = [&](int name, CallArm arm, qint64 seed) {
        CallRequest r;
        r.callIndex = quint64(out.size());
        r.itemIndex = name;
        r.itemId = doc.names[name].name;
        r.variant = doc.names[name].group;
        r.arm = arm;
        r.seed = seed;
        r.sampleWith(doc.settings);
        r.stream = doc.settings.stream;
        r.messages = prompts[name].messages;
        r.prompt = prompts[name].logged;
        r.responseSchema = schema;
        out << r;
    };
    for (const qint64 seed : doc.settings.seeds) {
        for (int n = 0; n < doc.names.size(); ++n)
            add(n, CallArm::Probe, seed);
        if (doc.noise.enabled) {
            for (int n = 0; n < doc.names.size(); ++n)
                add(n, CallArm::Noise, seed + doc.noise.seedOffset);
        }
    }
    return out;
}

QJsonObject canonical(const NameSetDocument& doc)
{
    QJsonArray names;
    for (const NameEntry& e : doc.names) {
        QJsonObject fields;
        for (auto it = e.fields.cbegin(); it != e.fields.cend(); ++it)
            fields.insert(it.key(), it.value());
        names.append(QJsonObject{{QStringLiteral("name"), e.name},
                                 {QStringLiteral("group"), e.group},
                                 {QStringLiteral("fields"), fields}});
    }
    const ProbeSettings& s = doc.settings;
    QJsonObject shifts;
    for (auto it = doc.standIn.groupShift.cbegin(); it != doc.standIn.groupShift.cend(); ++it)
        shifts.insert(it.key(), it.value());
    QJsonObject canonical{
        {QStringLiteral("kind"), QStringLiteral("name-set")},
        {QStringLiteral("task"), doc.task},
        {QStringLiteral("document"), doc.document},
        {QStringLiteral("prompt"),
         doc.prompt.isEmpty() ? NameSetPrompt::defaultTemplate() : doc.prompt},
        {QStringLiteral("names"), names},
        {QStringLiteral("decisions"), QJsonArray::fromStringList(doc.decisions.values)},
        {QStringLiteral("favourable"), QJsonArray::fromStringList(doc.decisions.favourable)},
        {QStringLiteral("score"), QJsonArray{doc.score.min, doc.score.max}},
        {QStringLiteral("constraints"), QJsonArray::fromStringList(doc.constraints)},
        {QStringLiteral("structured_output"), doc.structuredOutput},
        {QStringLiteral("settings"), RunConfiguration::settingsJson(s)},
        {QStringLiteral("noise_check"),
         QJsonObject{{QStringLiteral("enabled"), doc.noise.enabled},
                     {QStringLiteral("seed_offset"), QString::number(doc.noise.seedOffset)}}}};
    if (s.isStandIn())
        canonical.insert(QStringLiteral("stand_in"),
                         QJsonObject{{QStringLiteral("group_shift"), shifts},
                                     {QStringLiteral("malformed_rate"), doc.standIn.malformedRate},
                                     {QStringLiteral("score_spread"), doc.standIn.scoreSpread}});
    return canonical;
}

RunUnit unit(const NameSetDocument& doc, int seedLimit)
{
    RunRecord record;
    record.title = doc.title;
    record.probeJson = QString::fromUtf8(NameSetWriter::toJson(doc));
    record.backend = doc.settings.backend;
    record.model = doc.settings.effectiveModel();
    record.metricName = QStringLiteral("score");
    record.metricDefinition =
        QStringLiteral("the \"score\" of a reply that validates against the schema (%1 to %2)")
            .arg(doc.score.min)
            .arg(doc.score.max);
    RunUnit unit;
    unit.identity = RunIdentity(canonical(doc), record);
    unit.plan = [doc, seedLimit] {
        NameSetDocument planned = doc;
        if (seedLimit > 0 && seedLimit < planned.settings.seeds.size())
            planned.settings.seeds = planned.settings.seeds.mid(0, seedLimit);
        return plan(planned);
    };
    unit.replies = [doc](qint64 runId) -> std::unique_ptr<ReplyHandler> {
        return std::make_unique<NameSetReplies>(doc, runId);
    };
    unit.backend = [doc](const RecordedDigests& recorded,
                         QString* error) -> std::unique_ptr<ModelBackend> {
        if (doc.settings.backend == QLatin1String("stand-in"))
            return std::make_unique<StandInNameSetBackend>(doc);
        // A resumed run must keep its model.
        return BackendFactory::create(doc.settings, error, {recorded.model, {}, {}});
    };
    return unit;
}

const NameSetResults* resultsIn(const RunResultsPtr& results)
{
    return dynamic_cast<const NameSetResults*>(results.get());
}

} // namespace NameSetRun

} // namespace pb
