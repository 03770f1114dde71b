#include "FuzzInput.h"
#include "probe/ProbeReader.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    pb::ProbeReader::parse(pb::fuzz::bytes(data, size), QStringLiteral("fuzz.probe.json"));
    return 0;
}
