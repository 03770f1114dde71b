#include "FuzzInput.h"
#include "judge/RubricReader.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    pb::RubricReader::parse(pb::fuzz::bytes(data, size), QStringLiteral("fuzz.rubric.json"));
    return 0;
}
