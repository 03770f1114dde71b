// Every page of the main window and of the judge window, rendered under the Light and the
// Dark theme after a stand-in run: the palette roles each visible widget draws with, and the
// theme colours drawn over them (charts, heat map, banners, word marks, table cells), must
// meet the WCAG contrast ratio (4.5 for text, 3 for chart marks). Set PB_GRAB_DIR to keep the
// pictures (theme-<palette>-<page>.png); the test also checks they came out light or dark.
#include "MainWindow.h"
#include "judge/JudgeRunPanel.h"
#include "judge/JudgeWorkspace.h"
#include "pages/ReportPage.h"
#include "run/BackgroundRun.h"
#include "run/RunControl.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ThemeChoice.h"
#include "widgets/ThemeColours.h"

#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;
using Theme = ThemeChoice::Theme;

Q_DECLARE_METATYPE(ThemeChoice::Theme)

namespace {

constexpr double kText = 4.5;    // WCAG 2 AA, normal text
constexpr double kGraphic = 3.0; // WCAG 2 AA, non-text marks (bars, lines, fills)

struct Pair
{
    const char* what;
    QColor ink;
    QColor background;
    double needed;
};

QString shortfall(const Pair& p)
{
    return QStringLiteral("%1: %2 on %3 is %4:1, needs %5")
        .arg(QLatin1String(p.what), p.ink.name(), p.background.name())
        .arg(ThemeColours::contrast(p.ink, p.background), 0, 'f', 2)
        .arg(p.needed);
}

// The pairs a widget draws with its own palette's roles.
QList<Pair> rolePairsOf(const QPalette& pal, double needed)
{
    return {
        {"text on base", pal.color(QPalette::Text), pal.color(QPalette::Base), needed},
        {"window text on window", pal.color(QPalette::WindowText), pal.color(QPalette::Window),
         needed},
        {"button text on button", pal.color(QPalette::ButtonText), pal.color(QPalette::Button),
         needed},
        {"highlighted text on highlight", pal.color(QPalette::HighlightedText),
         pal.color(QPalette::Highlight), needed},
    };
}

// ThemeColours' marks over the window's palette (the one they are blended from).
QList<Pair> themePairsOf(const QPalette& pal)
{
    const bool dark = ThemeColours::isDark(pal);
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    const QColor windowText = pal.color(QPalette::WindowText);
    QList<Pair> out{
        {"tooltip text on tooltip", pal.color(QPalette::ToolTipText),
         pal.color(QPalette::ToolTipBase), kText},
        {"placeholder text on base", pal.color(QPalette::PlaceholderText), base, kText},
        {"text on changed word", text, ThemeColours::changedWord(pal), kText},
        {"text on restyled word", text, ThemeColours::restyledWord(pal), kText},
        {"banner text on info", windowText, ThemeColours::infoBackground(pal), kText},
        {"banner text on warning", windowText, ThemeColours::warningBackground(pal), kText},
        {"banner text on error", windowText, ThemeColours::errorBackground(pal), kText},
        {"text on error cell", text, ThemeColours::errorBackground(pal), kText},
        {"text on finding cell", text, ThemeColours::findingCell(pal), kText},
        {"text on noted cell", text, ThemeColours::notedCell(pal), kText},
        {"text on detected cell", text, ThemeColours::detectedCell(pal), kText},
        {"alert text on base", ThemeColours::alertText(dark), base, kText},
        {"detected text on window", ThemeColours::detectedText(dark), pal.color(QPalette::Window),
         kText},
        {"failed fill on base", ThemeColours::failedFill(pal), base, kGraphic},
        {"gap bars on chart", ThemeColours::gap(dark), base, kGraphic},
        {"intervals on chart", ThemeColours::interval(dark), base, kGraphic},
        {"average on chart", ThemeColours::average(dark), base, kGraphic},
        {"noise on chart", ThemeColours::noise(dark), base, kGraphic},
        {"null mass on chart", ThemeColours::nullMass(dark), base, kGraphic},
        {"tail on chart", ThemeColours::tail(dark), base, kGraphic},
    };
    for (const double intensity : {-1.0, -0.5, -0.1, 0.0, 0.1, 0.5, 1.0}) {
        const QColor cell = ThemeColours::heat(intensity, pal);
        out.append({"heat map cell text", ThemeColours::inkOn(cell), cell, kText});
    }
    for (int i = 0; i < 8; ++i)
        out.append({"text on criterion evidence", text, ThemeColours::criterion(i, dark), kText});
    return out;
}

double meanLuminance(const QImage& image)
{
    double sum = 0;
    int n = 0;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            sum += qGray(image.pixel(x, y)) / 255.0;
            ++n;
        }
    }
    return n ? sum / n : 0;
}

} // namespace

