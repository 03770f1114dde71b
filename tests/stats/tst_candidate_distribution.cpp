#include "stats/detection/CandidateDistribution.h"
#include "stats/detection/JensenShannon.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace pb::detection;
using Labels = std::vector<std::string>;
using Labelled = CandidateDistribution::Labelled;
using Probabilities = std::vector<double>;

Q_DECLARE_METATYPE(Labels)
Q_DECLARE_METATYPE(Labelled)
Q_DECLARE_METATYPE(Probabilities)

namespace {

const Labels kYesNo{"yes", "no"};

void compareDistribution(const CandidateDistribution& d, const Probabilities& expected,
                         double outside)
{
    QCOMPARE(d.probabilities().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(std::abs(d.probabilities()[i] - expected[i]) < 1e-12,
                 qPrintable(QString::number(d.probabilities()[i], 'g', 17)));
    QVERIFY2(std::abs(d.outsideMass() - outside) < 1e-12,
             qPrintable(QString::number(d.outsideMass(), 'g', 17)));
}

} // namespace

class TestCandidateDistribution : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fromLogprobs_data();
    void fromLogprobs();
    void fromProbabilitiesKeepsTheOutsideMass();
    void fromSamples_data();
    void fromSamples();
    void refusals_data();
    void refusals();
    void choiceModeDivergenceFromSamples();
};

void TestCandidateDistribution::fromLogprobs_data()
{
    QTest::addColumn<Labelled>("logprobs");
    QTest::addColumn<Probabilities>("expected");
    QTest::addColumn<double>("outside");
    const double inf = std::numeric_limits<double>::infinity();

    // 0.6 + 0.2 on the candidates renormalise to 0.75 / 0.25; 0.2 is elsewhere ("maybe" and
    // the tokens the server did not list).
    QTest::addRow("off-list token")
        << Labelled{{"yes", std::log(0.6)}, {"no", std::log(0.2)}, {"maybe", std::log(0.1)}}
        << Probabilities{0.75, 0.25} << 0.2;
    QTest::addRow("two tokens for one candidate")
        << Labelled{{"yes", std::log(0.3)}, {"no", std::log(0.2)}, {"yes", std::log(0.3)}}
        << Probabilities{0.75, 0.25} << 0.2;
    QTest::addRow("log of zero") << Labelled{{"yes", 0.0}, {"no", -inf}} << Probabilities{1, 0}
                                 << 0.0;
    QTest::addRow("one candidate listed")
        << Labelled{{"no", std::log(0.5)}} << Probabilities{0, 1} << 0.5;
}

void TestCandidateDistribution::fromLogprobs()
{
    QFETCH(Labelled, logprobs);
    QFETCH(Probabilities, expected);
    QFETCH(double, outside);
    std::string error;
    const auto d = CandidateDistribution::fromLogprobs(kYesNo, logprobs, &error);
    QVERIFY2(d.has_value(), error.c_str());
    QCOMPARE(d->source(), CandidateSource::Logprobs);
    QCOMPARE(d->candidates(), kYesNo);
    compareDistribution(*d, expected, outside);
}

void TestCandidateDistribution::fromProbabilitiesKeepsTheOutsideMass()
{
    const auto d = CandidateDistribution::fromProbabilities(
        {"A", "B", "C", "D"}, {{"B", 0.3}, {"A", 0.1}, {"D", 0.1}, {"none", 0.5}});
    QVERIFY(d.has_value());
    QCOMPARE(d->source(), CandidateSource::Probabilities);
    compareDistribution(*d, {0.2, 0.6, 0.0, 0.2}, 0.5);
}

void TestCandidateDistribution::fromSamples_data()
{
    QTest::addColumn<Labels>("answers");
    QTest::addColumn<Probabilities>("expected");
    QTest::addColumn<double>("outside");
    QTest::addRow("one off-list answer")
        << Labels{"yes", "yes", "no", "yes", "maybe"} << Probabilities{0.75, 0.25} << 0.2;
    QTest::addRow("all one answer") << Labels{"no", "no", "no"} << Probabilities{0, 1} << 0.0;
    QTest::addRow("case matters") << Labels{"Yes", "yes"} << Probabilities{1, 0} << 0.5;
}

