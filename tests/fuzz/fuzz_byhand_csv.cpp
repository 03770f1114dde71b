#include "FuzzInput.h"
#include "byhand/ByHandCsv.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QList<pb::ByHandEntry> entries;
    QStringList warnings;
    QString error;
    pb::ByHandCsv::fromCsv(pb::fuzz::bytes(data, size), QStringLiteral("fuzz-sheet.csv"),
                           QStringLiteral("steps"), &entries, &warnings, &error);
    return 0;
}
