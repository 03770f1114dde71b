#include "CliCommands.h"
#include "CliText.h"

#include <QCoreApplication>
#include <QFileInfo>

#ifdef PB_WITH_GUI
#include "WindowHandoff.h"
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
    if (name == QLatin1String("gate")) {
        return pb::cli::gateCommand;
    }
    if (name == QLatin1String("agree")) {
        return pb::cli::agreeCommand;
    }
    if (name == QLatin1String("grade")) {
        return pb::cli::gradeCommand;
    }
    if (name == QLatin1String("regress")) {
        return pb::cli::regressCommand;
    }
    return nullptr;
}

// The first argument that is not a file this user can read, or an empty string.
QString unreadableFile(const QStringList& args)
{
    for (const QString& arg : args) {
        const QFileInfo info(arg);
        if (!info.isFile() || !info.isReadable()) {
            return arg;
        }
    }
    return QString();
}

int notCommandNorFile(const QString& arg)
{
    pb::cli::printErr(
        QStringLiteral("probebench: \"%1\" is neither a command nor a readable file\n\n").arg(arg) +
        pb::cli::helpText());
    return pb::cli::ExitBadInput;
}

#ifdef PB_WITH_GUI
int openWindow(int argc, char** argv)
{
    pb::WorkbenchApplication app(argc, argv);
    QStringList files = app.fileArguments();
    if (const QString bad = unreadableFile(files); !bad.isEmpty()) {
        return notCommandNorFile(bad);
    }
    for (QString& file : files) {
        file = QFileInfo(file).absoluteFilePath();
    }
    pb::WindowHandoff handoff;
    switch (handoff.handOverOrClaim(files)) {
    case pb::WindowHandoff::Outcome::HandedOver:
        pb::cli::printOut(files.isEmpty()
                              ? QStringLiteral("probebench: the workbench window is already open\n")
                              : QStringLiteral("probebench: opened in the workbench window "
                                               "already open\n"));
        return pb::cli::ExitDone;
    case pb::WindowHandoff::Outcome::NoAnswer:
        pb::cli::printErr(QStringLiteral("probebench: %1\n").arg(handoff.errorString()));
        return pb::cli::ExitFailure;
    case pb::WindowHandoff::Outcome::Claimed:
        break;
    }
    QObject::connect(&handoff, &pb::WindowHandoff::filesReceived, &handoff,
                     [&app](const QStringList& received) { app.openFiles(received); });
    return app.exec(files);
}
#endif

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
        // Files to open: every argument is checked before any window (or display) is needed.
        QStringList args;
        for (int i = 1; i < argc; ++i) {
            args << QString::fromLocal8Bit(argv[i]);
        }
        if (const QString bad = unreadableFile(args); !bad.isEmpty()) {
            return notCommandNorFile(bad);
        }
    }
#ifdef PB_WITH_GUI
    return openWindow(argc, argv);
#else
    pb::cli::printErr(
        QStringLiteral("probebench was built without the window; use a command:\n\n") +
        pb::cli::helpText());
    return pb::cli::ExitBadInput;
#endif
}
