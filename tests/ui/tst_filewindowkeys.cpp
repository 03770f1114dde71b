#include "MainWindow.h"
#include "axes/AxesWorkspace.h"
#include "grading/GradingWorkspace.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetWorkspace.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

QList<QAction*> menuActions(QMenuBar* bar)
{
    QList<QAction*> out;
    for (QAction* top : bar->actions()) {
        if (!top->menu())
            continue;
        for (QAction* a : top->menu()->actions()) {
            if (!a->isSeparator())
                out << a;
        }
    }
    return out;
}

// Who answers a key, and whether only while one widget has the focus.
struct KeyOwner
{
    QString key;
    QString owner;
    const QObject* object = nullptr;
    bool widgetOnly = false;
};

QString keyName(const QKeySequence& key)
{
    return key.toString(QKeySequence::PortableText);
}

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

// The mnemonic (Alt+letter) of a label with a buddy, a button or a group box inside page.
QList<KeyOwner> mnemonicsIn(QWidget* page)
{
    QList<KeyOwner> out;
    const auto add = [&out](const QString& text, const QObject* object, const QString& kind) {
        const QKeySequence key = QKeySequence::mnemonic(text);
        if (!key.isEmpty())
            out << KeyOwner{keyName(key), kind + QLatin1Char(' ') + plain(text), object};
    };
    for (QLabel* l : page->findChildren<QLabel*>()) {
        if (l->buddy())
            add(l->text(), l, QStringLiteral("label"));
    }
    for (QAbstractButton* b : page->findChildren<QAbstractButton*>())
        add(b->text(), b, QStringLiteral("button"));
    for (QGroupBox* g : page->findChildren<QGroupBox*>())
        add(g->title(), g, QStringLiteral("group"));
    return out;
}

// The keys of the actions and QShortcuts of page and the widgets inside it, except those
// in skip (the menus' own, counted once for the window).
QList<KeyOwner> actionKeysIn(QWidget* page, const QSet<const QAction*>& skip)
{
    QList<KeyOwner> out;
    QSet<const QAction*> seen = skip;
    QList<QWidget*> widgets{page};
    widgets += page->findChildren<QWidget*>();
    for (QWidget* w : std::as_const(widgets)) {
        for (QAction* a : w->actions()) {
            if (seen.contains(a))
                continue;
            seen.insert(a);
            for (const QKeySequence& key : a->shortcuts())
                out << KeyOwner{keyName(key), QStringLiteral("action ") + plain(a->text()), a,
                                a->shortcutContext() == Qt::WidgetShortcut};
        }
    }
    for (QShortcut* s : page->findChildren<QShortcut*>()) {
        const auto* on = qobject_cast<QWidget*>(s->parent());
        for (const QKeySequence& key : s->keys())
            out << KeyOwner{keyName(key),
                            QStringLiteral("shortcut on ") +
                                (on ? on->accessibleName() : QString()),
                            s, s->context() == Qt::WidgetShortcut};
    }
    return out;
}

// Where a control sits, for a message that finds it: its text and the classes around it.
QString describe(const QWidget* w)
{
    QStringList chain;
    if (const auto* b = qobject_cast<const QAbstractButton*>(w))
        chain << QStringLiteral("\"%1\"").arg(b->text());
    for (const QWidget* p = w->parentWidget(); p && chain.size() < 4; p = p->parentWidget())
        chain << QString::fromLatin1(p->metaObject()->className());
    return chain.join(QStringLiteral(" < "));
}

// The main window with the kind's page open on its shipped example, in the state that shows
// the most controls.
struct OpenedPage
{
    std::unique_ptr<MainWindow> window;
    ProbeFileWorkspace* page = nullptr;
};

