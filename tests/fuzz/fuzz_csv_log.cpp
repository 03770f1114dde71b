#include "FuzzInput.h"
#include "log/CsvLogReader.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    pb::ImportedLog log;
    QString error;
    pb::CsvLogReader::parse(pb::fuzz::bytes(data, size), QStringLiteral("fuzz.csv"), QString(),
                            &log, &error);
    return 0;
}
