#include "FuzzInput.h"
#include "backends/OpenAiReplyReader.h"

PB_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    pb::HttpFailure::Context context;
    context.endpoint = QUrl(QStringLiteral("http://127.0.0.1:8080/v1"));
    context.protocol = pb::WireProtocol::OpenAi;
    context.model = QStringLiteral("fuzz");
    context.path = QStringLiteral("/v1/chat/completions");
    pb::OpenAiReplyReader reader;
    reader.feed(pb::fuzz::bytes(data, size));
    pb::CallResult result;
    reader.finish(result, context);
    return 0;
}
