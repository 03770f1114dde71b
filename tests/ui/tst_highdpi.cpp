// At a device pixel ratio of 2 (QT_SCALE_FACTOR=2, set before the application starts) the
// window is drawn at twice the pixels: Qt 6 scales every widget by itself, and what the
// workbench draws from images (the application icon from its SVG, the banner's icon) is
// rendered for that ratio instead of being a one-ratio bitmap scaled up.
#include "MainWindow.h"
#include "widgets/NoticeBanner.h"

#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

class TestHighDpi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void windowIsDrawnAtTheScreensRatio();
    void applicationIconIsScalable_data();
    void applicationIconIsScalable();
    void bannerIconIsSharp();
};

void TestHighDpi::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-highdpi"));
    QSettings().clear();
    QCOMPARE(qApp->devicePixelRatio(), 2.0);
}

void TestHighDpi::windowIsDrawnAtTheScreensRatio()
{
    MainWindow window;
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QPixmap grab = window.grab();
    QCOMPARE(grab.devicePixelRatio(), 2.0);
    QCOMPARE(grab.size(), window.size() * 2);
}

void TestHighDpi::applicationIconIsScalable_data()
{
    QTest::addColumn<int>("extent");
    for (const int extent : {16, 48, 256})
        QTest::addRow("%d px", extent) << extent;
}

void TestHighDpi::applicationIconIsScalable()
{
    // The icon the application sets is its SVG: any size comes out at full resolution.
    QFETCH(int, extent);
    const QIcon icon(QStringLiteral(":/desktop/io.github.probebench.ProbeWorkbench.svg"));
    QVERIFY(!icon.isNull());
    const QPixmap pixmap = icon.pixmap(QSize(extent, extent), 2.0);
    QCOMPARE(pixmap.size(), QSize(extent * 2, extent * 2));
    QCOMPARE(pixmap.devicePixelRatio(), 2.0);
    const QImage image = pixmap.toImage();
    int opaque = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2)
            opaque += qAlpha(image.pixel(x, y)) > 0;
    }
    QVERIFY(opaque > image.width() * image.height() / 16); // drawn, not blank
}

void TestHighDpi::bannerIconIsSharp()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.banner()->showMessage(NoticeBanner::Tone::Warning, QStringLiteral("A warning"));
    const int size = window.style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, &window);
    bool found = false;
    for (QLabel* label : window.banner()->findChildren<QLabel*>()) {
        const QPixmap pixmap = label->pixmap();
        if (pixmap.isNull())
            continue;
        found = true;
        QCOMPARE(pixmap.devicePixelRatio(), 2.0);
        QCOMPARE(pixmap.size(), QSize(size, size) * 2);
    }
    QVERIFY(found);
}

int main(int argc, char** argv)
{
    qputenv("QT_SCALE_FACTOR", "2");
    QApplication app(argc, argv);
    TestHighDpi test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_highdpi.moc"
