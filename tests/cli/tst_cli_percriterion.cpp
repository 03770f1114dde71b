// `probebench grade ... --per-criterion` as a student meets it: a run per criterion in the
// project's own store, its results in per-criterion inside the results, and per-criterion.md /
// .json comparing it with the all-criteria grading there: exactly one call per criterion for
// each submission with text (none for the empty file), the totals those of the two gradings'
// stored calls, the same levels on the stand-in, kappa with the people before and after, and
// a second run that calls nothing.
#include "CliProcess.h"
#include "ExampleSheets.h"
#include "TestPaths.h"
#include "grading/GradingProject.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb::test;

namespace {

QDir examples()
{
    return QDir(sourceDir() + QStringLiteral("/resources/examples"));
}

// Each run's stored calls, by run title, and every call's count.
QMap<qint64, qsizetype> callsPerRun(const QString& storePath)
{
    pb::RunStore store;
    QString error;
    QMap<qint64, qsizetype> out;
    if (!store.open(storePath, &error)) {
        qWarning("%s", qPrintable(error));
        return out;
    }
    QList<pb::RunRecord> runs;
    if (!store.runs(&runs, &error))
        qWarning("%s", qPrintable(error));
    for (const pb::RunRecord& run : runs) {
        QList<pb::LoggedCall> calls;
        if (store.calls(run.id, &calls, &error))
            out.insert(run.id, calls.size());
    }
    return out;
}

} // namespace

