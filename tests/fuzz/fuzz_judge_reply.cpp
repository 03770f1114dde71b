#include "FuzzInput.h"
#include "judge/JudgeReplyReader.h"
#include "judge/RubricReader.h"

#include <cstdlib>

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // The tutorial's rubric: a reply is read against the rubric its judge was given.
    static const pb::Rubric rubric = [] {
        const pb::RubricLoadResult loaded = pb::RubricReader::readFile(
            QStringLiteral(PB_FUZZ_EXAMPLES_DIR "/library-hours.rubric.json"));
        if (!loaded.rubric)
            std::abort();
        return *loaded.rubric;
    }();
    const QString raw = QString::fromUtf8(pb::fuzz::bytes(data, size));
    // Every way a judge configuration can ask: scored or pairwise, with or without evidence.
    for (const bool pairwise : {false, true}) {
        for (const bool evidence : {false, true}) {
            pb::JudgeReplyReader::read(raw, rubric, pairwise, evidence);
        }
    }
    return 0;
}
