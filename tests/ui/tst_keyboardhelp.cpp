// Help > Keyboard shortcuts lists the keys each window really has (read from its actions,
// so a changed key shows at once), every action is reachable from the keyboard, and the
// controls Tab reaches in the main window and in the shortcuts list are named for a screen
// reader.
#include "MainWindow.h"
#include "judge/JudgeWorkspace.h"
#include "widgets/ShortcutListModel.h"
#include "widgets/ShortcutsDialog.h"

#include <QAbstractItemModelTester>
#include <QAbstractScrollArea>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QShortcut>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QWidgetAction>
#include <QtTest>
#include <memory>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

// The main window, on its Welcome page or with the judge demo's page shown.
std::unique_ptr<QMainWindow> makeWindow(const QString& kind, const QString& folder)
{
    auto window = std::make_unique<MainWindow>();
    if (kind == QLatin1String("main"))
        return window;
    if (!window->openExample(MainWindow::Page::Judge, false) ||
        !window->judgePage()->openDemo(folder))
        return nullptr;
    return window;
}

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

bool listed(const ShortcutListModel& model, const QString& command, const QKeySequence& key)
{
    const QString k = key.toString(QKeySequence::NativeText);
    return std::any_of(model.entries().cbegin(), model.entries().cend(), [&](const auto& e) {
        return e.command == command && e.keys.split(QStringLiteral(", ")).contains(k);
    });
}

// The mnemonic letter of a menu entry ("Save &As" -> 'a'), or 0.
QChar mnemonic(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('&')) {
            if (text.at(i + 1) != QLatin1Char('&'))
                return text.at(i + 1).toLower();
            ++i;
        }
    }
    return QChar();
}

} // namespace

class TestKeyboardHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsTheWindowsOwnKeys_data();
    void listsTheWindowsOwnKeys();
    void everyActionIsReachableByKeyboard_data();
    void everyActionIsReachableByKeyboard();
    void helpMenuOpensTheList();
    void listFollowsAChangedKey();
    void mainWindowControlsAreNamed();
    void shortcutsDialogControlsAreNamed();

private:
    QTemporaryDir m_dir;
};

void TestKeyboardHelp::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-keyboardhelp"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestKeyboardHelp::listsTheWindowsOwnKeys_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addRow("main window") << QStringLiteral("main");
    QTest::addRow("judge page") << QStringLiteral("judge");
}

void TestKeyboardHelp::listsTheWindowsOwnKeys()
{
    QFETCH(QString, kind);
    const auto window = makeWindow(kind, m_dir.filePath(kind));
    QVERIFY(window);
    ShortcutListModel model(window.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.columnCount(), int(ShortcutListModel::ColumnCount));
    QVERIFY(model.rowCount() >= 20);

    // Every action and shortcut in the window with a key is listed with that key.
    QStringList missing;
    for (QAction* a : window->findChildren<QAction*>()) {
        if (a->menu() || a->isSeparator())
            continue;
        for (const QKeySequence& k : a->shortcuts()) {
            if (!k.isEmpty() && !listed(model, plain(a->text()), k))
                missing << QStringLiteral("%1 (%2)").arg(plain(a->text()), k.toString());
        }
    }
    for (QShortcut* s : window->findChildren<QShortcut*>()) {
        QVERIFY2(!s->whatsThis().isEmpty(), qPrintable(s->key().toString()));
        if (!listed(model, s->whatsThis(), s->key()))
            missing << s->whatsThis();
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column)
            QVERIFY(!model.index(row, column).data().toString().isEmpty());
    }
    // Menu entries are listed under their menu's path, without mnemonics.
    QVERIFY(listed(model, QStringLiteral("Keyboard shortcuts"),
                   QKeySequence(Qt::CTRL | Qt::Key_Slash)));
    const auto help = std::find_if(model.entries().cbegin(), model.entries().cend(),
                                   [](const auto& e) { return e.command == "Keyboard shortcuts"; });
    QCOMPARE(help->where, QStringLiteral("Help"));
}

void TestKeyboardHelp::everyActionIsReachableByKeyboard_data()
{
    listsTheWindowsOwnKeys_data();
}

