#include "standin/PythonRandom.h"

#include <QtTest>
#include <bit>
#include <cstdio>

using pb::PythonRandom;

namespace {

// Doubles must match CPython bit for bit; QCOMPARE on doubles is fuzzy.
bool sameBits(double actual, double expected, QByteArray* message)
{
    if (std::bit_cast<quint64>(actual) == std::bit_cast<quint64>(expected))
        return true;
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, "actual %a, expected %a", actual, expected);
    *message = buffer;
    return false;
}

PythonRandom makeRandom(const QString& kind, const QString& seed)
{
    if (kind == QLatin1String("str"))
        return PythonRandom(seed);
    if (kind == QLatin1String("uint"))
        return PythonRandom(seed.toULongLong());
    if (kind == QLatin1String("signed"))
        return PythonRandom::fromSigned(seed.toLongLong());
    return PythonRandom::fromBigEndianMagnitude(QByteArray::fromHex(seed.toLatin1()));
}

} // namespace

class TestPythonRandom : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void random_data();
    void random();
    void rawOutputs();
    void rawOutputsAfterSecondTwist();
    void gaussSequence();
    void gaussCachesSecondValueAcrossRandom();
    void gaussFromBigSeed();
    void tutorialFirstDraw();
};

void TestPythonRandom::random_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("seed");
    QTest::addColumn<QList<double>>("expected");

    // python3 -c 'import random; r=random.Random(SEED); print([r.random().hex() for _ in
    // range(5)])' (CPython 3.11.7), with SEED as in each row's name.
    QTest::addRow("Random('abc')")
        << "str"
        << "abc"
        << QList<double>{0x1.8b46cfff46349p-1, 0x1.1dc8585d73f6ap-1, 0x1.6b47d93ab4973p-1,
                         0x1.6ad492fa823c0p-2, 0x1.a7b69cb1952e5p-1};
    QTest::addRow("Random(357)") << "uint"
                                 << "357"
                                 << QList<double>{0x1.78ead75f80cdcp-3, 0x1.df3213ecc26bap-1,
                                                  0x1.0054d050cab80p-4, 0x1.d4220c4f72114p-1,
                                                  0x1.148937123c954p-2};
    QTest::addRow("Random(-357) ignores the sign")
        << "signed"
        << "-357"
        << QList<double>{0x1.78ead75f80cdcp-3, 0x1.df3213ecc26bap-1, 0x1.0054d050cab80p-4,
                         0x1.d4220c4f72114p-1, 0x1.148937123c954p-2};
    QTest::addRow("Random(0)") << "uint"
                               << "0"
                               << QList<double>{0x1.b0580f98a7dbep-1, 0x1.84129978f9c1ap-1,
                                                0x1.aeaa51052e978p-2, 0x1.092178fb945a6p-2,
                                                0x1.05c5ccdf19707p-1};
    QTest::addRow("Random(2**32), low word zero")
        << "uint"
        << "4294967296"
        << QList<double>{0x1.ced31cb3df170p-4, 0x1.abdb5477a4f26p-2, 0x1.1139c02ebd380p-6,
                         0x1.39338e3811e8ep-1, 0x1.9c7dc430ca10dp-1};
    QTest::addRow("Random(2**64-1)")
        << "uint"
        << "18446744073709551615"
        << QList<double>{0x1.659799fd7f980p-6, 0x1.5a35a94f333d8p-2, 0x1.b21c0274c09a4p-3,
                         0x1.3af1cb8614c45p-1, 0x1.d6d201f9a6e6fp-1};
    QTest::addRow("Random(2**100+7), leading zero bytes")
        << "bytes"
        << "0000000010000000000000000000000007"
        << QList<double>{0x1.aa06d00a8c754p-2, 0x1.4e9b7ac47a1e8p-2, 0x1.1d03ed966b06bp-1,
                         0x1.743c6af088736p-1, 0x1.d185c9c9c76b4p-2};
    QTest::addRow("Random('')") << "str"
                                << ""
                                << QList<double>{0x1.eba2b25d163e4p-1, 0x1.30d9d60d3da22p-1,
                                                 0x1.8d52f16ea3076p-2, 0x1.7797eef02ec3ep-1,
                                                 0x1.c44402db32d80p-3};
    // Four NUL characters make the top 32-bit word zero, so CPython passes one word fewer.
    QTest::addRow("Random('\\0\\0\\0\\0')")
        << "str" << QString(4, QChar(0))
        << QList<double>{0x1.5cfc327a37780p-1, 0x1.a80ea8652acf7p-1, 0x1.baf7d5fefc7cap-1,
                         0x1.ff3d820eef4d8p-2, 0x1.6692c96e7287dp-1};
    QTest::addRow("Random('\\0\\0\\0')")
        << "str" << QString(3, QChar(0))
        << QList<double>{0x1.ed9f063168b6ap-2, 0x1.f263af7c6d7acp-2, 0x1.a756743b18812p-2,
                         0x1.0ec2dce3fd5c0p-2, 0x1.91781300448d7p-1};
    QTest::addRow("Random('héllo wörld ✓ lol 😀'), UTF-8 seed")
        << "str" << QStringLiteral("h\u00e9llo w\u00f6rld \u2713 lol \U0001F600")
        << QList<double>{0x1.acbff8616f717p-1, 0x1.070b4dcaa4ec0p-5, 0x1.bef85555a35b4p-1,
                         0x1.711e9db58ada5p-1, 0x1.564d5d0a2ddddp-1};
}

