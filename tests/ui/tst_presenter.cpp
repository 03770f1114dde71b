// Presenter mode: the sliders rerun the stand-in off the GUI thread and show the tutorial's
// numbers; the power table is filled and passes the model tester.
#include "pages/PresenterPage.h"
#include "presenter/PowerTableModel.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using namespace pb;

class TestPresenter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slidersRerun_data()
    {
        QTest::addColumn<double>("gap");
        QTest::addColumn<int>("seeds");
        QTest::addColumn<QString>("average");
        QTest::addColumn<QString>("p");
        QTest::addRow("tutorial") << 1.0 << 20 << "+0.70"
                                  << "p = 0.016";
        QTest::addRow("five seeds") << 1.0 << 5 << "+0.65"
                                    << "p = 0.109";
        QTest::addRow("no planted gap") << 0.0 << 20 << "-0.02"
                                        << "p = 0.891";
    }

    void slidersRerun()
    {
        QFETCH(double, gap);
        QFETCH(int, seeds);
        QFETCH(QString, average);
        QFETCH(QString, p);
        PresenterPage page;
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 20000);
        page.setParameters(gap, seeds, 0.8, 1);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy() && page.headlineText().contains(average), 20000);
        QVERIFY2(page.headlineText().contains(p), qPrintable(page.headlineText()));
        QVERIFY(page.analysis()->noise.has_value());
    }

    void sliderMovesAreCoalesced()
    {
        PresenterPage page;
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 20000);
        QSlider* seeds = nullptr;
        for (QSlider* s : page.findChildren<QSlider*>()) {
            if (s->accessibleName() == QLatin1String("Seeds per value")) {
                seeds = s;
            }
        }
        QVERIFY(seeds);
        for (int n = 1; n <= 20; ++n) {
            seeds->setValue(n); // a drag: many values, the last one must win
        }
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 20000);
        QCOMPARE(page.analysis()->runsPerValue(), 20);
        QVERIFY(page.headlineText().contains(QStringLiteral("p = 0.016")));
    }

    void powerTable()
    {
        PresenterPage page;
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 30000);
        const PowerTable& table = page.powerTable();
        QVERIFY(table.complete());
        auto* view = page.findChild<QAbstractItemView*>();
        QVERIFY(view);
        auto* model = qobject_cast<PowerTableModel*>(view->model());
        QVERIFY(model);
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), int(table.spec().seedCounts.size()));
        const int row20 = int(table.spec().seedCounts.indexOf(20));
        const int row5 = int(table.spec().seedCounts.indexOf(5));
        QCOMPARE(model->index(row20, 1).data().toString(), QStringLiteral("0.016"));
        QCOMPARE(model->index(row5, 1).data().toString(), QStringLiteral("0.109"));
        QVERIFY(!model->index(row5, 1).data(PowerTableModel::DetectedRole).toBool());
        const int detectedColumn = 1 + int(table.spec().blockStarts.size());
        QCOMPARE(model->index(row20, detectedColumn).data().toString(), QStringLiteral("4 / 4"));
        QVERIFY(model->index(row20, detectedColumn).data(PowerTableModel::DetectedRole).toBool());
        model->setTable(PowerTable());
        QCOMPARE(model->rowCount(), 0);
    }
};

QTEST_MAIN(TestPresenter)
#include "tst_presenter.moc"
