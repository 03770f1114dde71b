#pragma once

#include "backends/HttpFailure.h"
#include "run/CallResult.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pb {

// Turns the body of one 2xx chat reply into a CallResult, in whatever pieces the body
// arrives. One reader per try.
class ReplyReader
{
public:
    virtual ~ReplyReader() = default;

    // Takes the next bytes of the body. Returns true when textSoFar() grew (only readers
    // of streamed replies ever return true).
    virtual bool feed(const QByteArray& bytes) = 0;
    virtual QString textSoFar() const = 0;
    // The body has ended: fills reply, modelReported and details of result, or says why
    // the body is not a reply.
    virtual std::optional<HttpFailure> finish(CallResult& result,
                                              const HttpFailure::Context& context) = 0;
};

} // namespace pb
