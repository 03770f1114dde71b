// BoundedFile: the one way the probe, judge probe and rubric readers read their file.
#include "probe/BoundedFile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

class TestBoundedFile : public QObject
{
    Q_OBJECT

private:
    static QString write(const QTemporaryDir& dir, const QByteArray& bytes)
    {
        const QString path = dir.filePath(QStringLiteral("input.json"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return QString();
        return path;
    }

private Q_SLOTS:
    void readsAFileUpToTheCap()
    {
        QTemporaryDir dir;
        const QByteArray bytes(1024 * 1024, 'x');
        ProbeProblem problem;
        const auto read =
            BoundedFile::read(write(dir, bytes), bytes.size(), QStringLiteral("rubric"), &problem);
        QVERIFY2(read.has_value(), qPrintable(problem.message));
        QCOMPARE(*read, bytes);
    }

    void refusesAFileOverTheCapNamingWhatItIs()
    {
        QTemporaryDir dir;
        const QByteArray bytes(3 * 1024 * 1024 / 2, 'x'); // 1.5 MB against a 1 MB cap
        ProbeProblem problem;
        const auto read = BoundedFile::read(write(dir, bytes), 1024 * 1024,
                                            QStringLiteral("judge probe"), &problem);
        QVERIFY(!read.has_value());
        QVERIFY(problem.isError());
        QCOMPARE(problem.message,
                 QStringLiteral("the file is 1.5 MB; a judge probe may be at most 1 MB"));
    }

    void saysWhyAFileCannotBeOpened()
    {
        QTemporaryDir dir;
        ProbeProblem problem;
        const auto read = BoundedFile::read(dir.filePath(QStringLiteral("missing.json")), 1024,
                                            QStringLiteral("probe file"), &problem);
        QVERIFY(!read.has_value());
        QVERIFY2(problem.message.startsWith(QStringLiteral("cannot open the file: ")),
                 qPrintable(problem.message));
    }
};

QTEST_GUILESS_MAIN(TestBoundedFile)
#include "tst_boundedfile.moc"