class TestThemeContrast : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void contrastIsTheWcagRatio();
    void pageIsReadable_data();
    void pageIsReadable();
    void choiceIsRememberedAndUndone();

private:
    QWidget* show(const QString& window, int page);

    std::unique_ptr<MainWindow> m_main;
    JudgeWorkspace* m_judge = nullptr;
    QTemporaryDir m_dir;
};

void TestThemeContrast::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-themecontrast"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());

    m_main = std::make_unique<MainWindow>();
    m_main->resize(1400, 900);
    m_main->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_main.get()));
    QVERIFY(m_main->newFromTutorial());
    QSignalSpy finished(m_main->backgroundRun(), &BackgroundRun::finished);
    m_main->runControl()->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    // A banner on every page, so its tone is rendered and checked too.
    m_main->banner()->showMessage(NoticeBanner::Tone::Warning,
                                  QStringLiteral("A warning banner, checked for contrast."));

    m_judge = new JudgeWorkspace;
    m_judge->resize(1400, 900);
    QVERIFY(m_judge->openDemo(m_dir.filePath(QStringLiteral("judge"))));
    m_judge->show();
    QSignalSpy judged(m_judge->runPanel(), &JudgeRunPanel::runFinished);
    QVERIFY(m_judge->runPanel()->startRun());
    QTRY_COMPARE_WITH_TIMEOUT(judged.size(), 1, 120000);
}

void TestThemeContrast::cleanupTestCase()
{
    ThemeChoice::apply(Theme::System);
    delete m_judge; // now, so its store lock goes before the temporary folder does
    m_main.reset();
}

void TestThemeContrast::contrastIsTheWcagRatio()
{
    QCOMPARE(ThemeColours::contrast(Qt::black, Qt::white), 21.0);
    QCOMPARE(ThemeColours::contrast(Qt::white, Qt::black), 21.0);
    QCOMPARE(ThemeColours::contrast(QColor(0x77, 0x77, 0x77), QColor(0x77, 0x77, 0x77)), 1.0);
    // #767676 is the lightest grey that passes 4.5 on white.
    QVERIFY(ThemeColours::contrast(QColor(0x76, 0x76, 0x76), Qt::white) >= 4.5);
    QVERIFY(ThemeColours::contrast(QColor(0x78, 0x78, 0x78), Qt::white) < 4.5);
    QCOMPARE(ThemeColours::inkOn(Qt::white).lightness() < 128, true);
    QCOMPARE(ThemeColours::inkOn(QColor(0x20, 0x20, 0x60)).lightness() > 128, true);
}

QWidget* TestThemeContrast::show(const QString& window, int page)
{
    if (window == QLatin1String("main")) {
        m_main->showPage(MainWindow::Page(page));
        m_main->raise();
        return m_main.get();
    }
    m_judge->showTab(JudgeWorkspace::Tab(page));
    m_judge->raise();
    return m_judge;
}

void TestThemeContrast::pageIsReadable_data()
{
    QTest::addColumn<Theme>("theme");
    QTest::addColumn<QString>("window");
    QTest::addColumn<int>("page");
    const QList<std::pair<const char*, Theme>> themes{{"light", Theme::Light},
                                                      {"dark", Theme::Dark}};
    const QStringList mainPages{QStringLiteral("welcome"), QStringLiteral("design"),
                                QStringLiteral("run"),     QStringLiteral("results"),
                                QStringLiteral("report"),  QStringLiteral("by-hand")};
    const QStringList judgeTabs{QStringLiteral("rubric"), QStringLiteral("items"),
                                QStringLiteral("run"), QStringLiteral("results"),
                                QStringLiteral("report")};
    for (const auto& [name, theme] : themes) {
        for (int i = 0; i < mainPages.size(); ++i)
            QTest::addRow("%s-%s", name, qPrintable(mainPages.at(i)))
                << theme << QStringLiteral("main") << i;
        for (int i = 0; i < judgeTabs.size(); ++i)
            QTest::addRow("%s-judge-%s", name, qPrintable(judgeTabs.at(i)))
                << theme << QStringLiteral("judge") << i;
    }
}

