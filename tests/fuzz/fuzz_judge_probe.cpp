#include "FuzzInput.h"
#include "judge/JudgeProbeReader.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // A rubric named by file is looked up beside the examples, so the seed's rubric is found.
    static const QDir rubricDir(QStringLiteral(PB_FUZZ_EXAMPLES_DIR));
    pb::JudgeProbeReader::parse(pb::fuzz::bytes(data, size), QStringLiteral("fuzz.judge.json"),
                                rubricDir);
    return 0;
}
