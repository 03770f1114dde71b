#pragma once

#include "CliText.h"
#include "PriceOptions.h"
#include "backends/BackendFactory.h"
#include "probe/BackendSettings.h"
#include "report/ResultsFolder.h"
#include "run/RunUnit.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb::cli {

// Where a run command writes: the results folder, the run store (in it, or --store) and the
// store's lock, held until the results are written (one writer per store). The lock is
// declared before the store, so the store is closed before the lock is let go.
struct RunOutput
{
    explicit RunOutput(const QString& folder) : dir(folder), results(folder) {}

    QString dir;
    ResultsFolder results;
    QString storePath;
    StoreLock lock;
    RunStore store;
};

// The options `probebench run` takes for every kind of probe, read the same way for a probe
// and a judge probe: --out, --store, --backend, --endpoint, --model, --concurrency, --timeout,
// --limit-seeds, --quiet, --price-input and --price-output, plus the options of one kind (--judge).
// Each step that can fail prints why, prefixed "probebench run: ", and returns false (the caller
// then exits with ExitBadInput) or the exit code to end with.
class RunOptions
{
public:
    // probeSuffix: the file ending dropped from the probe's name to name the results folder
    // and the store (".probe.json"); ".json" is dropped otherwise.
    RunOptions(QString probeSuffix, const QString& limitSeedsHelp,
               const QList<QCommandLineOption>& ownOptions = {});

    // For a command other than `run` (`grade`): the name its messages start with, and how
    // many files it names (the first is the one probePath() gives).
    void setCommand(const QString& command, int positionals);
    // Parses the arguments after the command; they must name exactly one probe file (or the
    // count setCommand gave), else wrongCountMessage is printed.
    bool parse(const QStringList& args, const QString& wrongCountMessage);
    // The parsed command line, for the options of one kind.
    const QCommandLineParser& parser() const { return m_parser; }
    QString probePath() const;
    bool quiet() const;
    bool seedLimitGiven() const;
    // --limit-seeds, or 0 when not given; false when it is not a whole number of 1 or more.
    bool seedLimit(int* limit) const;

    // Applies --backend (which must be one of backendNames), --endpoint, --model,
    // --concurrency and --timeout to the settings of one run, a probe's or a judge's.
    bool applyTo(BackendSettings& settings, const QStringList& backendNames) const;
    // --price-input and --price-output (both or neither), over the settings' own prices.
    bool applyPrices(BackendSettings& settings) const;
    // The steps `run` begins with for a kind whose document has one model's settings: parse
    // the arguments (exactly one probe file), read it with read(path) (the kind's reader), apply
    // the backend options to its settings and read --limit-seeds into *seedLimit (0 when not
    // given). nullopt once a step printed why (the caller exits with ExitBadInput).
    template <class Read> auto readRunProbe(const QStringList& args, Read read, int* seedLimit)
    {
        using Document = typename decltype(documentOf(read(QString())))::value_type;
        if (!parse(args, QStringLiteral("give exactly one probe file (see probebench --help)")))
            return std::optional<Document>();
        std::optional<Document> doc = documentOf(read(probePath()));
        if (doc && (!applyTo(doc->settings, BackendFactory::backendNames()) ||
                    !this->seedLimit(seedLimit)))
            doc.reset();
        return doc;
    }
    // Whether every unit's backend can be built from its settings (RunSession::checkBackends),
    // before anything is sent or stored; if not, prints why, naming the probe file.
    bool unitsCanRun(const QList<RunUnit>& units) const;

    // What the command's messages start with: "probebench run: ", "probebench grade: ".
    QString prefix() const;

    // --out, or the default set below, or "<probe name>-results" beside the probe.
    QString outDir() const;
    // "<probe name>.pbrun", the store's name in the results folder without --store.
    QString storeFileName() const;
    // Where to write without --out, and the store to use without --store (`grade FILE
    // --revision N`: a folder inside the project's results, the project's own store).
    void setDefaultOutput(const QString& outDir, const QString& storePath);
    // Writes into the folder `name` inside the results folder outDir() would give (--out's or
    // the default), the store staying where it would be without it (`grade --per-criterion`:
    // the per-criterion run beside the all-criteria run in one store).
    void nestResults(const QString& name);
    // Takes the run store's lock (--store, or "<probe name>.pbrun" in the results folder; its
    // path lands in output->storePath), then creates the results folder (proving it writable)
    // and opens the store. The lock comes first: a second run of a store in use stops here, before
    // it makes a results folder or calls a model. Returns ExitDone, or the exit code to end
    // with after printing why: ExitFailure when the store is in use or the system refused,
    // ExitBadInput when the folder or the store cannot be used.
    int openOutput(RunOutput* output) const;

private:
    QString baseName() const;
    QString resultsDir() const; // outDir() before nestResults

    QString m_probeSuffix;
    QString m_command = QStringLiteral("run");
    QString m_defaultOut;
    QString m_defaultStore;
    QString m_nested;
    int m_positionals = 1;
    QCommandLineParser m_parser;
    QCommandLineOption m_out;
    QCommandLineOption m_store;
    QCommandLineOption m_backend;
    QCommandLineOption m_endpoint;
    QCommandLineOption m_model;
    QCommandLineOption m_concurrency;
    QCommandLineOption m_timeout;
    QCommandLineOption m_limitSeeds;
    QCommandLineOption m_quiet;
    PriceOptions m_prices;
};

} // namespace pb::cli
