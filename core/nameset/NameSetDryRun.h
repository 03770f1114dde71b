#pragma once

#include "nameset/NameSetDocument.h"
#include "nameset/NameSetReplyReader.h"
#include "run/TokenCount.h"

#include <QString>

namespace pb {

// A dry run on one name: the name's call on the first seed sent once through the backend the
// document's settings name (the stand-in being StandInNameSetBackend, as in a run), and the
// reply read exactly as a run reads it (NameSetReading), so a student sees before a run
// whether the model answers in valid JSON (seed 002). Nothing is recorded and nothing is
// asked again. ask() blocks until the reply or the backend's last retry: call it off the GUI
// thread. It stops early when the calling QThread is asked to stop (interruption). Its
// token counts times the run's planned calls are the estimate of the full run's tokens.
struct NameSetDryRun
{
    QString name;
    QString prompt; // the conversation sent, as the log shows it
    bool answered = false;
    QString reply;          // the raw reply, when answered
    QString error;          // why there is no reply (the backend's words), when not answered
    QString model;          // the model the server says answered
    NameSetReading reading; // when answered
    TokenCount tokens;      // what the server said the call used
    // The full run's tokens (and cost, at the settings' prices) from this one call's counts,
    // or why there is none (CostEstimate's words).
    QString estimate;

    static NameSetDryRun ask(const NameSetDocument& doc, int nameIndex);
};

} // namespace pb