void TestPythonRandom::random()
{
    QFETCH(QString, kind);
    QFETCH(QString, seed);
    QFETCH(QList<double>, expected);

    PythonRandom rng = makeRandom(kind, seed);
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QByteArray message;
        QVERIFY2(sameBits(rng.random(), expected.at(i), &message),
                 QByteArray("draw " + QByteArray::number(i) + ": " + message).constData());
    }
}

void TestPythonRandom::rawOutputs()
{
    // r=random.Random(357); print([hex(r.getrandbits(32)) for _ in range(5)])
    const QList<quint32> expected{0x2f1d5ae7, 0x5f80cdd5, 0xef9909fc, 0xb309aeaa, 0x10054d05};
    PythonRandom rng(quint64(357));
    for (const quint32 value : expected)
        QCOMPARE(rng.nextUInt32(), value);
}

void TestPythonRandom::rawOutputsAfterSecondTwist()
{
    // r=random.Random(357); [r.getrandbits(32) for _ in range(700)];
    // print([hex(r.getrandbits(32)) for _ in range(3)])
    PythonRandom rng(quint64(357));
    for (int i = 0; i < 700; ++i)
        rng.nextUInt32();
    QCOMPARE(rng.nextUInt32(), 0xe1521871U);
    QCOMPARE(rng.nextUInt32(), 0x567efd98U);
    QCOMPARE(rng.nextUInt32(), 0x992d4e0bU);
}

void TestPythonRandom::gaussSequence()
{
    // r=random.Random("abc"); print([r.gauss(0,1).hex() for _ in range(4)])
    const QList<double> expected{0x1.6916416f45e1bp-3, -0x1.4413c54ffaa43p+0, -0x1.e1d95940fa9a1p-3,
                                 -0x1.cf83687c73d5bp-1};
    PythonRandom rng(QStringLiteral("abc"));
    for (const double value : expected) {
        QByteArray message;
        QVERIFY2(sameBits(rng.gauss(0.0, 1.0), value, &message), message.constData());
    }
}

void TestPythonRandom::gaussCachesSecondValueAcrossRandom()
{
    // r=random.Random("abc"); print(r.gauss(2.5,0.3).hex(), r.random().hex(),
    //                               r.gauss(2.5,0.3).hex(), r.gauss(2.5,0.3).hex())
    // The second gauss() is the cached sine half: random() in between does not clear it.
    PythonRandom rng(QStringLiteral("abc"));
    QByteArray message;
    QVERIFY2(sameBits(rng.gauss(2.5, 0.3), 0x1.46c537a07c82ap+1, &message), message.constData());
    QVERIFY2(sameBits(rng.random(), 0x1.6b47d93ab4973p-1, &message), message.constData());
    QVERIFY2(sameBits(rng.gauss(2.5, 0.3), 0x1.0f636f3400cdcp+1, &message), message.constData());
    QVERIFY2(sameBits(rng.gauss(2.5, 0.3), 0x1.141cdf76a969cp+1, &message), message.constData());
}

void TestPythonRandom::gaussFromBigSeed()
{
    // r=random.Random(2**63); print([r.gauss(0,1.5).hex() for _ in range(2)])
    PythonRandom rng(quint64(1) << 63);
    QByteArray message;
    QVERIFY2(sameBits(rng.gauss(0.0, 1.5), -0x1.aec56c91ab74fp+1, &message), message.constData());
    QVERIFY2(sameBits(rng.gauss(0.0, 1.5), -0x1.2cd06a3a44c33p+0, &message), message.constData());
}

void TestPythonRandom::tutorialFirstDraw()
{
    // The draw behind the tutorial's printed 6-step reply (seed 1, item 0, formal):
    // r=random.Random(f"1|{SYSTEM}\n\n{PAIRS[0]['formal']}"); print(r.gauss(0,1.5).hex())
    const QString prompt = QStringLiteral(
        "1|You are a course help assistant. Reply with numbered debugging steps.\n\n"
        "Hello. My Python loop prints the same value every time. Could you help me find the "
        "problem?");
    PythonRandom rng(prompt);
    QByteArray message;
    QVERIFY2(sameBits(rng.gauss(0.0, 1.5), 0x1.1c7595b0a8893p+1, &message), message.constData());
}

QTEST_GUILESS_MAIN(TestPythonRandom)
#include "tst_pythonrandom.moc"
