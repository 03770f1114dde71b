#include "FuzzInput.h"
#include "byhand/ByHandSheetJson.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QList<pb::ByHandEntry> entries;
    QString error;
    pb::ByHandSheetJson::fromJson(QString::fromUtf8(pb::fuzz::bytes(data, size)), &entries, &error);
    return 0;
}
