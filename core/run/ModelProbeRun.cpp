#include "run/ModelProbeRun.h"

#include "backends/BackendFactory.h"
#include "backends/EmbeddingRoute.h"
#include "backends/ModelBackend.h"
#include "metrics/EmbeddingMetric.h"
#include "probe/ProbeWriter.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "run/RunConfiguration.h"

namespace pb {

ModelProbeAnalyzer::ModelProbeAnalyzer(const ProbeDocument& doc)
    : m_valueA(doc.valueA()), m_valueB(doc.valueB()), m_metricName(doc.metric.name)
{
    for (const ProbeItem& item : doc.items) {
        m_itemOrder << item.id;
    }
    if (doc.metric.isChoice()) {
        m_choice.emplace(doc);
    }
    if (doc.metric.isGenerative()) {
        m_generative.emplace(doc);
    }
}

void ModelProbeAnalyzer::add(int, qint64, const QList<LoggedCall>& calls)
{
    m_calls.reserve(m_calls.size() + calls.size());
    for (LoggedCall c : calls) {
        if (m_choice) {
            m_choice->add(c);
        }
        if (m_generative) {
            m_generative->add(c);
        }
        c.prompt.clear();
        c.messagesJson.clear();
        c.reply.clear();
        c.details = {};
        m_calls.append(std::move(c));
    }
}

RunResultsPtr ModelProbeAnalyzer::results() const
{
    auto results = std::make_shared<ModelProbeResults>();
    results->analysis =
        ProbeAnalysis::fromCalls(m_calls, m_valueA, m_valueB, m_metricName, m_itemOrder);
    if (m_choice) {
        results->choice = ChoiceAnalysis::from(*m_choice);
    }
    if (m_generative) {
        results->generative = GenerativeAnalysis::from(*m_generative);
    }
    return results;
}

namespace ModelProbeRun {

BackendSettings embeddingSettings(const ProbeSettings& settings, const MetricSpec& metric)
{
    BackendSettings out = settings;
    out.backend = EmbeddingMetric::backendOf(metric, settings);
    out.model = metric.embeddingModel;
    if (!metric.embeddingEndpoints.isEmpty() || out.backend != settings.backend) {
        out.endpoints = metric.embeddingEndpoints;
    }
    out.prices = {}; // the chat model's prices are not the embedding model's
    return out;
}

RunUnit unit(const ProbeDocument& doc, int seedLimit)
{
    RunUnit unit;
    unit.identity = RunConfiguration::identity(doc, QString::fromUtf8(ProbeWriter::toJson(doc)));
    unit.plan = [doc, seedLimit] {
        ProbeDocument planned = doc;
        if (seedLimit > 0 && seedLimit < planned.settings.seeds.size()) {
            planned.settings.seeds = planned.settings.seeds.mid(0, seedLimit);
        }
        return CallPlan::build(planned);
    };
    unit.replies = [metric = doc.metric](qint64 runId) -> std::unique_ptr<ReplyHandler> {
        return std::make_unique<ModelProbeReplies>(metric, runId);
    };
    unit.backend = [settings = doc.settings,
                    metric = doc.metric](const RecordedDigests& recorded,
                                         QString* error) -> std::unique_ptr<ModelBackend> {
        // A resumed run must keep its model.
        std::unique_ptr<ModelBackend> chat =
            BackendFactory::create(settings, error, {recorded.model, {}, {}});
        if (!chat || !metric.isGenerative()) {
            return chat;
        }
        // The stored vectors were made by the embedding model they record: a resumed run
        // must keep it too, or its distances would mix two rulers.
        std::unique_ptr<ModelBackend> embedding =
            BackendFactory::create(embeddingSettings(settings, metric), error,
                                   {recorded.embedding, QStringLiteral("embedding model"),
                                    QStringLiteral("the stored replies were embedded by")});
        if (!embedding) {
            *error = QStringLiteral("the embedding model: ") + *error;
            return nullptr;
        }
        return std::make_unique<EmbeddingRoute>(std::move(chat), std::move(embedding));
    };
    return unit;
}

const ProbeAnalysis* analysisIn(const RunResultsPtr& results)
{
    const auto* model = dynamic_cast<const ModelProbeResults*>(results.get());
    return model ? &model->analysis : nullptr;
}

const ChoiceAnalysis* choiceIn(const RunResultsPtr& results)
{
    const auto* model = dynamic_cast<const ModelProbeResults*>(results.get());
    return model && model->choice ? &*model->choice : nullptr;
}

const GenerativeAnalysis* generativeIn(const RunResultsPtr& results)
{
    const auto* model = dynamic_cast<const ModelProbeResults*>(results.get());
    return model && model->generative ? &*model->generative : nullptr;
}

} // namespace ModelProbeRun

} // namespace pb
