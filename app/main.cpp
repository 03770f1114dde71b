#include "CliCommands.h"
#include "CliText.h"

#include <QCoreApplication>

#ifdef PB_WITH_GUI
#include "WorkbenchApplication.h"
#endif

#include <memory>

namespace {

using Command = int (*)(const QStringList&);

Command commandNamed(const QString& name)
{
    if (name == QLatin1String("run")) {
        return pb::cli::runCommand;
    }
    if (name == QLatin1String("analyze") || name == QLatin1String("analyse")) {
        return pb::cli::analyzeCommand;
    }
    if (name == QLatin1String("models")) {
        return pb::cli::modelsCommand;
    }
    if (name == QLatin1String("check")) {
        return pb::cli::checkCommand;
    }
    if (name == QLatin1String("salvage")) {
        return pb::cli::salvageCommand;
    }
    return nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (first == QLatin1String("--help") || first == QLatin1String("-h") ||
        first == QLatin1String("help")) {
        pb::cli::printOut(pb::cli::helpText());
        return pb::cli::ExitDone;
    }
    if (first == QLatin1String("--version")) {
        pb::cli::printOut(QStringLiteral("probebench %1\n").arg(QStringLiteral(PB_VERSION)));
        return pb::cli::ExitDone;
    }
    if (const Command command = commandNamed(first)) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("probebench"));
        QCoreApplication::setApplicationVersion(QStringLiteral(PB_VERSION));
        QStringList args = QCoreApplication::arguments().mid(2);
        return command(args);
    }
    if (!first.isEmpty() && !first.startsWith(QLatin1Char('-'))) {
        pb::cli::printErr(QStringLiteral("probebench: unknown command \"%1\"\n\n").arg(first) +
                          pb::cli::helpText());
        return pb::cli::ExitBadInput;
    }
#ifdef PB_WITH_GUI
    return pb::runWorkbench(argc, argv);
#else
    pb::cli::printErr(
        QStringLiteral("probebench was built without the window; use a command:\n\n") +
        pb::cli::helpText());
    return pb::cli::ExitBadInput;
#endif
}
