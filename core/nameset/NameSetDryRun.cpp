#include "nameset/NameSetDryRun.h"

#include "backends/ModelBackend.h"
#include "nameset/NameSetRun.h"
#include "report/RunCost.h"

#include <QEventLoop>
#include <QThread>
#include <QTimer>

namespace pb {

NameSetDryRun NameSetDryRun::ask(const NameSetDocument& doc, int nameIndex)
{
    NameSetDryRun out;
    if (nameIndex < 0 || nameIndex >= doc.names.size() || doc.settings.seeds.isEmpty()) {
        out.error = QStringLiteral("pick a name of the list (and give the settings a seed)");
        return out;
    }
    out.name = doc.names.at(nameIndex).name;
    NameSetDocument one = doc;
    one.names = {doc.names.at(nameIndex)};
    one.settings.seeds = {doc.settings.seeds.constFirst()};
    one.noise.enabled = false;
    const CallRequest request = NameSetRun::plan(one).constFirst();
    out.prompt = request.prompt;
    const RunUnit unit = NameSetRun::unit(one);
    std::unique_ptr<ModelBackend> backend = unit.backend(RecordedDigests(), &out.error);
    if (!backend)
        return out;

    QEventLoop loop;
    bool done = false;
    QObject::connect(backend.get(), &ModelBackend::finished, &loop, [&](const CallResult& result) {
        done = true;
        out.answered = result.status == CallStatus::Ok;
        out.reply = result.reply;
        out.error = result.error;
        out.model = result.modelReported;
        out.tokens =
            result.status == CallStatus::Ok ? TokenCount::fromFacts(result.details) : TokenCount();
        loop.quit();
    });
    QObject::connect(backend.get(), &ModelBackend::fatalError, &loop, [&](const QString& message) {
        if (!done)
            out.error = message;
    });
    // A window closing meanwhile asks the thread to stop: the call is cancelled, and the
    // backend still ends it with finished().
    QTimer watch;
    QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
        if (QThread::currentThread()->isInterruptionRequested())
            backend->cancelAll();
    });
    watch.start(100);
    backend->submit(request);
    if (!done)
        loop.exec();
    if (out.answered)
        out.reading = NameSetReading::read(out.reply, doc.decisions, doc.score);
    TokenTotals sample;
    sample.add(out.tokens);
    const std::optional<CostEstimate> estimate =
        CostEstimate::from(sample, NameSetRun::callCount(doc), doc.settings.prices);
    out.estimate = estimate ? estimate->text()
                            : QStringLiteral("no estimate for the full run: the server reported "
                                             "no token counts for this call");
    return out;
}

} // namespace pb
