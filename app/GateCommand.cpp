#include "CliCommands.h"
#include "CliText.h"
#include "gate/ReleaseGate.h"
#include "probe/WholeFile.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace pb::cli {

namespace {

// A results folder or its summary.json.
std::optional<QJsonObject> readSummary(const QString& given, QString* error)
{
    const QFileInfo info(given);
    const QString path =
        info.isDir() ? QDir(given).filePath(QStringLiteral("summary.json")) : given;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return std::nullopt;
    }
    constexpr qint64 kMaxSummaryBytes = 64LL * 1024 * 1024;
    if (file.size() > kMaxSummaryBytes) {
        *error = QStringLiteral("%1: larger than 64 MB, not a summary.json")
                     .arg(QDir::toNativeSeparators(path));
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: not a JSON object (%2)")
                     .arg(QDir::toNativeSeparators(path), parse.errorString());
        return std::nullopt;
    }
    return doc.object();
}

bool readLimit(const QCommandLineParser& parser, const QCommandLineOption& option, double low,
               double high, std::optional<double>* out)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    const double v = parser.value(option).toDouble(&ok);
    if (!ok || v < low || v > high) {
        printErr(QStringLiteral("probebench gate: --%1: give a number from %2 to %3\n")
                     .arg(option.names().constFirst())
                     .arg(low)
                     .arg(high));
        return false;
    }
    *out = v;
    return true;
}

} // namespace

int gateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    const QCommandLineOption baseline(QStringLiteral("baseline"),
                                      QStringLiteral("the approved run's results"),
                                      QStringLiteral("DIR"));
    const QCommandLineOption alpha(QStringLiteral("alpha"), QStringLiteral("significance level"),
                                   QStringLiteral("A"));
    const QCommandLineOption drop(QStringLiteral("max-air-drop"),
                                  QStringLiteral("largest allowed fall of an impact ratio"),
                                  QStringLiteral("X"));
    const QCommandLineOption gap(QStringLiteral("max-score-gap"),
                                 QStringLiteral("largest allowed gap between group means"),
                                 QStringLiteral("G"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 QStringLiteral("where gate.json and gate-junit.xml go"),
                                 QStringLiteral("DIR"));
    const QCommandLineOption agreementDrop(
        QStringLiteral("max-agreement-drop"),
        QStringLiteral("largest allowed fall of a criterion's agreement with a golden set"),
        QStringLiteral("X"));
    parser.addOptions({baseline, alpha, drop, gap, agreementDrop, out});
    if (!parser.parse(QStringList{QStringLiteral("probebench gate")} + args)) {
        printErr(QStringLiteral("probebench gate: %1\n").arg(parser.errorText()));
        return ExitBadInput;
    }
    if (parser.positionalArguments().size() != 1 || !parser.isSet(baseline)) {
        printErr(QStringLiteral("probebench gate: give one results folder and --baseline DIR\n"));
        return ExitBadInput;
    }
    GateThresholds thresholds;
    std::optional<double> givenAlpha;
    if (!readLimit(parser, alpha, 0.0, 1.0, &givenAlpha) ||
        !readLimit(parser, drop, 0.0, 1.0, &thresholds.maxRatioDrop) ||
        !readLimit(parser, gap, 0.0, 1e12, &thresholds.maxScoreGap) ||
        !readLimit(parser, agreementDrop, 0.0, 1.0, &thresholds.maxAgreementDrop))
        return ExitBadInput;
    thresholds.alpha = givenAlpha.value_or(thresholds.alpha);
    QString error;
    const QString currentPath = parser.positionalArguments().constFirst();
    const std::optional<QJsonObject> current = readSummary(currentPath, &error);
    const std::optional<QJsonObject> base =
        current ? readSummary(parser.value(baseline), &error) : std::nullopt;
    if (!current || !base) {
        printErr(QStringLiteral("probebench gate: %1\n").arg(error));
        return ExitBadInput;
    }
    const ReleaseGate::Outcome outcome = ReleaseGate::evaluate(*current, *base, thresholds);
    if (!outcome.inputError.isEmpty()) {
        printErr(QStringLiteral("probebench gate: %1\n").arg(outcome.inputError));
        return ExitBadInput;
    }
    const QDir dir(
        parser.isSet(out)
            ? parser.value(out)
            : (QFileInfo(currentPath).isDir() ? currentPath : QFileInfo(currentPath).path()));
    if (!QDir().mkpath(dir.path()) ||
        !WholeFile::write(dir.filePath(QStringLiteral("gate.json")),
                          QJsonDocument(ReleaseGate::toJson(outcome, thresholds)).toJson(),
                          &error) ||
        !WholeFile::write(dir.filePath(QStringLiteral("gate-junit.xml")),
                          ReleaseGate::toJUnit(outcome), &error)) {
        printErr(QStringLiteral("probebench gate: %1\n").arg(error));
        return ExitFailure;
    }
    for (const GateCheck& c : outcome.checks)
        printOut(QStringLiteral("%1 %2: %3\n")
                     .arg(c.passed ? QStringLiteral("pass ") : QStringLiteral("BLOCK"), c.name,
                          c.detail));
    if (!outcome.sideBySide.isEmpty()) {
        printOut(QStringLiteral("side by side, baseline -> run:\n"));
        for (const GateComparison& c : outcome.sideBySide)
            printOut(QStringLiteral("  %1: %2 -> %3\n").arg(c.what, c.baseline, c.current));
    }
    printOut(outcome.blocked() ? QStringLiteral("release blocked\n")
                               : QStringLiteral("release may go\n"));
    return outcome.blocked() ? ExitBlocked : ExitDone;
}

} // namespace pb::cli
