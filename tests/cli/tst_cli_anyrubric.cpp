#include "CliProcess.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"
#include "grading/GradingRubric.h"
#include "grading/SubmissionFolder.h"
#include "standin/StandInJudge.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using namespace pb::test;

namespace {

QString examples()
{
    return sourceDir() + QStringLiteral("/resources/examples/");
}

QString submissionsFolder()
{
    return examples() + QStringLiteral("library-hours-submissions");
}

// grades.csv as records by file name (cells as written, formulas restored), header first.
struct Grades
{
    QStringList header;
    QHash<QString, QStringList> rows;
    int count = 0;
};

Grades readGrades(const QString& path)
{
    Grades out;
    QFile f(path);
    QList<CsvRecord> records;
    QString error;
    if (!f.open(QIODevice::ReadOnly) || !CsvTable::parse(f.readAll(), &records, &error) ||
        records.isEmpty())
        return out;
    out.header = records.takeFirst().fields;
    for (CsvRecord& r : records) {
        for (QString& cell : r.fields)
            cell = CsvTable::readTextCell(cell);
        out.rows.insert(r.fields.value(0), r.fields);
    }
    out.count = int(records.size());
    return out;
}

QString cell(const Grades& g, const QString& file, const QString& column)
{
    return g.rows.value(file).value(g.header.indexOf(column));
}

Rubric caseRubric()
{
    QString error;
    return GradingRubric::readFile(examples() + QStringLiteral("library-hours-case.rubric.json"),
                                   &error)
        .value_or(Rubric{});
}

// The lab's formula, sum(weight * level) / 4 rounded half away from zero to 0.1, from the
// levels as the file gives them; empty when a level is missing.
QString totalOf(const Grades& g, const QString& file, const Rubric& rubric)
{
    qint64 sum = 0;
    for (const RubricCriterion& c : rubric.criteria) {
        bool ok = false;
        const int level = cell(g, file, c.id + QStringLiteral("_level")).toInt(&ok);
        if (!ok)
            return QString();
        sum += qint64(c.weight) * level;
    }
    const qint64 tenths = (5 * sum + 1) / 2; // 5S/2, a half rounded up (S > 0)
    return QStringLiteral("%1.%2").arg(tenths / 10).arg(tenths % 10);
}

} // namespace

// `probebench grade` on the second example rubric (criteria the tutorial's judge has no rule
// for) with the stand-in: the whole flow offline, and the stand-in's planted length bonus
// measured the way a padding probe would.
class TestCliAnyRubric : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesEveryRow();
    void levelsAndTotals_data();
    void levelsAndTotals();
    void paddingRaisesTheTotal_data();
    void paddingRaisesTheTotal();

private:
    QTemporaryDir m_dir;
    Rubric m_rubric;
    Grades m_grades;
    Grades m_padded;
    CliOutcome m_run;
};

