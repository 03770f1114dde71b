#pragma once

// What the grading window tests share: the steps a user takes in a GradingWorkspace, waited for
// as the window reports them.

#include "TestPaths.h"
#include "grading/BlindScoringPanel.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingRunPanel.h"
#include "grading/GradingWorkspace.h"

#include <QFile>
#include <QSignalSpy>
#include <QString>

namespace pb::test {

inline constexpr int kGradingWait = 60000;

inline QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// One of the example's rater sheets (sheet_a.csv, sheet_b.csv).
inline QString calibrationCsv(const QString& name)
{
    return sourceDir() + QStringLiteral("/resources/examples/library-hours-calibration/") + name;
}

// Waits for the next read of the project's files and store to be shown.
inline bool waitForResults(GradingWorkspace& window)
{
    QSignalSpy shown(&window, &GradingWorkspace::resultsShown);
    return window.results() != nullptr || shown.wait(kGradingWait);
}

// Starts the Run tab's run of the chosen version and waits for the read after it.
inline bool runToTheEnd(GradingWorkspace& window)
{
    QSignalSpy shown(&window, &GradingWorkspace::resultsShown);
    if (!window.runPanel()->startRun())
        return false;
    return shown.wait(kGradingWait) && !window.project()->isRunning();
}

// A finished blind sheet for rater, scored by importing the example's csv.
inline bool finishSheet(GradingWorkspace& window, const QString& rater, const QString& csv)
{
    BlindScoringPanel* blind = window.blindPanel();
    QSignalSpy done(blind, &BlindScoringPanel::csvDone);
    if (!blind->createSheet(rater))
        return false;
    blind->importCsv(calibrationCsv(csv));
    return done.wait(kGradingWait) && done.constFirst().at(0).toBool() && blind->markComplete();
}

} // namespace pb::test