class TestCliPerCriterion : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_project;
    QString m_results;

    QString inProject(const QString& name) const { return QDir(m_dir.path()).filePath(name); }
    QString perCriterion(const QString& name) const
    {
        return QDir(m_results).filePath(QStringLiteral("per-criterion/") + name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(
            copyExampleGrading(m_dir.path(), {QStringLiteral("library-hours.rubric.json"),
                                              QStringLiteral("library-hours-case.rubric.json")}));
        QVERIFY(writeExampleBlindSheet(QStringLiteral("sheet_a.csv"), QStringLiteral("Ana"),
                                       inProject(QStringLiteral("ana.blind.json")), true));
        QVERIFY(writeExampleBlindSheet(QStringLiteral("sheet_b.csv"), QStringLiteral("Ben"),
                                       inProject(QStringLiteral("ben.blind.json")), true));
        QString error;
        std::optional<pb::GradingProject> project = pb::GradingProject::readFile(
            examples().filePath(QStringLiteral("library-hours.grading.json")), &error, nullptr);
        QVERIFY2(project, qPrintable(error));
        project->blindSheets = {QStringLiteral("ana.blind.json"), QStringLiteral("ben.blind.json")};
        project->revisions.clear();
        m_project = inProject(QStringLiteral("library-hours.grading.json"));
        QVERIFY2(project->writeFile(m_project, &error), qPrintable(error));
        m_results = inProject(QStringLiteral("library-hours-results"));
    }

    void withoutTheAllCriteriaRunItSaysWhatToRun()
    {
        const CliOutcome r =
            probebench({QStringLiteral("grade"), m_project, QStringLiteral("--per-criterion")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("starting grading 11 submissions on criterion")), 3);
        QVERIFY2(r.out.contains(QStringLiteral("grade them all at once first (probebench grade ")),
                 qPrintable(r.out));
        const QJsonObject pc = jsonFile(perCriterion(QStringLiteral("per-criterion.json")));
        QCOMPARE(pc.value(QStringLiteral("all_criteria_run")).toBool(true), false);
        QVERIFY(pc.value(QStringLiteral("needs"))
                    .toString()
                    .endsWith(QStringLiteral("library-hours.grading.json")));
        // Eleven files with text times three criteria; the empty file is a row with no call.
        const QJsonObject summary = jsonFile(perCriterion(QStringLiteral("summary.json")));
        QCOMPARE(summary.value(QStringLiteral("tokens"))
                     .toObject()
                     .value(QStringLiteral("calls"))
                     .toInt(),
                 33);
        QCOMPARE(summary.value(QStringLiteral("criterion_run_ids")).toArray().size(), 3);
        QVERIFY(fileBytes(perCriterion(QStringLiteral("grades.csv"))).contains("06_empty.txt"));
        QVERIFY(fileBytes(perCriterion(QStringLiteral("grades.csv"))).contains("EMPTY_FILE"));
        // One store, the project's.
        QVERIFY(QDir(m_results).exists(QStringLiteral("library-hours.pbrun")));
        QVERIFY(QDir(perCriterion(QString())).entryList({QStringLiteral("*.pbrun")}).isEmpty());
    }

    void afterTheAllCriteriaRunItComparesAndCallsNothingTwice()
    {
        const CliOutcome all = probebench({QStringLiteral("grade"), m_project});
        QVERIFY2(all.exitCode == 0, qPrintable(all.err));
        const CliOutcome r =
            probebench({QStringLiteral("grade"), m_project, QStringLiteral("--per-criterion")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("resuming grading 11 submissions on criterion")), 3);
        QVERIFY(!r.err.contains(QStringLiteral("starting")));
        QVERIFY2(r.out.contains(QStringLiteral("per criterion / all at once: calls x3.00")),
                 qPrintable(r.out));

        const QJsonObject pc = jsonFile(perCriterion(QStringLiteral("per-criterion.json")));
        QVERIFY(pc.value(QStringLiteral("all_criteria_run")).toBool());
        const QJsonObject m = pc.value(QStringLiteral("multipliers")).toObject();
        QCOMPARE(m.value(QStringLiteral("calls")).toDouble(), 3.0);
        QVERIFY(m.value(QStringLiteral("input_tokens")).isNull()); // the stand-in counts none
        QVERIFY(m.value(QStringLiteral("cost")).isNull());
        // The totals are each grading's own summary.json's, and those the store's calls.
        const QJsonObject allTokens =
            jsonFile(QDir(m_results).filePath(QStringLiteral("summary.json")))
                .value(QStringLiteral("tokens"))
                .toObject();
        const QJsonObject perTokens = jsonFile(perCriterion(QStringLiteral("summary.json")))
                                          .value(QStringLiteral("tokens"))
                                          .toObject();
        QCOMPARE(pc.value(QStringLiteral("all_criteria_tokens")).toObject(), allTokens);
        QCOMPARE(pc.value(QStringLiteral("per_criterion_tokens")).toObject(), perTokens);
        const QMap<qint64, qsizetype> stored =
            callsPerRun(QDir(m_results).filePath(QStringLiteral("library-hours.pbrun")));
        QCOMPARE(stored.size(), 4);
        const qint64 allRun = jsonFile(QDir(m_results).filePath(QStringLiteral("summary.json")))
                                  .value(QStringLiteral("run_id"))
                                  .toInteger();
        QCOMPARE(allTokens.value(QStringLiteral("calls")).toInteger(), stored.value(allRun));
        qsizetype perStored = 0;
        for (const QJsonValue id : pc.value(QStringLiteral("per_criterion_tokens"))
                                       .toObject()
                                       .value(QStringLiteral("runs"))
                                       .toArray())
            perStored += stored.value(id.toObject().value(QStringLiteral("run_id")).toInteger());
        QCOMPARE(perTokens.value(QStringLiteral("calls")).toInteger(), perStored);
        QCOMPARE(perStored, 33);

        // The stand-in grades a criterion alone as it grades it among the others.
        QCOMPARE(pc.value(QStringLiteral("levels_changed")).toInt(-1), 0);
        QVERIFY(pc.value(QStringLiteral("levels_compared")).toInt() > 0);
        QCOMPARE(fileBytes(perCriterion(QStringLiteral("grades.csv"))),
                 fileBytes(QDir(m_results).filePath(QStringLiteral("grades.csv"))));
        // Two finished sheets: kappa per criterion and person, before and after, the same here.
        const QJsonArray rows = pc.value(QStringLiteral("agreement"))
                                    .toObject()
                                    .value(QStringLiteral("rows"))
                                    .toArray();
        QCOMPARE(rows.size(), 3 * 2);
        for (const QJsonValue row : rows)
            QCOMPARE(row.toObject().value(QStringLiteral("kappa_after")),
                     row.toObject().value(QStringLiteral("kappa_before")));
        const QString md =
            QString::fromUtf8(fileBytes(perCriterion(QStringLiteral("per-criterion.md"))));
        QVERIFY2(md.contains(QStringLiteral("| calls | 11 | 33 | x3.00 |")), qPrintable(md));
        QVERIFY(md.contains(QStringLiteral("kappa per criterion")));
    }

    void theRubricAndFolderFormNestsToo_data()
    {
        QTest::addColumn<QString>("rubric");
        QTest::addColumn<int>("criteria");
        QTest::addRow("library hours") << QStringLiteral("library-hours.rubric.json") << 3;
        QTest::addRow("the case for a change")
            << QStringLiteral("library-hours-case.rubric.json") << 4;
    }

    void theRubricAndFolderFormNestsToo()
    {
        QFETCH(QString, rubric);
        QFETCH(int, criteria);
        const QString out = inProject(rubric + QStringLiteral("-out"));
        const QStringList args{QStringLiteral("grade"),
                               inProject(rubric),
                               inProject(QStringLiteral("library-hours-submissions")),
                               QStringLiteral("--out"),
                               out,
                               QStringLiteral("--quiet")};
        const CliOutcome all = probebench(args);
        QVERIFY2(all.exitCode == 0, qPrintable(all.err));
        const CliOutcome per = probebench(args + QStringList{QStringLiteral("--per-criterion")});
        QVERIFY2(per.exitCode == 0, qPrintable(per.err));
        const QJsonObject pc =
            jsonFile(QDir(out).filePath(QStringLiteral("per-criterion/per-criterion.json")));
        QCOMPARE(pc.value(QStringLiteral("criteria_count")).toInt(), criteria);
        QCOMPARE(pc.value(QStringLiteral("multipliers"))
                     .toObject()
                     .value(QStringLiteral("calls"))
                     .toDouble(),
                 double(criteria));
        QCOMPARE(pc.value(QStringLiteral("levels_changed")).toInt(-1), 0);
        QVERIFY(QDir(out).entryList({QStringLiteral("*.pbrun")}).size() == 1);
        QCOMPARE(callsPerRun(
                     QDir(out).filePath(QDir(out).entryList({QStringLiteral("*.pbrun")}).value(0)))
                     .size(),
                 1 + criteria);
    }

    void perCriterionGoesWithNeitherRevisionNorBias()
    {
        const CliOutcome r =
            probebench({QStringLiteral("grade"), m_project, QStringLiteral("--per-criterion"),
                        QStringLiteral("--bias"), QStringLiteral("padding")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--per-criterion")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliPerCriterion)
#include "tst_cli_percriterion.moc"
