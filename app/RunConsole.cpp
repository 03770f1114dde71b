#include "RunConsole.h"

#include "CliText.h"
#include "InterruptWatch.h"
#include "run/RunSession.h"

#include <QCoreApplication>
#include <cmath>

namespace pb::cli {

RunOutcome RunConsole::run(RunSession& session, QString* message)
{
    session.setPublishInterval(publishInterval());
    // The context of every connection below, so none outlives this call (the session may).
    QObject context;
    InterruptWatch interrupts;
    QObject::connect(&interrupts, &InterruptWatch::interrupted, &context, [&] {
        announceCancel();
        session.cancel();
    });
    QObject::connect(&session, &RunSession::unitStarted, &context,
                     [&](int unit, qint64 runId, bool resumed) {
                         m_sincePrint.start();
                         m_lastPrinted = -1;
                         if (!m_quiet) {
                             printErr(m_start(unit, runId, resumed) + QLatin1Char('\n'));
                         }
                     });
    QObject::connect(
        &session, &RunSession::progressChanged, &context,
        [&](int unit, const RunProgress& p) { show(p, session.unit(unit).wording.calls); });
    RunOutcome outcome = RunOutcome::Completed;
    QObject::connect(&session, &RunSession::finished, &context,
                     [&](RunOutcome o, const QString& text) {
                         outcome = o;
                         *message = text;
                         QCoreApplication::exit(0);
                     });
    QMetaObject::invokeMethod(&session, &RunSession::start, Qt::QueuedConnection);
    QCoreApplication::exec();
    return outcome;
}

QString RunConsole::progressLine(const RunProgress& p, const QString& calls)
{
    QString line = QStringLiteral("%1/%2 %3").arg(p.done()).arg(p.total).arg(calls);
    if (p.resumed > 0) {
        line += QStringLiteral(" (%1 from an earlier session)").arg(p.resumed);
    }
    if (p.failed > 0) {
        line += QStringLiteral(", %1 failed").arg(p.failed);
    }
    if (p.callsPerMinute > 0) {
        line += QStringLiteral(", %1 %2/min").arg(QString::number(p.callsPerMinute, 'f', 0), calls);
    }
    if (p.etaSeconds && p.remaining() > 0) {
        line += QStringLiteral(", about %1 s left")
                    .arg(QString::number(std::ceil(*p.etaSeconds), 'f', 0));
    }
    return line;
}

void RunConsole::show(const RunProgress& p, const QString& calls)
{
    if (m_quiet || (m_sincePrint.elapsed() < 1000 && p.remaining() > 0) ||
        p.done() == m_lastPrinted) {
        return;
    }
    m_lastPrinted = p.done();
    m_sincePrint.restart();
    printErr(progressLine(p, calls) + QLatin1Char('\n'));
}

void RunConsole::announceCancel() const
{
    printErr(QStringLiteral("\ncancelling: waiting for calls in flight; run again to resume\n"));
}

} // namespace pb::cli