void TestKeyboardHelp::everyActionIsReachableByKeyboard()
{
    // An action is reached from the keyboard by its key or through the menus (Alt and the
    // menu's letter, then the entry's letter): each menu and entry needs a letter of its own.
    QFETCH(QString, kind);
    const auto window = makeWindow(kind, m_dir.filePath(kind + QStringLiteral("-keys")));
    QVERIFY(window);
    QSet<QAction*> inMenus;
    QStringList problems;
    std::function<void(QMenu*)> walk = [&](QMenu* menu) {
        QSet<QChar> letters;
        for (QAction* a : menu->actions()) {
            if (a->isSeparator())
                continue;
            inMenus.insert(a);
            if (!a->isEnabled() && !a->menu())
                continue; // "No recent projects": a note, not a command
            const QChar letter = mnemonic(a->text());
            if (letter.isNull() && a->shortcuts().isEmpty())
                problems << QStringLiteral("%1 > %2 has no letter and no key")
                                .arg(plain(menu->title()), plain(a->text()));
            else if (!letter.isNull() && letters.contains(letter) && a->menu())
                problems << QStringLiteral("%1 > %2 shares its letter")
                                .arg(plain(menu->title()), plain(a->text()));
            letters.insert(letter);
            if (a->menu())
                walk(a->menu());
        }
    };
    QSet<QChar> top;
    for (QAction* a : window->menuBar()->actions()) {
        const QChar letter = mnemonic(a->text());
        if (letter.isNull() || top.contains(letter))
            problems << QStringLiteral("menu %1 has no letter of its own").arg(plain(a->text()));
        top.insert(letter);
        walk(a->menu());
    }
    for (QAction* a : window->findChildren<QAction*>()) {
        const bool shown = !a->associatedObjects().isEmpty();
        if (!shown || qobject_cast<QWidgetAction*>(a) || a->isSeparator() || inMenus.contains(a) ||
            a->menu() || !a->shortcuts().isEmpty() ||
            a->objectName().startsWith(QLatin1String("qt_")))
            continue;
        // A toolbar button Tab reaches is reachable too, and so is the context menu of a
        // control Tab reaches (the Menu key opens it).
        const bool focusable = std::any_of(
            a->associatedObjects().cbegin(), a->associatedObjects().cend(), [a](QObject* o) {
                auto* bar = qobject_cast<QWidget*>(o);
                if (!bar || qobject_cast<QMenu*>(bar))
                    return false;
                if (bar->contextMenuPolicy() == Qt::ActionsContextMenu)
                    return bool(bar->focusPolicy() & Qt::TabFocus);
                for (QWidget* button : bar->findChildren<QWidget*>()) {
                    if (button->property("defaultAction").value<QAction*>() == a)
                        return bool(button->focusPolicy() & Qt::TabFocus);
                }
                return false;
            });
        if (!focusable)
            problems << QStringLiteral("%1 (%2, on %3) is neither in a menu nor on a key")
                            .arg(plain(a->text()), a->toolTip(),
                                 QString::fromLatin1(
                                     a->associatedObjects().first()->metaObject()->className()));
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestKeyboardHelp::helpMenuOpensTheList()
{
    MainWindow window;
    window.show();
    QAction* entry = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text() == QStringLiteral("&Keyboard shortcuts"))
            entry = a;
    }
    QVERIFY(entry);
    QCOMPARE(entry->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Slash));
    int rows = -1;
    QTimer::singleShot(0, &window, [&rows] {
        auto* dialog = qobject_cast<ShortcutsDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        rows = dialog->model()->rowCount();
        dialog->reject();
    });
    entry->trigger();
    QVERIFY(rows >= 20);
}

void TestKeyboardHelp::listFollowsAChangedKey()
{
    MainWindow window;
    QAction* quit = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text() == QStringLiteral("&Quit"))
            quit = a;
    }
    QVERIFY(quit);
    QVERIFY(listed(ShortcutListModel(&window), QStringLiteral("Quit"),
                   QKeySequence(Qt::CTRL | Qt::Key_Q)));
    quit->setShortcut(QKeySequence(Qt::Key_F12));
    const ShortcutListModel after(&window);
    QVERIFY(listed(after, QStringLiteral("Quit"), QKeySequence(Qt::Key_F12)));
    QVERIFY(!listed(after, QStringLiteral("Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q)));
}

void TestKeyboardHelp::mainWindowControlsAreNamed()
{
    // What Tab reaches on each page is what a screen reader announces: each needs a name.
    // The parts Qt builds inside a control (a combo box's list, a tab bar) are named by it.
    MainWindow window;
    window.show();
    QVERIFY(window.newFromTutorial());
    QStringList unnamed;
    auto* stack = window.findChild<QStackedWidget*>();
    QVERIFY(stack);
    for (int page = 0; page < stack->count(); ++page) {
        window.showPage(MainWindow::Page(page));
        for (QWidget* w : stack->widget(page)->findChildren<QWidget*>()) {
            const QWidget* parent = w->parentWidget();
            const bool own = !w->objectName().startsWith(QLatin1String("qt_")) &&
                             !w->inherits("QComboBoxListView") && !w->inherits("QTabBar") &&
                             !qobject_cast<const QComboBox*>(parent) &&
                             !(parent && parent->inherits("QTabBar")) &&
                             !(parent && parent->inherits("QAbstractSpinBox"));
            const auto* area = qobject_cast<const QAbstractScrollArea*>(parent);
            if (!(w->focusPolicy() & Qt::TabFocus) || !own || (area && area->viewport() == w))
                continue;
            // What a screen reader announces: the accessible name, else what the control
            // shows (a button's text).
            QAccessibleInterface* face = QAccessible::queryAccessibleInterface(w);
            if (!face || face->text(QAccessible::Name).trimmed().isEmpty())
                unnamed << QStringLiteral("page %1: %2 \"%3\" in %4")
                               .arg(page)
                               .arg(QString::fromLatin1(w->metaObject()->className()),
                                    w->property("text").toString(),
                                    QString::fromLatin1(parent->metaObject()->className()));
        }
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
}

void TestKeyboardHelp::shortcutsDialogControlsAreNamed()
{
    MainWindow window;
    ShortcutsDialog dialog(&window);
    QVERIFY(!dialog.accessibleName().isEmpty());
    QCOMPARE(dialog.table()->model(), dialog.model());
    QStringList unnamed;
    for (QWidget* w : dialog.findChildren<QWidget*>()) {
        const QWidget* parent = w->parentWidget();
        if (!(w->focusPolicy() & Qt::TabFocus) ||
            w->objectName().startsWith(QLatin1String("qt_")) ||
            (parent && parent->inherits("QAbstractItemView")))
            continue;
        if (w->accessibleName().isEmpty() || w->toolTip().isEmpty())
            unnamed << QString::fromLatin1(w->metaObject()->className());
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestKeyboardHelp)
#include "tst_keyboardhelp.moc"
