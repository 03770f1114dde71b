// Presenter mode: the sliders rerun the stand-in off the GUI thread and show the tutorial's
// numbers; the power table follows the gap and temperature sliders and passes the model
// tester; type is sized for a projector and follows the window and the zoom; nothing in the
// power table is cut off.
#include "pages/PresenterPage.h"
#include "presenter/PowerTableModel.h"
#include "presenter/ProjectorScale.h"
#include "probe/ProbeReader.h"
#include "results/GapChartView.h"
#include "widgets/PresenterWindow.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QChart>
#include <QDir>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace pb;

namespace {

constexpr int kLong = 30000;

QSlider* sliderNamed(PresenterPage& page, const QString& name)
{
    for (QSlider* s : page.findChildren<QSlider*>()) {
        if (s->accessibleName() == name) {
            return s;
        }
    }
    return nullptr;
}

// The widest line of a header's text in the header's font.
int headerTextWidth(const QHeaderView* header, int section)
{
    const QFontMetrics metrics(header->font());
    int widest = 0;
    const QString text = header->model()->headerData(section, Qt::Horizontal).toString();
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        widest = std::max(widest, metrics.horizontalAdvance(line));
    }
    return widest;
}

// Labels Qt Charts drew cut short ("Average +0...") anywhere in the chart.
QStringList elidedLabels(const QGraphicsItem* item)
{
    QStringList out;
    QString text;
    if (const auto* t = dynamic_cast<const QGraphicsTextItem*>(item)) {
        text = t->toPlainText();
    } else if (const auto* s = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) {
        text = s->text();
    }
    if (item->isVisible() &&
        (text.endsWith(QStringLiteral("...")) || text.endsWith(QChar(0x2026)))) {
        out << text;
    }
    for (const QGraphicsItem* child : item->childItems()) {
        out << elidedLabels(child);
    }
    return out;
}

} // namespace