OpenedPage openWindow(const QString& kind, const QString& folder)
{
    OpenedPage opened{std::make_unique<MainWindow>(), nullptr};
    MainWindow& window = *opened.window;
    if (kind == QLatin1String("judge probe")) {
        if (!window.openExample(MainWindow::Page::Judge, false) ||
            !window.judgePage()->openDemo(folder))
            qFatal("the judge demo did not open");
        JudgeWorkspace* judge = window.judgePage();
        // A new pairwise item: its own labels, and problems listed under a label of their own.
        judge->itemEditor()->editActions().at(1)->trigger();
        if (!std::any_of(judge->project()->document().items.cbegin(),
                         judge->project()->document().items.cend(),
                         [](const JudgeItem& item) { return item.pairwise; }))
            qFatal("no pairwise item was added");
        judge->itemEditor()->checkItems();
        opened.page = judge;
    } else if (kind == QLatin1String("grading")) {
        if (!window.openExample(MainWindow::Page::Grading, false) ||
            !window.gradingPage()->openExample(folder))
            qFatal("the grading example did not open");
        opened.page = window.gradingPage();
    } else if (kind == QLatin1String("axes")) {
        if (!window.openExample(MainWindow::Page::Axes, false) ||
            !window.axesPage()->openExample(folder))
            qFatal("the axes example did not open");
        opened.page = window.axesPage();
    } else {
        if (!window.openExample(MainWindow::Page::NameSet, false) ||
            !window.nameSetPage()->openExample(folder))
            qFatal("the name-set example did not open");
        opened.page = window.nameSetPage();
    }
    return opened;
}

} // namespace

// Every page of a probe kept in a file (ProbeFileWorkspace), shown in the main window, answers
// to the keyboard and a screen reader the same way: every menu action has a key, no key has
// two owners wherever the focus is (the window's menus included), and every control Tab
// reaches has a name and a tooltip.
class TestFileWindowKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyActionHasAShortcut_data() { kinds(); }
    void everyActionHasAShortcut();
    void noTwoOwnersOfOneKey_data() { kinds(); }
    void noTwoOwnersOfOneKey();
    void everyControlIsNamedAndExplained_data() { kinds(); }
    void everyControlIsNamedAndExplained();

private:
    static void kinds()
    {
        QTest::addColumn<QString>("kind");
        QTest::addRow("judge probe") << QStringLiteral("judge probe");
        QTest::addRow("name set") << QStringLiteral("name set");
        QTest::addRow("grading") << QStringLiteral("grading");
        QTest::addRow("axes") << QStringLiteral("axes");
    }
    QTemporaryDir m_dir;
};

void TestFileWindowKeys::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-filewindowkeys"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestFileWindowKeys::everyActionHasAShortcut()
{
    QFETCH(QString, kind);
    const OpenedPage opened = openWindow(kind, m_dir.filePath(QStringLiteral("shortcuts")));
    MainWindow& window = *opened.window;
    QCOMPARE(window.filePage(window.currentPage()), opened.page);
    QStringList missing;
    QHash<QString, QString> seen;
    QStringList clashes;
    for (QAction* a : menuActions(window.menuBar())) {
        const QString name = a->text().remove(QLatin1Char('&'));
        if (a->menu())
            continue; // View > Theme: its entries carry mnemonics
        if (a->shortcut().isEmpty())
            missing << name;
        for (const QKeySequence& key : a->shortcuts()) {
            if (seen.contains(key.toString()) && seen.value(key.toString()) != name)
                clashes << key.toString();
            seen.insert(key.toString(), name);
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral(", "))));
}

