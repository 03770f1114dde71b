#pragma once

#include <QStringList>

namespace pb::cli {

// Each takes the arguments after the command name and returns the process exit code.
// They run their own event loop on the calling thread (QCoreApplication must exist).
int runCommand(const QStringList& args);
int analyzeCommand(const QStringList& args);
int modelsCommand(const QStringList& args);
int checkCommand(const QStringList& args);
// Writes the calls of a store's run that can still be read to DIR/log.csv, every row flagged
// "salvaged", with SALVAGED.txt saying what was lost: 0 when the store was whole, 3 when
// damage may have taken rows with it.
int salvageCommand(const QStringList& args);
// Compares a run's results with an approved baseline's: 0 pass, 4 blocked, 2 bad input;
// writes gate.json and gate-junit.xml.
int gateCommand(const QStringList& args);
// Agreement of two raters' score sheets with each other and with the judge's grades.csv,
// per rubric criterion: 0 done, 2 bad input; writes agreement.md and agreement.json.
int agreeCommand(const QStringList& args);
// Grades every submission of a folder against a rubric through the run store: writes
// grades.csv and the grading summary; 0 done, 2 bad input, 3 incomplete.
int gradeCommand(const QStringList& args);
// Grades a golden set's submissions (with its rubric, or a revision) and compares the levels
// with its expected ones: the grade outputs plus regression.md and summary.json's
// "regression" section, which `gate` reads; exit codes as grade's.
int regressCommand(const QStringList& args);

} // namespace pb::cli
