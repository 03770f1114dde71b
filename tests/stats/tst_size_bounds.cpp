// The calibration study's bounds on how near alpha an exact two-sided sign-flip test can come
// on one probe's gaps (bench/study/SizeBounds), on gaps whose patterns can be counted by hand.
#include "SizeBounds.h"

#include <QTest>

using pb::study::SizeBounds;

class TestSizeBounds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void distinctGapsReachTwelveOf256()
    {
        // Powers of two: every pattern has its own sum, so the k-th most extreme pair has
        // p = 2k / 256 and six pairs are below 0.05.
        const SizeBounds b = SizeBounds::of({1, -2, 4, 8, -16, 32, 64, 128}, 0.05);
        QCOMPARE(b.nonzero, 8);
        QCOMPARE(b.anyTest, 12.0 / 256);
        QCOMPARE(b.labelFree, 12.0 / 256);
        QCOMPARE(b.ordered, 12.0 / 256);
        QCOMPARE(b.tieBroken, 12.0 / 256);
    }

    void zeroGapsHaveNoSign()
    {
        // Five nonzero gaps: the most extreme pair has p = 2/32 > 0.05, so nothing can flag.
        const SizeBounds five = SizeBounds::of({0, 1, 2, 0, 4, 8, 0, 16}, 0.05);
        QCOMPARE(five.nonzero, 5);
        QCOMPARE(five.anyTest, 0.0);
        QCOMPARE(five.labelFree, 0.0);
        QCOMPARE(five.ordered, 0.0);
        // Six: one pair, 2/64.
        const SizeBounds six = SizeBounds::of({0, 1, 2, 4, 8, 16, 32, 0}, 0.05);
        QCOMPARE(six.anyTest, 2.0 / 64);
        QCOMPARE(six.ordered, 2.0 / 64);
        // Within the test's 1e-9 tolerance a gap is zero.
        QCOMPARE(SizeBounds::of({1e-12, 1, 2, 4, 8, 16, 32, 0}, 0.05).nonzero, 6);
    }

    void equalGapsTie()
    {
        // Eight equal gaps: a label-free test sees only how many are positive; the classes of
        // 0 or 8 positives hold 2 patterns, 1 or 7 hold 16, so at most 2/256 fits under 0.05,
        // while a test that names the items could still pick 12 patterns.
        const SizeBounds b = SizeBounds::of({0.2, 0.2, 0.2, 0.2, -0.2, 0.2, 0.2, 0.2}, 0.05);
        QCOMPARE(b.anyTest, 12.0 / 256);
        QCOMPARE(b.labelFree, 2.0 / 256);
        QCOMPARE(b.ordered, 2.0 / 256);
        QCOMPARE(b.tieBroken, 2.0 / 256);
    }

    void knapsackPicksClassesTheOrderCannot()
    {
        // Gaps 1, 1, 2 and five zeros at alpha 0.3: 8 patterns. Sums +-4 (1 pattern each),
        // +-2 (2 each: +1-1+2, -1+1+2), 0 (2: +1+1-2, -1-1+2). Ordered by |sum|: the pair at
        // 4 has p 2/8 < 0.3, adding |2| gives 6/8: size 2/8. A label-free test may also take
        // the class at 0 (2 patterns): 4/8 > 0.3, no; the bound is 2/8 as well.
        const SizeBounds b = SizeBounds::of({1, 1, 2, 0, 0, 0, 0, 0}, 0.3);
        QCOMPARE(b.ordered, 2.0 / 8);
        QCOMPARE(b.labelFree, 2.0 / 8);
        QCOMPARE(b.anyTest, 2.0 / 8);
        // At 0.55 the ordered test still stops at 2/8 (the next |sum| reaches 6/8), while a
        // label-free test can add the class at 0 and reach 4/8.
        const SizeBounds wide = SizeBounds::of({1, 1, 2, 0, 0, 0, 0, 0}, 0.55);
        QCOMPARE(wide.ordered, 2.0 / 8);
        QCOMPARE(wide.labelFree, 4.0 / 8);
        QCOMPARE(wide.anyTest, 4.0 / 8);
        QVERIFY(wide.ordered <= wide.tieBroken && wide.tieBroken <= wide.labelFree);
    }
};

QTEST_GUILESS_MAIN(TestSizeBounds)
#include "tst_size_bounds.moc"