void TestThemeContrast::pageIsReadable()
{
    QFETCH(Theme, theme);
    QFETCH(QString, window);
    QFETCH(int, page);
    ThemeChoice::apply(theme);
    QWidget* shown = show(window, page);
    QTest::qWait(150); // charts and previews redo their colours on the palette change

    const bool dark = theme == Theme::Dark;
    QCOMPARE(ThemeColours::isDark(shown->palette()), dark);
    const QImage image = shown->grab().toImage();
    QVERIFY(!image.isNull());
    const QString dir = qEnvironmentVariable("PB_GRAB_DIR", m_dir.path());
    QVERIFY(image.save(QDir(dir).filePath(
        QStringLiteral("theme-%1.png").arg(QString::fromLatin1(QTest::currentDataTag())))));
    // What was drawn follows the theme, not only the palette object.
    const double luminance = meanLuminance(image);
    QVERIFY2(dark ? luminance < 0.35 : luminance > 0.65,
             qPrintable(QStringLiteral("mean luminance %1").arg(luminance)));

    QStringList failures;
    for (const Pair& p : themePairsOf(shown->palette())) {
        if (ThemeColours::contrast(p.ink, p.background) < p.needed)
            failures << shortfall(p);
    }
    int widgets = 0;
    for (QWidget* w : shown->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->window() != shown)
            continue;
        ++widgets;
        // A disabled control's text is exempt from WCAG's 4.5; it is still kept at 3 here.
        for (const Pair& p : rolePairsOf(w->palette(), w->isEnabled() ? kText : kGraphic)) {
            if (ThemeColours::contrast(p.ink, p.background) < p.needed) {
                const QString line = QStringLiteral("%1 \"%2\": %3")
                                         .arg(QString::fromLatin1(w->metaObject()->className()),
                                              w->accessibleName(), shortfall(p));
                if (!failures.contains(line))
                    failures << line;
            }
        }
    }
    QVERIFY(widgets > 10);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

void TestThemeContrast::choiceIsRememberedAndUndone()
{
    ThemeChoice::apply(Theme::System);
    const QColor systemWindow = QApplication::palette().color(QPalette::Window);
    const QString systemStyle = QApplication::style()->name();
    QCOMPARE(ThemeChoice::saved(), Theme::System);

    ThemeChoice::choose(Theme::Dark);
    QCOMPARE(ThemeChoice::saved(), Theme::Dark);
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));
    QVERIFY(ThemeColours::isDark(QApplication::palette()));
    QTRY_VERIFY(ThemeColours::isDark(m_main->palette()));
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));

    // The View menu's Theme entries show the choice and make it.
    QMenu* themes = nullptr;
    for (QMenu* m : m_main->findChildren<QMenu*>()) {
        if (m->title() == QStringLiteral("&Theme"))
            themes = m;
    }
    QVERIFY(themes);
    Q_EMIT themes->aboutToShow();
    QStringList checked;
    for (QAction* a : themes->actions()) {
        if (a->isChecked())
            checked << a->text();
    }
    QCOMPARE(checked, QStringList{QStringLiteral("&Dark")});
    themes->actions().at(1)->trigger(); // Light
    QCOMPARE(ThemeChoice::saved(), Theme::Light);
    QTRY_VERIFY(!ThemeColours::isDark(m_main->palette()));

    // System gives back the platform's own style and palette.
    themes->actions().at(0)->trigger();
    QCOMPARE(ThemeChoice::saved(), Theme::System);
    QCOMPARE(QApplication::style()->name(), systemStyle);
    QCOMPARE(QApplication::palette().color(QPalette::Window), systemWindow);

    // Colours set while one theme was on follow the next one: marks made under Dark (the
    // judge probe opened again, its fields and hints marked) must not keep Dark's palette.
    ThemeChoice::choose(Theme::Dark);
    QVERIFY(m_judge->openDemo(m_dir.filePath(QStringLiteral("judge-dark"))));
    m_judge->showTab(JudgeWorkspace::ItemsTab);
    ThemeChoice::choose(Theme::Light);
    QStringList stale;
    for (QWidget* top : QList<QWidget*>{m_main.get(), m_judge}) {
        for (QWidget* w : top->findChildren<QWidget*>()) {
            if (ThemeColours::isDark(w->palette()) ||
                ThemeColours::contrast(w->palette().color(QPalette::Base), Qt::white) > 1.5)
                stale << QStringLiteral("%1 \"%2\"")
                             .arg(QString::fromLatin1(w->metaObject()->className()),
                                  w->accessibleName());
        }
    }
    QVERIFY2(stale.isEmpty(), qPrintable(stale.join(QLatin1Char('\n'))));

    // A later launch applies what was chosen.
    QSettings().setValue(QStringLiteral("view/theme"), QStringLiteral("dark"));
    ThemeChoice::applySaved();
    QVERIFY(ThemeColours::isDark(QApplication::palette()));
    ThemeChoice::choose(Theme::System);
}

QTEST_MAIN(TestThemeContrast)
#include "tst_themecontrast.moc"