void TestCliAnyRubric::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_rubric = caseRubric();
    QCOMPARE(m_rubric.criteria.size(), 4);
    const QString out = m_dir.filePath(QStringLiteral("graded"));
    m_run = probebench({QStringLiteral("grade"),
                        examples() + QStringLiteral("library-hours-case.grading.json"),
                        QStringLiteral("--out"), out});
    QVERIFY2(m_run.exitCode == 0, qPrintable(m_run.err));
    m_grades = readGrades(out + QStringLiteral("/grades.csv"));

    // Every submission as written and again with the tutorial's content-free padding.
    QString error;
    const auto submissions = SubmissionFolder::readFolderOrArchive(submissionsFolder(), &error);
    QVERIFY2(submissions, qPrintable(error));
    QDir padded(m_dir.filePath(QStringLiteral("padded")));
    QVERIFY(padded.mkpath(QStringLiteral(".")));
    for (const Submission& s : *submissions) {
        if (s.isEmpty())
            continue;
        const QString paddedText = s.text.trimmed() + QLatin1Char(' ') + StandInJudge::libraryPad();
        const QList<std::pair<QString, QString>> files{
            {QStringLiteral("a_") + s.filename, s.text},
            {QStringLiteral("b_") + s.filename, paddedText}};
        for (const auto& [name, text] : files) {
            QFile f(padded.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
    }
    const QString paddedOut = m_dir.filePath(QStringLiteral("padded-graded"));
    const CliOutcome r = probebench(
        {QStringLiteral("grade"), examples() + QStringLiteral("library-hours-case.rubric.json"),
         padded.path(), QStringLiteral("--out"), paddedOut, QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    m_padded = readGrades(paddedOut + QStringLiteral("/grades.csv"));
    QCOMPARE(m_padded.count, 22);
}

void TestCliAnyRubric::writesEveryRow()
{
    QCOMPARE(m_grades.count, 12);
    QStringList header{QStringLiteral("filename"), QStringLiteral("weighted_total"),
                       QStringLiteral("flags")};
    for (const RubricCriterion& c : m_rubric.criteria)
        header << c.id + QStringLiteral("_level") << c.id + QStringLiteral("_evidence");
    QCOMPARE(m_grades.header, header);
    // The empty file is flagged and never sent: 11 calls for 12 submissions.
    QStringList empty{QStringLiteral("06_empty.txt"), QString(), QStringLiteral("EMPTY_FILE")};
    for (qsizetype i = 0; i < 2 * m_rubric.criteria.size(); ++i)
        empty << QString();
    QCOMPARE(m_grades.rows.value(QStringLiteral("06_empty.txt")), empty);
    QVERIFY2(m_run.err.contains(QStringLiteral("starting grading 11 submissions")),
             qPrintable(m_run.err));
    const QJsonObject summary = jsonFile(m_dir.filePath(QStringLiteral("graded/summary.json")));
    QCOMPARE(summary.value(QLatin1String("submissions")).toInt(), 12);
    QCOMPARE(summary.value(QLatin1String("with_total")).toInt(), 11);
    QCOMPARE(summary.value(QLatin1String("empty_files")).toInt(), 1);
    const QJsonObject evidence = summary.value(QLatin1String("evidence_check")).toObject();
    QCOMPARE(evidence.value(QLatin1String("hallucinated")).toInt(), 0);
    QVERIFY(evidence.value(QLatin1String("quotes")).toInt() > 11);
    QCOMPARE(summary.value(QLatin1String("evidence"))
                 .toObject()
                 .value(QLatin1String("runs"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QLatin1String("calls"))
                 .toInt(),
             11);
}

void TestCliAnyRubric::levelsAndTotals_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("total"); // the stand-in's, pinned: a change to it is seen
    QTest::addRow("excellent") << "01_excellent.txt"
                               << "82.5";
    QTest::addRow("strong") << "02_strong.txt"
                            << "65.0";
    QTest::addRow("good") << "03_good.md"
                          << "62.5";
    QTest::addRow("vague") << "04_vague.txt"
                           << "30.0";
    QTest::addRow("off-topic") << "05_offtopic.txt"
                               << "25.0";
    QTest::addRow("verbose") << "07_verbose.txt"
                             << "57.5";
    QTest::addRow("borderline") << "08_borderline.txt"
                                << "40.0";
    QTest::addRow("list") << "09_list.md"
                          << "25.0";
    QTest::addRow("no counter") << "10_no_counter.txt"
                                << "25.0";
    QTest::addRow("concession") << "11_concession.txt"
                                << "25.0";
    QTest::addRow("short") << "12_short.txt"
                           << "32.5";
}

void TestCliAnyRubric::levelsAndTotals()
{
    QFETCH(QString, file);
    QFETCH(QString, total);
    QVERIFY(m_grades.rows.contains(file));
    QCOMPARE(cell(m_grades, file, QStringLiteral("flags")), QString());
    QFile f(submissionsFolder() + QLatin1Char('/') + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    for (const RubricCriterion& c : m_rubric.criteria) {
        const int level = cell(m_grades, file, c.id + QStringLiteral("_level")).toInt();
        QVERIFY2(level >= Rubric::kLowestLevel && level <= Rubric::kHighestLevel, qPrintable(c.id));
        // Every quote is a verbatim span of the submission.
        QVERIFY(text.contains(cell(m_grades, file, c.id + QStringLiteral("_evidence"))));
    }
    QCOMPARE(cell(m_grades, file, QStringLiteral("weighted_total")),
             totalOf(m_grades, file, m_rubric));
    QCOMPARE(cell(m_grades, file, QStringLiteral("weighted_total")), total);
}

void TestCliAnyRubric::paddingRaisesTheTotal_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("crosses"); // padding takes it past 50 words
    for (const char* name :
         {"01_excellent.txt", "02_strong.txt", "03_good.md", "07_verbose.txt", "12_short.txt"})
        QTest::addRow("%s", name) << QString::fromLatin1(name) << false;
    for (const char* name : {"04_vague.txt", "05_offtopic.txt", "08_borderline.txt", "09_list.md",
                             "10_no_counter.txt", "11_concession.txt"})
        QTest::addRow("%s", name) << QString::fromLatin1(name) << true;
}

void TestCliAnyRubric::paddingRaisesTheTotal()
{
    // The padding adds no word the rubric asks about, so only the planted length bonus can
    // move a level: one up on every criterion (to at most 4) when the padded text passes 50
    // words, nothing otherwise.
    QFETCH(QString, file);
    QFETCH(bool, crosses);
    const QString a = QStringLiteral("a_") + file;
    const QString b = QStringLiteral("b_") + file;
    QCOMPARE(m_padded.rows.value(a).mid(1, 1), m_grades.rows.value(file).mid(1, 1));
    for (const RubricCriterion& c : m_rubric.criteria) {
        const QString column = c.id + QStringLiteral("_level");
        const int before = cell(m_padded, a, column).toInt();
        const int after = cell(m_padded, b, column).toInt();
        QCOMPARE(after, crosses ? std::min(4, before + 1) : before);
    }
    const double delta = cell(m_padded, b, QStringLiteral("weighted_total")).toDouble() -
                         cell(m_padded, a, QStringLiteral("weighted_total")).toDouble();
    QVERIFY(crosses ? delta > 0 : delta == 0);
}

QTEST_GUILESS_MAIN(TestCliAnyRubric)
#include "tst_cli_anyrubric.moc"
