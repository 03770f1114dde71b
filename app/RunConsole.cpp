#include "RunConsole.h"

#include "CliText.h"

namespace pb::cli {

void RunConsole::startWatching()
{
    m_sincePrint.start();
    m_lastPrinted = -1;
}

void RunConsole::show(const RunProgress& p)
{
    if (m_quiet || (m_sincePrint.elapsed() < 1000 && p.remaining() > 0) ||
        p.done() == m_lastPrinted) {
        return;
    }
    m_lastPrinted = p.done();
    m_sincePrint.restart();
    printErr(m_line(p) + QLatin1Char('\n'));
}

void RunConsole::announceCancel() const
{
    printErr(QStringLiteral("\ncancelling: waiting for calls in flight; run again to resume\n"));
}

} // namespace pb::cli
