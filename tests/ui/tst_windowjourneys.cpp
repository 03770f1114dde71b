// Window journeys where a detail used to mislead: Start from any page shows the run; a
// finished project opens on its results; leaving untitled work asks Save / Discard / Cancel
// (opening another probe, starting a new one, quitting) and empty untitled files are cleaned
// up; Recent names each probe by its title; a file that cannot be opened gets a dialog
// naming it and saying what to do.
#include "MainWindow.h"
#include "pages/RunPage.h"
#include "pages/WelcomePage.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/RunControl.h"
#include "store/RunStore.h"
#include "widgets/NoticeBanner.h"
#include "widgets/OpenFailureDialog.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000;

// Answers the modal dialogs that come up, in order, one step per dialog; records each
// message box's text. Steps left over when it is destroyed mean a question never came.
class ModalAnswers : public QObject
{
public:
    using Step = std::function<void(QWidget*)>;
    explicit ModalAnswers(QList<Step> steps) : m_steps(std::move(steps)) { startTimer(20); }
    int left() const { return int(m_steps.size()); }
    QStringList asked;

    static Step click(QMessageBox::StandardButton button)
    {
        return [button](QWidget* w) {
            if (auto* box = qobject_cast<QMessageBox*>(w))
                box->button(button)->click();
        };
    }
    static Step saveTo(const QString& path)
    {
        return [path](QWidget* w) {
            if (auto* dialog = qobject_cast<QFileDialog*>(w)) {
                // What a user types: the folder, then the name in the name field.
                dialog->setDirectory(QFileInfo(path).absolutePath());
                if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                    name->setText(QFileInfo(path).fileName());
                // accept() checks the name as a click on Save would; it is a protected slot.
                QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
            }
        };
    }

protected:
    void timerEvent(QTimerEvent*) override
    {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal || modal == m_last || m_steps.isEmpty())
            return;
        m_last = modal;
        if (auto* box = qobject_cast<QMessageBox*>(modal))
            asked << box->text();
        m_steps.takeFirst()(modal);
    }

private:
    QList<Step> m_steps;
    QPointer<QWidget> m_last;
};

bool runToEnd(MainWindow& window, bool dry = false)
{
    QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
    dry ? window.runControl()->dryRun() : window.runControl()->start();
    return finished.wait(kLong) || finished.size() == 1;
}

void editTitle(MainWindow& window, const QString& title)
{
    window.project()->edit(QStringLiteral("Edit the title"),
                           [&](ProbeDocument& d) { d.title = title; });
}

} // namespace

