#pragma once

#include <QStringList>

namespace pb::cli {

// `probebench run FILE.judge.json [options]`: runs every judge of a judge probe
// ("format": "probebench/judge-probe@1"), records each judge call in the run store, and
// writes judge-log.csv, report.md, report.html and summary.json. RunCommand hands judge
// probe files here; args are the same arguments runCommand received.
int judgeRunCommand(const QStringList& args);

} // namespace pb::cli
