// By-hand mode: the run sheet's order, the metric counted and editable, seed and temperature
// not controlled, and a round trip through the tutorial's spreadsheet columns.
#include "byhand/ByHandCsv.h"
#include "byhand/ByHandSheetModel.h"
#include "pages/ByHandPage.h"
#include "project/ProbeProject.h"
#include "standin/StandInModel.h"

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

class TestByHand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
    }

    void sheetAlternatesValues()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ByHandPage page(&project);
        const QList<ByHandEntry> rows = page.sheet()->entries();
        QCOMPARE(rows.size(), 8 * 2 * 2); // 8 items, 2 values, 2 runs per value by default
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].variant,
                     i % 2 == 0 ? QStringLiteral("formal") : QStringLiteral("casual"));
            QCOMPARE(rows[i].runNumber, i + 1);
        }
        QCOMPARE(rows[0].itemId, rows[1].itemId);
        QVERIFY(rows[0].message.startsWith(QStringLiteral("You are a course help assistant.")));
        QVERIFY(rows[0].message.endsWith(QStringLiteral("Could you help me find the problem?")));
        QVERIFY(rows[0].seed.isEmpty());
        QCOMPARE(page.findChild<QPlainTextEdit*>(QStringLiteral("byHandPrompt"))->toPlainText(),
                 rows[0].message);
    }

    void metricCountedAndEditable()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ByHandPage page(&project);
        auto* reply = page.findChild<QPlainTextEdit*>(QStringLiteral("byHandReply"));
        auto* value = page.findChild<QDoubleSpinBox*>(QStringLiteral("byHandValue"));
        QVERIFY(reply && value);
        reply->setPlainText(StandInModel::replyForSteps(5));
        QCOMPARE(value->value(), 5.0);
        // A real model may number steps as "1)": the count misses them and the user corrects it.
        reply->setPlainText(QStringLiteral("Try this:\n1) check\n2) print\n3) rerun"));
        QCOMPARE(value->value(), 0.0);
        value->setValue(3.0);
        QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("byHandSave")),
                          Qt::LeftButton);
        const ByHandEntry saved = page.sheet()->entry(0);
        QCOMPARE(saved.value, std::optional<double>(3.0));
        QVERIFY(saved.valueEdited);
        QVERIFY(saved.time.isValid());
        QVERIFY(saved.seed.isEmpty());
        QVERIFY(saved.temperature.isEmpty());
        QCOMPARE(page.currentRow(), 1); // moved on to the next prompt
    }

    // Replies typed in by hand are evidence: they are kept in the project file as they are
    // entered, come back exactly when it is opened again, and stay with their own project.
    void entriesAreKeptInTheProjectFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kept.pbrun"));
        QString error;
        QList<ByHandEntry> entered;
        {
            ProbeProject project;
            QVERIFY2(project.newFromExample(&error), qPrintable(error));
            QVERIFY2(project.saveAs(path, &error), qPrintable(error));
            ByHandPage page(&project);
            page.findChild<QLineEdit*>(QStringLiteral("byHandModel"))
                ->setText(QStringLiteral("chat window"));
            page.enterReply(QStringLiteral("  Steps:\n1. one\n2. two  "));
            page.enterReply(StandInModel::replyForSteps(5));
            QCOMPARE(page.sheet()->filledCount(), 2);
            entered = page.sheet()->entries();
        } // closed without exporting anything

        ProbeProject reopened;
        QVERIFY2(reopened.open(path, &error), qPrintable(error));
        ByHandPage page(&reopened);
        QCOMPARE(page.sheet()->filledCount(), 2);
        for (int row = 0; row < 2; ++row) {
            const ByHandEntry& before = entered.at(row);
            const ByHandEntry after = page.sheet()->entry(row);
            QCOMPARE(after.reply, before.reply); // whitespace included
            QCOMPARE(after.value, before.value);
            QCOMPARE(after.model, QStringLiteral("chat window"));
            QCOMPARE(after.itemId, before.itemId);
            QCOMPARE(after.variant, before.variant);
            QCOMPARE(after.time, before.time);
        }

        // Another project opened in the same page does not inherit these entries.
        ProbeProject other;
        QVERIFY2(other.newFromExample(&error), qPrintable(error));
        ByHandPage otherPage(&other);
        QCOMPARE(otherPage.sheet()->filledCount(), 0);
        QVERIFY2(reopened.open(other.filePath(), &error), qPrintable(error));
        QCOMPARE(page.sheet()->filledCount(), 0);
    }

    void roundTripThroughCsv()
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ByHandPage page(&project);
        QAbstractItemModelTester tester(page.sheet(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.findChild<QLineEdit*>(QStringLiteral("byHandModel"))
            ->setText(QStringLiteral("llama3.2 (Open WebUI)"));
        // Enter 12 replies: formal rows get 4 + k % 3 steps, casual rows 3, one reply with a
        // comma and quotes, and one that starts like a spreadsheet formula.
        for (int k = 0; k < 12; ++k) {
            QString reply = StandInModel::replyForSteps(k % 2 == 0 ? 4 + k % 3 : 3);
            if (k == 3) {
                reply += QStringLiteral("\nNote: \"quotes\", commas, and a second line");
            }
            if (k == 5) {
                reply = QStringLiteral("=SUM(A1)\n") + reply;
            }
            page.enterReply(reply);
        }
        QCOMPARE(page.sheet()->filledCount(), 12);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("probe_log.csv"));
        QVERIFY2(page.exportCsv(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readLine().trimmed(),
                 QByteArray("run_id,time,model,temperature,seed,item,variant,prompt,reply,steps"));
        f.close();

        ByHandPage other(&project);
        QVERIFY2(other.importCsv(path, &error), qPrintable(error));
        const QList<ByHandEntry> a = page.sheet()->entries();
        const QList<ByHandEntry> b = other.sheet()->entries();
        QCOMPARE(b.size(), a.size());
        for (int i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].runNumber, a[i].runNumber);
            QCOMPARE(b[i].itemId, a[i].itemId);
            QCOMPARE(b[i].variant, a[i].variant);
            QCOMPARE(b[i].reply, a[i].reply);
            QCOMPARE(b[i].value, a[i].value);
            QCOMPARE(b[i].model, a[i].model);
            QCOMPARE(b[i].seed, a[i].seed);
            QCOMPARE(b[i].temperature, a[i].temperature);
            QCOMPARE(b[i].time, a[i].time);
            if (a[i].isFilled()) {
                QCOMPARE(b[i].prompt, a[i].prompt);
            }
        }
        QCOMPARE(other.currentRow(), 12);
        QString e1;
        QString e2;
        const auto before = page.analyse(&e1);
        const auto after = other.analyse(&e2);
        QVERIFY2(before && after, qPrintable(e1 + e2));
        QCOMPARE(after->probe.table.averageGap(), before->probe.table.averageGap());
        QCOMPARE(after->probe.signTest.p, before->probe.signTest.p);
    }

    void spreadsheetSheetComesBackIn()
    {
        // A sheet filled in a spreadsheet program: its own column order, a comma decimal,
        // rows the plan has no place for, and no seed or temperature.
        const QByteArray csv =
            "item,variant,steps,reply,model,run_id,time,temperature,seed,prompt\r\n"
            "0,formal,5,five,gpt,1,2025-03-01T10:00:00Z,,,p\r\n"
            "0,casual,3,three,gpt,2,2025-03-01T10:05:00Z,,,p\r\n"
            "1,formal,\"4,5\",x,gpt,3,,,,p\r\n"
            "1,casual,4,y,gpt,4,,,,p\r\n"
            "9,formal,2,z,gpt,5,,,,p\r\n";
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(csv);
        f.close();
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ByHandPage page(&project);
        QVERIFY2(page.importCsv(path, &error), qPrintable(error));
        QCOMPARE(page.sheet()->filledCount(), 5);
        QCOMPARE(page.sheet()->entry(0).reply, QStringLiteral("five"));
        QCOMPARE(page.sheet()->entry(0).time, QDateTime(QDate(2025, 3, 1), QTime(10, 0), Qt::UTC));
        QCOMPARE(page.sheet()->entry(2).value, std::optional<double>(4.5));
        // Item 9 is not in the probe: kept at the end, not dropped.
        QCOMPARE(page.sheet()->entries().last().itemId, QStringLiteral("9"));
        const auto analysis = page.analyse(&error);
        QVERIFY2(analysis, qPrintable(error));
        QCOMPARE(analysis->probe.table.comparableCount(), 2);
        QCOMPARE(analysis->probe.table.averageGap(), (2.0 + 0.5) / 2);
        QVERIFY(page.summaryText().contains(QStringLiteral("+1.25")));
        QVERIFY(page.summaryText().contains(QStringLiteral("not controlled")));
        QSignalSpy ready(&page, &ByHandPage::analysisReady);
        QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("byHandShowResults")),
                          Qt::LeftButton);
        QCOMPARE(ready.count(), 1);
    }

    void badSheetIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("run_id,item,variant,steps\n1,0,formal,many\n");
        f.close();
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        ByHandPage page(&project);
        QVERIFY(!page.importCsv(path, &error));
        QVERIFY2(error.contains(QStringLiteral("line 2")), qPrintable(error));
        QCOMPARE(page.sheet()->filledCount(), 0);
    }
};

QTEST_MAIN(TestByHand)
#include "tst_byhand.moc"
