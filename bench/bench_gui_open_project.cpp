// Opening a large project in the window: a .pbrun store of one finished run (bench/run.sh
// makes a 102,000-call one with the CLI) opened through MainWindow::openPath, offscreen, as
// a user opening the file would. Timed until the Results page shows the run, then until
// every page has read it (the Run page's log, the Report); memory is the process's peak
// resident size (VmHWM) at each point. Targets: shown in under 1 s, under 300 MB.
//
//   QT_QPA_PLATFORM=offscreen build/bench/bench_gui_open_project STORE.pbrun
#include "MainWindow.h"
#include "pages/ResultsPage.h"
#include "pages/RunPage.h"
#include "results/PerItemTableModel.h"
#include "results/RunAnalysisLoader.h"
#include "run/CallLogModel.h"
#include "run/StoredCallsLoader.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace {

// A line of /proc/self/status in MiB ("VmHWM:  123456 kB").
double statusMiB(const QByteArray& key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) {
        return -1;
    }
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(key)) {
            return line.mid(key.size() + 1).trimmed().split(' ').value(0).toDouble() / 1024.0;
        }
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    QTemporaryDir data; // no recent files or settings of the user's
    qputenv("XDG_DATA_HOME", data.path().toUtf8());
    qputenv("XDG_CONFIG_HOME", data.path().toUtf8());
    QApplication app(argc, argv);
    initResources();
    QTextStream out(stdout);
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.size() != 1) {
        out << "usage: bench_gui_open_project STORE.pbrun" << Qt::endl;
        return 2;
    }
    pb::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QCoreApplication::processEvents();
    const double before = statusMiB("VmRSS:");

    auto* results = window.findChild<pb::ResultsPage*>();
    if (!results) {
        out << "the window has no Results page" << Qt::endl;
        return 1;
    }
    // Every reader of stored calls in the window: Results', the Report's, the Run page's.
    const auto busy = [&window] {
        for (auto* l : window.findChildren<pb::StoredCallsLoader*>()) {
            if (l->isBusy()) {
                return true;
            }
        }
        for (auto* l : window.findChildren<pb::RunAnalysisLoader*>()) {
            if (l->isBusy()) {
                return true;
            }
        }
        return false;
    };
    double shownMs = -1;
    double shownPeak = -1;
    QElapsedTimer clock;
    QObject::connect(results, &pb::ResultsPage::runShown, [&] {
        shownMs = double(clock.nsecsElapsed()) / 1e6;
        shownPeak = statusMiB("VmHWM:");
    });

    clock.start();
    if (!window.openPath(args[0])) {
        out << "cannot open " << args[0] << Qt::endl;
        return 1;
    }
    const double openCall = double(clock.nsecsElapsed()) / 1e6;
    while (shownMs < 0 || busy()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
        if (clock.elapsed() > 120000) {
            out << "not shown within 120 s" << Qt::endl;
            return 1;
        }
    }
    QCoreApplication::processEvents();
    const double settledMs = double(clock.nsecsElapsed()) / 1e6;
    const double peak = statusMiB("VmHWM:");
    const double rss = statusMiB("VmRSS:");
    const int items = results->tableModel() ? results->tableModel()->rowCount() : 0;
    const int logRows = window.runPage()->logModel()->rowCount();
    out << "bench=gui_open_project store=" << QFileInfo(args[0]).fileName()
        << " open_call_ms=" << QString::number(openCall, 'f', 1)
        << " results_shown_ms=" << QString::number(shownMs, 'f', 1)
        << " peak_rss_at_shown_mib=" << QString::number(shownPeak, 'f', 1)
        << " all_pages_read_ms=" << QString::number(settledMs, 'f', 1)
        << " peak_rss_mib=" << QString::number(peak, 'f', 1)
        << " rss_mib=" << QString::number(rss, 'f', 1)
        << " rss_before_open_mib=" << QString::number(before, 'f', 1) << " items=" << items
        << " run_log_rows=" << logRows << Qt::endl;
    out << "headline: " << results->headlineText() << Qt::endl;
    return 0;
}
