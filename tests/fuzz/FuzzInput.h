#pragma once

// Shared by the libFuzzer harnesses: each takes the fuzzer's bytes as the contents of one
// file (or one server reply) and hands them to a reader's parse function, nothing more, so a
// harness follows its reader wherever the reader's API goes.
#include <QByteArray>
#include <QCoreApplication>
#include <cstddef>
#include <cstdint>

namespace pb::fuzz {

inline QByteArray bytes(const uint8_t* data, size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

// Some readers name problems with tr(); one application object for the whole run.
inline void startQt(int* argc, char*** argv)
{
    static QCoreApplication app(*argc, *argv);
}

} // namespace pb::fuzz

#define PB_FUZZ_INITIALIZE                                                                         \
    extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)                                   \
    {                                                                                              \
        pb::fuzz::startQt(argc, argv);                                                             \
        return 0;                                                                                  \
    }
