#include "RunOptions.h"

#include "CliText.h"
#include "report/ResultsFolder.h"
#include "report/ResultsPlace.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QDir>
#include <QFileInfo>

namespace pb::cli {

RunOptions::RunOptions(QString probeSuffix, const QString& limitSeedsHelp,
                       const QList<QCommandLineOption>& ownOptions)
    : m_probeSuffix(std::move(probeSuffix)),
      m_out(QStringLiteral("out"), QStringLiteral("results folder"), QStringLiteral("DIR")),
      m_store(QStringLiteral("store"), QStringLiteral("run store"), QStringLiteral("FILE")),
      m_backend(QStringLiteral("backend"), QStringLiteral("backend"), QStringLiteral("NAME")),
      m_endpoint(QStringLiteral("endpoint"), QStringLiteral("endpoint"), QStringLiteral("URL")),
      m_model(QStringLiteral("model"), QStringLiteral("model"), QStringLiteral("NAME")),
      m_concurrency(QStringLiteral("concurrency"), QStringLiteral("calls in flight"),
                    QStringLiteral("N")),
      m_timeout(QStringLiteral("timeout"),
                QStringLiteral("deadline in seconds for each try of a call"),
                QStringLiteral("SECONDS")),
      m_limitSeeds(QStringLiteral("limit-seeds"), limitSeedsHelp, QStringLiteral("N")),
      m_quiet(QStringLiteral("quiet"), QStringLiteral("no progress"))
{
    m_parser.addPositionalArgument(QStringLiteral("probe"), QStringLiteral("FILE") + m_probeSuffix);
    m_parser.addOptions({m_out, m_store});
    m_parser.addOptions(ownOptions);
    m_parser.addOptions(
        {m_backend, m_endpoint, m_model, m_concurrency, m_timeout, m_limitSeeds, m_quiet});
    m_prices.addTo(m_parser);
}

bool RunOptions::parse(const QStringList& args, const QString& wrongCountMessage)
{
    if (!m_parser.parse(QStringList{QStringLiteral("probebench ") + m_command} + args)) {
        printErr(prefix() + QStringLiteral("%1\n").arg(m_parser.errorText()));
        return false;
    }
    if (m_parser.positionalArguments().size() != m_positionals) {
        printErr(prefix() + QStringLiteral("%1\n").arg(wrongCountMessage));
        return false;
    }
    return true;
}

void RunOptions::setCommand(const QString& command, int positionals)
{
    m_command = command;
    m_positionals = positionals;
}

QString RunOptions::prefix() const
{
    return QStringLiteral("probebench %1: ").arg(m_command);
}

bool RunOptions::unitsCanRun(const QList<RunUnit>& units) const
{
    QString error;
    if (RunSession::checkBackends(units, &error))
        return true;
    printErr(prefix() + QStringLiteral("%1: %2\n").arg(QFileInfo(probePath()).fileName(), error));
    return false;
}

QString RunOptions::probePath() const
{
    return m_parser.positionalArguments().front();
}

bool RunOptions::quiet() const
{
    return m_parser.isSet(m_quiet);
}

bool RunOptions::seedLimitGiven() const
{
    return m_parser.isSet(m_limitSeeds);
}

bool RunOptions::seedLimit(int* limit) const
{
    *limit = 0;
    if (!m_parser.isSet(m_limitSeeds)) {
        return true;
    }
    bool ok = false;
    *limit = m_parser.value(m_limitSeeds).toInt(&ok);
    if (!ok || *limit < 1) {
        printErr(prefix() + QStringLiteral("--limit-seeds: give a whole number of 1 or more\n"));
        return false;
    }
    return true;
}

bool RunOptions::applyTo(BackendSettings& settings, const QStringList& backendNames) const
{
    if (m_parser.isSet(m_backend)) {
        settings.backend = m_parser.value(m_backend);
        if (!backendNames.contains(settings.backend)) {
            printErr(prefix() +
                     QStringLiteral("--backend: \"%1\" is not one of %2\n")
                         .arg(settings.backend, backendNames.join(QStringLiteral(", "))));
            return false;
        }
    }
    if (m_parser.isSet(m_endpoint)) {
        settings.endpoints = m_parser.values(m_endpoint);
    }
    if (m_parser.isSet(m_model)) {
        settings.model = m_parser.value(m_model);
    }
    if (m_parser.isSet(m_concurrency)) {
        bool ok = false;
        const int n = m_parser.value(m_concurrency).toInt(&ok);
        if (!ok || n < 1) {
            printErr(prefix() +
                     QStringLiteral("--concurrency: give a whole number of 1 or more\n"));
            return false;
        }
        settings.concurrency = n;
    }
    if (m_parser.isSet(m_timeout)) {
        bool ok = false;
        const double t = m_parser.value(m_timeout).toDouble(&ok);
        if (!ok || !(t > 0)) {
            printErr(prefix() + QStringLiteral("--timeout: give a number of seconds above 0\n"));
            return false;
        }
        settings.timeoutSeconds = t;
    }
    return applyPrices(settings);
}

bool RunOptions::applyPrices(BackendSettings& settings) const
{
    std::optional<TokenPrices> given;
    if (!m_prices.read(m_parser, prefix(), &given))
        return false;
    if (given)
        settings.prices = given;
    return true;
}

QString RunOptions::baseName() const
{
    return ResultsPlace::baseName(probePath(), m_probeSuffix);
}

QString RunOptions::outDir() const
{
    return m_nested.isEmpty() ? resultsDir() : QDir(resultsDir()).filePath(m_nested);
}

QString RunOptions::resultsDir() const
{
    if (m_parser.isSet(m_out))
        return m_parser.value(m_out);
    if (!m_defaultOut.isEmpty())
        return m_defaultOut;
    return QFileInfo(probePath()).dir().filePath(baseName() + QStringLiteral("-results"));
}

QString RunOptions::storeFileName() const
{
    return baseName() + QStringLiteral(".pbrun");
}

void RunOptions::setDefaultOutput(const QString& outDir, const QString& storePath)
{
    m_defaultOut = outDir;
    m_defaultStore = storePath;
}

void RunOptions::nestResults(const QString& name)
{
    m_nested = name;
}

int RunOptions::openOutput(RunOutput* output) const
{
    QString* storePath = &output->storePath;
    if (m_parser.isSet(m_store))
        *storePath = m_parser.value(m_store);
    else if (!m_defaultStore.isEmpty() && !m_parser.isSet(m_out))
        *storePath = m_defaultStore;
    else if (!m_nested.isEmpty())
        *storePath = QDir(resultsDir()).filePath(storeFileName());
    else
        *storePath = output->results.filePath(storeFileName());
    QString error;
    // The lock file lives beside the store; that folder is the holder's if the lock is taken.
    const QString storeFolder = QFileInfo(*storePath).absolutePath();
    if (!QDir().mkpath(storeFolder)) {
        printErr(prefix() + QStringLiteral("%1: cannot create the folder for the store\n")
                                .arg(QDir::toNativeSeparators(storeFolder)));
        return ExitBadInput;
    }
    if (!output->lock.acquire(*storePath, &error)) {
        printErr(prefix() + QStringLiteral("%1\n").arg(error));
        // In use, or a folder that takes no new file though it could (a full disk).
        return StoreLock::otherHolder(*storePath) || QFileInfo(storeFolder).isWritable()
                   ? ExitFailure
                   : ExitBadInput;
    }
    if (!output->results.prepare(&error)) {
        printErr(prefix() + QStringLiteral("%1\n").arg(error));
        return ExitBadInput;
    }
    StoreFailure::Kind kind = StoreFailure::Kind::Unusable;
    if (!output->store.open(*storePath, &error, &kind)) {
        printErr(prefix() + QStringLiteral("%1\n").arg(error));
        return kind == StoreFailure::Kind::Unusable ? ExitBadInput : ExitFailure;
    }
    return ExitDone;
}

} // namespace pb::cli
