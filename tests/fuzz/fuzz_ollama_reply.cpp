#include "FuzzInput.h"
#include "backends/OllamaReplyReader.h"

PB_FUZZ_INITIALIZE

namespace {

void readReply(const QByteArray& body, bool streamed, qsizetype piece)
{
    pb::HttpFailure::Context context;
    context.endpoint = QUrl(QStringLiteral("http://127.0.0.1:11434"));
    context.protocol = pb::WireProtocol::Ollama;
    context.model = QStringLiteral("fuzz");
    context.path = QStringLiteral("/api/chat");
    pb::OllamaReplyReader reader(streamed);
    for (qsizetype at = 0; at < body.size(); at += piece) {
        reader.feed(body.mid(at, piece));
        reader.textSoFar();
    }
    pb::CallResult result;
    reader.finish(result, context);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray body = pb::fuzz::bytes(data, size);
    readReply(body, false, qMax<qsizetype>(1, body.size()));
    // Streamed replies arrive in pieces that cut lines anywhere: whole, and in 7-byte reads.
    readReply(body, true, qMax<qsizetype>(1, body.size()));
    readReply(body, true, 7);
    return 0;
}