class TestWindowJourneys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-journeys"));
        // No native file dialog: the test answers Qt's own.
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    }
    void init() { QSettings().clear(); }

    void startFromAnyPageShowsTheRun_data()
    {
        QTest::addColumn<int>("from");
        QTest::addColumn<bool>("dry");
        QTest::addRow("F5 on Design") << int(MainWindow::Page::Design) << false;
        QTest::addRow("dry run on Design") << int(MainWindow::Page::Design) << true;
        QTest::addRow("F5 on Results") << int(MainWindow::Page::Results) << false;
        QTest::addRow("F5 on By hand") << int(MainWindow::Page::ByHand) << false;
        QTest::addRow("dry run on By hand") << int(MainWindow::Page::ByHand) << true;
        QTest::addRow("dry run on Results") << int(MainWindow::Page::Results) << true;
    }
    void startFromAnyPageShowsTheRun()
    {
        QFETCH(int, from);
        QFETCH(bool, dry);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.newFromTutorial());
        window.showPage(MainWindow::Page(from));
        QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
        if (dry)
            QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        else
            QTest::keyClick(&window, Qt::Key_F5);
        QCOMPARE(window.currentPage(), MainWindow::Page::Run);
        QVERIFY(window.runControl()->isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    }

    void refusedStartIsShown()
    {
        MainWindow window;
        window.openInitial();
        QCOMPARE(window.currentPage(), MainWindow::Page::Welcome);
        window.runControl()->start(); // no probe open: refused
        QCOMPARE(window.currentPage(), MainWindow::Page::Run);
        QVERIFY(window.runPage()->banner()->isVisibleTo(window.runPage()));
        QVERIFY(window.runPage()->banner()->text().contains(QStringLiteral("no probe to run")));
    }

    void runStoppedElsewhereIsShown()
    {
        MainWindow window;
        QVERIFY(window.newFromTutorial());
        window.project()->edit(QStringLiteral("Change the backend"), [](ProbeDocument& d) {
            d.settings.backend = QStringLiteral("openai"); // no endpoint: stops at once
            d.settings.model = QStringLiteral("some-model");
        });
        QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
        window.runControl()->start();
        window.showPage(MainWindow::Page::Design); // the user moved on before it stopped
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Stopped);
        QCOMPARE(window.banner()->tone(), NoticeBanner::Tone::Error);
        QVERIFY2(window.banner()->text().contains(QStringLiteral("stopped")),
                 qPrintable(window.banner()->text()));
        QVERIFY(window.banner()->isVisibleTo(&window));
    }

    void projectOpensWhereItsWorkIs_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<int>("page");
        QTest::addRow("finished") << "full" << int(MainWindow::Page::Results);
        QTest::addRow("dry run only") << "dry" << int(MainWindow::Page::Results);
        QTest::addRow("never run") << "none" << int(MainWindow::Page::Design);
    }
    void projectOpensWhereItsWorkIs()
    {
        QFETCH(QString, run);
        QFETCH(int, page);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("style.pbrun"));
        {
            // A project file holding the tutorial's probe, as the CLI or an earlier session
            // leaves it; the run is made in it (no Save As copy in between).
            RunStore store;
            QString error;
            QVERIFY2(store.open(path, &error), qPrintable(error));
            const ProbeLoadResult tutorial =
                ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
            QVERIFY(tutorial.ok());
            QVERIFY(store.saveDraft(QString::fromUtf8(ProbeWriter::toJson(*tutorial.document)),
                                    &error));
        }
        {
            MainWindow window;
            QVERIFY(window.openPath(path));
            QCOMPARE(window.currentPage(), MainWindow::Page::Design); // nothing run yet
            if (run != QLatin1String("none"))
                QVERIFY(runToEnd(window, run == QLatin1String("dry")));
        }
        QSettings().clear(); // no page remembered
        MainWindow window;
        QVERIFY(window.openPath(path));
        QCOMPARE(int(window.currentPage()), page);
    }

    void leavingUntitledWorkAsks_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("left");
        QTest::addColumn<bool>("kept"); // the untitled file is still there
        QTest::addRow("cancel") << "cancel" << false << true;
        QTest::addRow("discard") << "discard" << true << false;
        QTest::addRow("save") << "save" << true << false;
    }
    void leavingUntitledWorkAsks()
    {
        QFETCH(QString, answer);
        QFETCH(bool, left);
        QFETCH(bool, kept);
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.probe.json"));
        const QString saved = dir.filePath(QStringLiteral("kept.pbrun"));
        MainWindow window;
        window.show();
        QVERIFY(window.newFromTutorial());
        QVERIFY(window.exportProbe(other));
        editTitle(window, QStringLiteral("My edited probe"));
        const QString untitled = window.project()->filePath();
        QList<ModalAnswers::Step> steps;
        if (answer == QLatin1String("cancel"))
            steps << ModalAnswers::click(QMessageBox::Cancel);
        if (answer == QLatin1String("discard"))
            steps << ModalAnswers::click(QMessageBox::Discard);
        if (answer == QLatin1String("save"))
            steps << ModalAnswers::click(QMessageBox::Save) << ModalAnswers::saveTo(saved);
        ModalAnswers answers(steps);
        QCOMPARE(window.openPath(other), left);
        QCOMPARE(answers.left(), 0);
        QCOMPARE(answers.asked.size(), 1);
        QVERIFY(answers.asked.first().contains(QStringLiteral("My edited probe")));
        QCOMPARE(QFileInfo::exists(untitled), kept);
        if (!left) {
            QCOMPARE(window.project()->filePath(), untitled);
            QCOMPARE(window.project()->document().title, QStringLiteral("My edited probe"));
        }
        if (answer == QLatin1String("save")) {
            ProbeProject reopened;
            QString error;
            QVERIFY2(reopened.open(saved, &error), qPrintable(error));
            QCOMPARE(reopened.document().title, QStringLiteral("My edited probe"));
        }
    }

    // Nothing of the user's in it: no question, and the file is gone once left.
    void emptyUntitledProjectsAreCleanedUp()
    {
        QString second;
        {
            MainWindow window;
            window.show();
            QVERIFY(window.newFromTutorial());
            const QString first = window.project()->filePath();
            QVERIFY(QFileInfo::exists(first));
            ModalAnswers answers({});
            QVERIFY(window.newEmpty());
            QVERIFY(answers.asked.isEmpty());
            QVERIFY(!QFileInfo::exists(first));
            QVERIFY(!QFileInfo::exists(first + QStringLiteral("-wal")));
            second = window.project()->filePath();
            QVERIFY(!window.welcomePage()
                         ->recentModel()
                         ->findItems(QStringLiteral("New probe (untitled, "), Qt::MatchStartsWith)
                         .isEmpty());
            // Closing the window leaves it too; the file goes once the project lets go.
            QVERIFY(window.close());
            QVERIFY(answers.asked.isEmpty());
            QVERIFY(QFileInfo::exists(second));
        }
        QVERIFY(!QFileInfo::exists(second));
    }

    void quittingOverUntitledWorkAsks_data()
    {
        QTest::addColumn<int>("button");
        QTest::addColumn<bool>("closes");
        QTest::addRow("cancel") << int(QMessageBox::Cancel) << false;
        QTest::addRow("discard") << int(QMessageBox::Discard) << true;
    }
    void quittingOverUntitledWorkAsks()
    {
        QFETCH(int, button);
        QFETCH(bool, closes);
        QString untitled;
        {
            MainWindow window;
            window.show();
            QVERIFY(window.newFromTutorial());
            QVERIFY(runToEnd(window, true)); // a dry run is work: its calls are recorded
            untitled = window.project()->filePath();
            ModalAnswers answers({ModalAnswers::click(QMessageBox::StandardButton(button))});
            QCOMPARE(window.close(), closes);
            QCOMPARE(answers.asked.size(), 1);
            QVERIFY(QFileInfo::exists(untitled));
        }
        QCOMPARE(QFileInfo::exists(untitled), !closes); // discarded once the window is gone
    }

    void recentNamesTheProbe()
    {
        QTemporaryDir dir;
        MainWindow window;
        QAbstractItemModelTester tester(window.welcomePage()->recentModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(window.newFromTutorial());
        const QString tutorial =
            QStringLiteral("Writing style and debugging help (tutorial, Part I)");
        const QString untitledRow =
            window.welcomePage()->recentModel()->index(0, 0).data().toString();
        QVERIFY2(untitledRow.startsWith(tutorial + QStringLiteral(" (untitled, ")),
                 qPrintable(untitledRow));
        QVERIFY(window.saveAs(dir.filePath(QStringLiteral("a.pbrun"))));
        QCOMPARE(window.welcomePage()->recentModel()->index(0, 0).data().toString(),
                 tutorial + QStringLiteral(" \u2014 a.pbrun"));
        editTitle(window, QStringLiteral("Renamed"));
        QCOMPARE(window.welcomePage()->recentModel()->index(0, 0).data().toString(),
                 QStringLiteral("Renamed \u2014 a.pbrun"));
    }

    void unopenableFileGetsADialog_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addRow("not a database") << "broken.pbrun" << QByteArray(4096, '\x5a');
        QTest::addRow("damaged probe") << "broken.probe.json" << QByteArray("{\"format\": 3");
        QTest::addRow("missing") << "gone.pbrun" << QByteArray();
    }
    void unopenableFileGetsADialog()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        if (!bytes.isEmpty()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        MainWindow window;
        window.show();
        QVERIFY(window.newFromTutorial());
        const QString before = window.project()->filePath();
        QVERIFY(!window.openPath(path));
        auto* dialog = window.findChild<OpenFailureDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY(dialog->windowTitle().contains(name));
        QVERIFY(dialog->text().contains(name));
        QVERIFY(!dialog->informativeText().isEmpty()); // what to do
        QVERIFY(dialog->detailedText().contains(QDir::toNativeSeparators(path)));
        if (qEnvironmentVariableIsSet("PB_GRAB_DIR")) // for a person to look at
            dialog->grab().save(QDir(qEnvironmentVariable("PB_GRAB_DIR"))
                                    .filePath(QStringLiteral("open-failure-%1.png").arg(name)));
        QCOMPARE(window.project()->filePath(), before); // the open project stays
        QVERIFY(QFileInfo::exists(before));
        dialog->accept();
    }
};

QTEST_MAIN(TestWindowJourneys)
#include "tst_windowjourneys.moc"