void TestCandidateDistribution::fromSamples()
{
    QFETCH(Labels, answers);
    QFETCH(Probabilities, expected);
    QFETCH(double, outside);
    std::string error;
    const auto d = CandidateDistribution::fromSamples(kYesNo, answers, &error);
    QVERIFY2(d.has_value(), error.c_str());
    QCOMPARE(d->source(), CandidateSource::SampledFrequencies);
    QCOMPARE(d->samples(), int(answers.size()));
    compareDistribution(*d, expected, outside);
}

void TestCandidateDistribution::refusals_data()
{
    QTest::addColumn<Labels>("candidates");
    QTest::addColumn<Labelled>("logprobs");
    QTest::addColumn<Labels>("answers");
    QTest::addColumn<QString>("message");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Labelled someLogprobs{{"yes", std::log(0.5)}};
    const Labels someAnswers{"yes"};

    QTest::addRow("no candidates") << Labels{} << someLogprobs << someAnswers << "empty";
    QTest::addRow("duplicate candidate")
        << Labels{"yes", "no", "yes"} << someLogprobs << someAnswers << "\"yes\" is listed twice";
    QTest::addRow("positive logprob")
        << kYesNo << Labelled{{"yes", 0.5}} << someAnswers << "entry 1 (\"yes\"): log probability";
    QTest::addRow("NaN logprob") << kYesNo << Labelled{{"yes", -1.0}, {"no", nan}} << someAnswers
                                 << "entry 2 (\"no\")";
    QTest::addRow("mass above 1") << kYesNo
                                  << Labelled{{"yes", std::log(0.7)}, {"no", std::log(0.7)}}
                                  << someAnswers << "more than 1";
    QTest::addRow("no candidate mass")
        << kYesNo << Labelled{{"maybe", std::log(0.9)}} << Labels{"maybe", "unsure"}
        << "no mass falls on any candidate";
}

// Every row is refused through the logprob path; rows whose answers hold no candidate are also
// refused through the sampled path, with its own message.
void TestCandidateDistribution::refusals()
{
    QFETCH(Labels, candidates);
    QFETCH(Labelled, logprobs);
    QFETCH(Labels, answers);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!CandidateDistribution::fromLogprobs(candidates, logprobs, &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
    error.clear();
    const auto sampled = CandidateDistribution::fromSamples(candidates, answers, &error);
    if (candidates.empty() || candidates.size() == 3)
        QVERIFY(!sampled && !error.empty());
    if (answers == Labels{"maybe", "unsure"}) {
        QVERIFY(!sampled);
        QVERIFY2(QString::fromStdString(error).contains("none of the 2 sampled answers"),
                 error.c_str());
    }
    QVERIFY(!CandidateDistribution::fromSamples(kYesNo, {}, &error));
    QCOMPARE(error, std::string("no samples to count"));
}

// CHOICE mode's fallback end to end: two prompts' sampled answers become distributions over the
// same candidates, and their divergence is the hand value for [0.75, 0.25] against [0.25, 0.75].
void TestCandidateDistribution::choiceModeDivergenceFromSamples()
{
    const auto standard = CandidateDistribution::fromSamples(kYesNo, {"yes", "yes", "no", "yes"});
    const auto counterfactual =
        CandidateDistribution::fromSamples(kYesNo, {"no", "yes", "no", "no", "garbled"});
    QVERIFY(standard && counterfactual);
    const Divergence d =
        JensenShannon::between(standard->probabilities(), counterfactual->probabilities());
    QVERIFY2(d.valid, d.refusal.c_str());
    const double hand = 0.75 * std::log2(1.5) + 0.25 * std::log2(0.5);
    QVERIFY(std::abs(d.bits - hand) < 1e-15);
    QCOMPARE(counterfactual->outsideMass(), 0.2);
}

QTEST_GUILESS_MAIN(TestCandidateDistribution)
#include "tst_candidate_distribution.moc"
