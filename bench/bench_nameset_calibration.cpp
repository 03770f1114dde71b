// How often a name-set probe on the stand-in is called significant at alpha 0.05: with no
// planted shift (the false-positive rate, which must sit near 0.05) and with a planted score
// shift for one group (which must rise with the shift). Each simulated probe is the whole
// kind minus the network: the plan's requests, the stand-in's replies, the fail-closed
// reader, the analysis the CLI uses. 2 groups x 8 names x 5 seeds, so the names permutation
// test is exact (12,870 assignments); each probe has a seed block of its own. 2,000 probes by
// default: at 500 the rate's own binomial noise (SD 0.01) is as wide as the band it must sit in.
// Every probe also asks its names again on a shifted seed block, so the same-versus-same check
// (the sign-flip p over the names' moves between blocks) is counted too: it must flag about 5%
// whatever the planted shift, since the shift moves both blocks alike.
// Prints: nameset <shift> <probes> <flagged>, then nameset-same <shift> <probes> <flagged>
#include "nameset/NameSetAnalysis.h"
#include "nameset/NameSetReplyReader.h"
#include "nameset/NameSetRun.h"
#include "nameset/StandInNameSetBackend.h"

#include <QCoreApplication>
#include <cstdio>

using namespace pb;

namespace {

NameSetDocument design(double shift, int block)
{
    NameSetDocument doc;
    doc.task = QStringLiteral("Screen the resume.");
    doc.document = QStringLiteral("Resume of {name}.");
    for (const char* group : {"A", "B"}) {
        for (int i = 1; i <= 8; ++i)
            doc.names << NameEntry{QStringLiteral("Name %1%2").arg(QLatin1String(group)).arg(i),
                                   QLatin1String(group),
                                   {}};
    }
    doc.decisions = {{QStringLiteral("advance"), QStringLiteral("reject")},
                     {QStringLiteral("advance")}};
    doc.score = {1, 10};
    doc.noise.enabled = true;
    doc.noise.seedOffset = 500;
    for (int s = 1; s <= 5; ++s)
        doc.settings.seeds << qint64(block) * 1000 + s;
    doc.standIn.groupShift.insert(QStringLiteral("B"), shift);
    return doc;
}

NameSetAnalysis analyse(const NameSetDocument& doc)
{
    const StandInNameSetBackend model(doc);
    NameSetResults results;
    results.planned = NameSetRun::callCount(doc);
    for (const CallRequest& r : NameSetRun::plan(doc)) {
        const NameSetReading reading =
            NameSetReading::read(model.replyFor(r), doc.decisions, doc.score);
        NameSetObservation o;
        o.name = r.itemIndex;
        o.seed = r.seed;
        o.arm = r.arm;
        o.invalid = !reading.valid;
        if (reading.valid) {
            o.score = reading.score;
            o.decision = reading.decision;
            o.favourable = doc.decisions.isFavourable(reading.decision);
        }
        results.observations << o;
    }
    return NameSetAnalysis::compute(doc, results);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int probes = argc > 1 ? std::atoi(argv[1]) : 2000;
    for (const double shift : {0.0, 0.25, 0.5, 1.0, 1.5}) {
        int hits = 0;
        int sameHits = 0;
        for (int p = 0; p < probes; ++p) {
            const NameSetAnalysis a = analyse(design(shift, p + 1));
            hits += a.significant() ? 1 : 0;
            sameHits += a.noise && a.noise->signFlip.p < a.alpha ? 1 : 0;
        }
        std::printf("nameset %.2f %d %d\n", shift, probes, hits);
        std::printf("nameset-same %.2f %d %d\n", shift, probes, sameHits);
        std::fflush(stdout);
    }
    return 0;
}