void TestFileWindowKeys::noTwoOwnersOfOneKey()
{
    // Qt triggers neither of two actions live on one key, and a mnemonic shared by two
    // labels only cycles the focus: every key has one owner wherever the focus is. Window
    // wide: the menus' keys and mnemonics and the tabs' mnemonics; on each tab, the
    // mnemonics and actions of the page. A key live only in one widget may repeat in
    // another widget.
    QFETCH(QString, kind);
    const OpenedPage opened = openWindow(kind, m_dir.filePath(QStringLiteral("keys")));
    MainWindow& window = *opened.window;
    QList<KeyOwner> windowWide;
    QSet<const QAction*> menuOwned;
    for (QAction* top : window.menuBar()->actions()) {
        windowWide << KeyOwner{keyName(QKeySequence::mnemonic(top->text())),
                               QStringLiteral("menu ") + plain(top->text()), top};
        for (QAction* a : top->menu()->actions()) {
            menuOwned.insert(a);
            for (const QKeySequence& key : a->shortcuts())
                windowWide << KeyOwner{keyName(key),
                                       QStringLiteral("menu item ") + plain(a->text()), a};
        }
    }
    QTabWidget* tabs = opened.page->tabs();
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i)
        windowWide << KeyOwner{keyName(QKeySequence::mnemonic(tabs->tabText(i))),
                               QStringLiteral("tab ") + plain(tabs->tabText(i)), tabs->tabBar()};

    QStringList clashes;
    QStringList listing;
    for (int i = 0; i < tabs->count(); ++i) {
        QList<KeyOwner> live = windowWide;
        live += mnemonicsIn(tabs->widget(i));
        live += actionKeysIn(tabs->widget(i), menuOwned);
        QHash<QString, KeyOwner> byKey;
        for (const KeyOwner& k : std::as_const(live)) {
            if (k.key.isEmpty())
                continue;
            listing << QStringLiteral("%1: %2 = %3").arg(plain(tabs->tabText(i)), k.key, k.owner);
            if (k.widgetOnly)
                continue;
            const auto other = byKey.constFind(k.key);
            if (other != byKey.cend() && other->object != k.object)
                clashes << QStringLiteral("%1: %2 is both %3 and %4")
                               .arg(plain(tabs->tabText(i)), k.key, other->owner, k.owner);
            byKey.insert(k.key, k);
        }
        for (const KeyOwner& k : std::as_const(live)) {
            if (k.widgetOnly && byKey.contains(k.key))
                clashes << QStringLiteral("%1: %2 is both %3 and %4")
                               .arg(plain(tabs->tabText(i)), k.key, byKey.value(k.key).owner,
                                    k.owner);
        }
    }
    clashes.removeDuplicates();
    if (qEnvironmentVariableIsSet("PB_LIST_KEYS")) {
        listing.removeDuplicates();
        qInfo().noquote() << listing.join(QLatin1Char('\n'));
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

void TestFileWindowKeys::everyControlIsNamedAndExplained()
{
    // What Tab reaches is what a screen reader announces and a pointer hovers: each needs a
    // name and a tooltip. The parts Qt builds inside a control (a combo box's list, a tab
    // bar and its scroll buttons) are named by the control; a tab widget's tooltips are its
    // tabs' (one on the widget would show over every page).
    QFETCH(QString, kind);
    const OpenedPage opened = openWindow(kind, m_dir.filePath(QStringLiteral("named")));
    QStringList unnamed;
    for (QWidget* w : opened.page->findChildren<QWidget*>()) {
        const QWidget* parent = w->parentWidget();
        const bool own = !w->objectName().startsWith(QLatin1String("qt_")) &&
                         !w->inherits("QComboBoxListView") && !w->inherits("QTabBar") &&
                         !qobject_cast<const QComboBox*>(parent) &&
                         !(parent && parent->inherits("QTabBar"));
        if (!(w->focusPolicy() & Qt::TabFocus) || !own)
            continue;
        const bool tipped = !w->toolTip().isEmpty() || qobject_cast<QTabWidget*>(w);
        if (w->accessibleName().isEmpty() || !tipped)
            unnamed << QStringLiteral("%1 \"%2\"%3 in %4")
                           .arg(QString::fromLatin1(w->metaObject()->className()),
                                w->accessibleName(),
                                tipped ? QString() : QStringLiteral(" without a tooltip"),
                                describe(w));
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestFileWindowKeys)
#include "tst_filewindowkeys.moc"