class TestPresenter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-presenter"));
        QSettings().clear();
    }

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
        QCOMPARE(page.analysis()->probe.table.scoredRunsPerValue().fewest, 20);
        QCOMPARE(page.analysis()->probe.table.scoredRunsPerValue().most, 20);
        QVERIFY(page.headlineText().contains(QStringLiteral("p = 0.016")));
    }

    void powerTable()
    {
        PresenterPage page;
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), kLong);
        const PowerTable& table = page.powerTable();
        QCOMPARE(table.spec().plantedGaps, QList<double>{1.0}); // the slider's gap
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

    // The table is the one for the gap and temperature the sliders show, cell for cell.
    void powerTableFollowsTheSliders_data()
    {
        QTest::addColumn<int>("gapTenths");
        QTest::addColumn<int>("temperatureTenths");
        QTest::addRow("gap 0.5") << 5 << 8;
        QTest::addRow("cooler") << 10 << 4;
        QTest::addRow("gap 2.0, hotter") << 20 << 12;
    }
    void powerTableFollowsTheSliders()
    {
        QFETCH(int, gapTenths);
        QFETCH(int, temperatureTenths);
        PresenterPage page;
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), kLong);
        QSlider* gap = sliderNamed(page, QStringLiteral("Planted gap"));
        QSlider* temperature = sliderNamed(page, QStringLiteral("Temperature"));
        QVERIFY(gap && temperature);
        for (int v = gap->value(); v != gapTenths; v += gapTenths > v ? 1 : -1) {
            gap->setValue(v); // a drag passes through the values between
        }
        gap->setValue(gapTenths);
        temperature->setValue(temperatureTenths);
        QVERIFY(page.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), kLong);
        const double g = gapTenths / 10.0;
        const double t = temperatureTenths / 10.0;
        const PowerTable& table = page.powerTable();
        QVERIFY(table.complete());
        QCOMPARE(table.spec().plantedGaps, QList<double>{g});
        QCOMPARE(table.spec().temperature, t);
        const ProbeLoadResult probe =
            ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
        QVERIFY(probe.ok());
        for (const auto& [n, first] : {std::pair{5, qint64(201)}, std::pair{20, qint64(601)}}) {
            const std::optional<PowerCell> shown = table.cell(g, n, first);
            QVERIFY(shown);
            QCOMPARE(shown->p, PowerTable::computeCell(*probe.document, g, n, first, t).p);
        }
        auto* title = page.findChild<QLabel*>(QStringLiteral("presenterPowerTitle"));
        QVERIFY(title->text().contains(QStringLiteral("Planted gap %1").arg(g, 0, 'f', 1)));
        QVERIFY(!page.powerSummaryText().contains(QStringLiteral("Computing")));
    }

    void bodyTextFollowsTheWindow_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<int>("body");
        QTest::addRow("1080p") << QSize(1920, 1080) << 1.0 << 32;
        QTest::addRow("half of 1080p") << QSize(960, 540) << 1.0 << 16;
        QTest::addRow("5:4 goes by width") << QSize(1280, 1024) << 1.0 << 21;
        QTest::addRow("1080p zoomed in") << QSize(1920, 1080) << 1.1 << 35;
        QTest::addRow("tiny, zoomed out") << QSize(640, 360) << 0.5 << 11;
    }
    void bodyTextFollowsTheWindow()
    {
        QFETCH(QSize, size);
        QFETCH(double, zoom);
        QFETCH(int, body);
        QCOMPARE(ProjectorScale::bodyPixels(size, zoom), body);
        PresenterPage page;
        page.setZoom(zoom);
        page.resize(size);
        page.show();
        QTRY_COMPARE(page.bodyPixels(), body);
        QCOMPARE(page.powerView()->font().pixelSize(), body);
        QCOMPARE(page.powerView()->horizontalHeader()->font().pixelSize(), body);
        auto* headline = page.findChild<QLabel*>(QStringLiteral("presenterHeadline"));
        QVERIFY(headline->font().pixelSize() > body);
    }

    // Every header and number of the power table shows whole, with no scrolling, and the
    // chart keeps room for its plot beside its labels, at a projector's size and a laptop's.
    void nothingIsCutOff_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("zoom");
        QTest::addRow("1080p") << QSize(1920, 1080) << 1.0;
        QTest::addRow("1080p zoomed in") << QSize(1920, 1080) << 1.25;
        QTest::addRow("720p") << QSize(1280, 720) << 1.0;
        QTest::addRow("the old 1100x750") << QSize(1100, 750) << 1.0;
        QTest::addRow("4:3 projector") << QSize(1024, 768) << 1.0;
    }
    void nothingIsCutOff()
    {
        QFETCH(QSize, size);
        QFETCH(double, zoom);
        PresenterPage page;
        page.setZoom(zoom);
        page.resize(size);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), kLong);
        QCoreApplication::processEvents();
        QCOMPARE(page.size(), size); // the content fits: the page did not have to grow
        if (qEnvironmentVariableIsSet("PB_GRAB_DIR")) {
            page.grab().save(QDir(qEnvironmentVariable("PB_GRAB_DIR"))
                                 .filePath(QStringLiteral("presenter-%1x%2-%3.png")
                                               .arg(size.width())
                                               .arg(size.height())
                                               .arg(int(zoom * 100))));
        }
        QTableView* view = page.powerView();
        const QHeaderView* header = view->horizontalHeader();
        int total = 0;
        for (int c = 0; c < header->count(); ++c) {
            QVERIFY2(header->sectionSize(c) >= headerTextWidth(header, c),
                     qPrintable(QStringLiteral("column %1 (%2) is %3 px for %4 px of text")
                                    .arg(c)
                                    .arg(view->model()->headerData(c, Qt::Horizontal).toString())
                                    .arg(header->sectionSize(c))
                                    .arg(headerTextWidth(header, c))));
            const QFontMetrics cells(view->font());
            for (int r = 0; r < view->model()->rowCount(); ++r) {
                const QString text = view->model()->index(r, c).data().toString();
                QVERIFY(header->sectionSize(c) >= cells.horizontalAdvance(text));
            }
            total += header->sectionSize(c);
        }
        QVERIFY2(total <= view->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of columns in %2 px")
                                .arg(total)
                                .arg(view->viewport()->width())));
        QVERIFY(!view->horizontalScrollBar()->isVisible());
        QVERIFY(!view->verticalScrollBar()->isVisible());
        // Nothing drawn over anything else: the table's title, the table, its summary, the
        // chart and the live result each have a place of their own inside the page.
        auto place = [&page](const QWidget* w) {
            return QRect(w->mapTo(&page, QPoint(0, 0)), w->size());
        };
        const QList<const QWidget*> parts{
            view,
            page.chart(),
            page.findChild<QLabel*>(QStringLiteral("presenterPowerTitle")),
            page.findChild<QLabel*>(QStringLiteral("presenterPowerSummary")),
            page.findChild<QLabel*>(QStringLiteral("presenterHeadline")),
            page.findChild<QLabel*>(QStringLiteral("presenterTitle"))};
        for (qsizetype i = 0; i < parts.size(); ++i) {
            QVERIFY(page.rect().contains(place(parts[i])));
            for (qsizetype j = i + 1; j < parts.size(); ++j) {
                QVERIFY2(!place(parts[i]).intersects(place(parts[j])),
                         qPrintable(QStringLiteral("%1 overlaps %2")
                                        .arg(parts[i]->objectName(), parts[j]->objectName())));
            }
        }
        const auto* summary = qobject_cast<const QLabel*>(parts[3]);
        QVERIFY(summary->height() >= summary->heightForWidth(summary->width()));
        QVERIFY(page.bodyPixels() <= ProjectorScale::bodyPixels(size, zoom));
        const QChart* chart = page.chart()->chart();
        QVERIFY(chart->plotArea().height() > 4 * page.bodyPixels());
        QVERIFY(page.chart()->rect().contains(chart->plotArea().toRect()));
        const QStringList elided = elidedLabels(chart);
        QVERIFY2(elided.isEmpty(), qPrintable(elided.join(QStringLiteral(", "))));
    }

    void windowZoomsAndGoesFullScreen()
    {
        PresenterWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Three quarters of the screen, not a fixed 1100x750 (a small test screen may need
        // the content's minimum).
        const QSize screen = window.screen()->availableGeometry().size();
        QCOMPARE(window.size(), (screen * 3 / 4).expandedTo(window.minimumSizeHint()));
        QVERIFY(window.width() <= screen.width() && window.height() <= screen.height());
        PresenterPage* page = window.page();
        QCOMPARE(page->zoom(), 1.0);
        window.resize(1280, 720); // big enough that a zoom step changes the type
        QTRY_COMPARE(page->bodyPixels(), ProjectorScale::bodyPixels(page->size(), 1.0));
        const int unzoomed = page->bodyPixels();
        QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(page->zoom(), 1.1);
        QVERIFY(page->bodyPixels() > unzoomed);
        QCOMPARE(window.zoomResetAction()->text(), QStringLiteral("110%"));
        QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(page->zoom(), 1.0);
        QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(page->zoom(), 0.9);
        QCOMPARE(QSettings().value(QStringLiteral("presenter/zoom")).toDouble(), 0.9);
        window.zoomResetAction()->trigger();

        QToolButton* fullScreen = nullptr;
        for (QToolButton* b : window.findChildren<QToolButton*>()) {
            if (b->defaultAction() == window.fullScreenAction()) {
                fullScreen = b;
            }
        }
        QVERIFY(fullScreen);
        QVERIFY(fullScreen->isVisible());
        fullScreen->click();
        QTRY_VERIFY(window.isFullScreen());
        QCOMPARE(window.fullScreenAction()->text(), QStringLiteral("Leave full screen"));
        QTest::keyClick(&window, Qt::Key_Escape);
        QTRY_VERIFY(!window.isFullScreen());
        QTest::keyClick(&window, Qt::Key_F11);
        QTRY_VERIFY(window.isFullScreen());
    }
};

QTEST_MAIN(TestPresenter)
#include "tst_presenter.moc"
